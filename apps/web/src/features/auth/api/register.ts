import { useMutation } from '@tanstack/react-query';
import { registerResponse, type RegisterPayload, type RegisterResponse } from '@bourse/shared/schemas/auth';
import { rememberUserInfo } from '../../../lib/api/get-user-info';
import { syncProfileLanguage } from '../../../lib/language';
import { post } from '../../../lib/request';
import { useSessionStore } from '../../../lib/session-store';
import { encryptForServer } from './encrypt-for-server';

/** The form's fields; the freshness fields are added when the payload is encrypted. */
export type RegisterInput = Omit<RegisterPayload, 'iat' | 'nonce'>;

/** POST /api/user/register with the encrypted form; the answer carries the new account's first session. */
export async function register(input: RegisterInput): Promise<RegisterResponse> {
  const body = await encryptForServer({ ...input });
  return post('/api/user/register', body, { schema: registerResponse, withToken: false, loading: true });
}

/** Registers and starts the session like a login (token stored, profile cached, profile language aligned). */
export function useRegister() {
  const signIn = useSessionStore((state) => state.signIn);
  return useMutation({
    mutationFn: register,
    onSuccess: ({ userinfo }) => {
      const { token, expiresAt: _expiresAt, ...profile } = userinfo;
      signIn({ token, userInfo: profile });
      rememberUserInfo(profile);
      void syncProfileLanguage(profile.lang);
    },
  });
}
