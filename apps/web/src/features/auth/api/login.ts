import { useState } from 'react';
import type { LoginResponse } from '@bourse/shared/schemas/auth';
import { loadLanguage } from '../../../lib/i18n';
import { syncProfileLanguage } from '../../../lib/language';
import { useSessionStore } from '../../../lib/session-store';
import { encryptForServer } from './encrypt-for-server';

export interface LoginInput {
  /** E.164 phone number. */
  phone: string;
  password: string;
}

/**
 * The response schema, the profile cache and the request client, fetched on submit with the server's
 * key: zod is not part of the login screen's first load, nor the request client (docs/performance.md,
 * "First screen"). The whole catalog too: a refusal is shown at the field with the `errors` section's
 * text, and the next screen needs it.
 */
const loadLoginModules = () =>
  Promise.all([
    import('@bourse/shared/schemas/auth'),
    import('../../../lib/api/get-user-info'),
    import('../../../lib/request'),
    loadLanguage(useSessionStore.getState().language),
  ]);

/** POST /api/user/login with the encrypted credentials; returns the session and profile. */
export async function login({ phone, password }: LoginInput): Promise<LoginResponse> {
  const [body, [{ loginResponse }, , { post }]] = await Promise.all([
    encryptForServer({ username: phone, password }),
    loadLoginModules(),
  ]);
  return post('/api/user/login', body, { schema: loginResponse, withToken: false, loading: true });
}

/**
 * Logs in and starts the session (token stored, profile cached, profile language aligned). Plain state
 * rather than a TanStack mutation: its client is not part of the login's first load
 * (lib/deferred-query-client.tsx). `submit` rejects with the request's error, as `mutateAsync` did.
 */
export function useLogin() {
  const signIn = useSessionStore((state) => state.signIn);
  const [isPending, setPending] = useState(false);
  const submit = async (input: LoginInput): Promise<void> => {
    setPending(true);
    try {
      const { userinfo } = await login(input);
      // Already loaded by login(): resolves at once.
      const [, { rememberUserInfo }] = await loadLoginModules();
      const { token, expiresAt: _expiresAt, ...profile } = userinfo;
      signIn({ token, userInfo: profile });
      rememberUserInfo(profile);
      void syncProfileLanguage(profile.lang);
    } finally {
      setPending(false);
    }
  };
  return { submit, isPending };
}
