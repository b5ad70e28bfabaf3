import { useMutation } from '@tanstack/react-query';
import { registerResponse, type RegisterPayload } from '@bourse/shared/schemas/auth';
import { post } from '../../../lib/request';
import { encryptForServer } from './encrypt-for-server';

/** The form's fields; the freshness fields are added when the payload is encrypted. */
export type RegisterInput = Omit<RegisterPayload, 'iat' | 'nonce'>;

/** POST /api/user/register with the encrypted form; the account exists afterwards, not yet a session. */
export async function register(input: RegisterInput) {
  const body = await encryptForServer({ ...input });
  return post('/api/user/register', body, { schema: registerResponse, withToken: false, loading: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
