import { useMutation } from '@tanstack/react-query';
import { registerResponse } from '@bourse/shared/schemas/auth';
import { post } from '../../../lib/request';
import { encryptForServer } from './encrypt-for-server';

export interface RegisterInput {
  phone: string;
  password: string;
  confirmPassword: string;
  inviteCode: string;
  agree: boolean;
}

/** POST /api/user/register with the encrypted form; the account exists afterwards, not yet a session. */
export async function register(input: RegisterInput) {
  const body = await encryptForServer({ ...input });
  return post('/api/user/register', body, { schema: registerResponse, withToken: false, loading: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
