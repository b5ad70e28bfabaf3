import { useMutation } from '@tanstack/react-query';
import { loginResponse, type LoginResponse } from '@bourse/shared/schemas/auth';
import { rememberUserInfo } from '../../../lib/api/get-user-info';
import { syncProfileLanguage } from '../../../lib/language';
import { post } from '../../../lib/request';
import { useSessionStore } from '../../../lib/session-store';
import { encryptForServer } from './encrypt-for-server';

export interface LoginInput {
  /** E.164 phone number. */
  phone: string;
  password: string;
}

/** POST /api/user/login with the encrypted credentials; returns the session and profile. */
export async function login({ phone, password }: LoginInput): Promise<LoginResponse> {
  const body = await encryptForServer({ username: phone, password });
  return post('/api/user/login', body, { schema: loginResponse, withToken: false, loading: true });
}

/** Logs in and starts the session (token stored, profile cached, profile language aligned). */
export function useLogin() {
  const signIn = useSessionStore((state) => state.signIn);
  return useMutation({
    mutationFn: login,
    onSuccess: ({ userinfo }) => {
      const { token, expiresAt: _expiresAt, ...profile } = userinfo;
      signIn({ token, userInfo: profile });
      rememberUserInfo(profile);
      void syncProfileLanguage(profile.lang);
    },
  });
}
