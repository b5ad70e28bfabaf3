import { create } from 'zustand';
import type { Language } from '@bourse/shared/languages';
import type { ConfigResponse, UserInfo } from '@bourse/shared/schemas/auth';
import { TOKEN_STORAGE_KEY, readStoredSession } from './stored-session';

export { TOKEN_STORAGE_KEY };

export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  /** Customer-service link from the configuration; its absence makes the guard load the config. */
  kfUrl: string | null;
  config: ConfigResponse | null;
  language: Language;
  signIn: (session: { token: string; userInfo: UserInfo }) => void;
  setUserInfo: (userInfo: UserInfo) => void;
  setConfig: (config: ConfigResponse) => void;
  setLanguage: (language: Language) => void;
  /** Forgets the token and the user (logout, 401, password reset) and removes the stored token. */
  clearSession: () => void;
}

/** The state a fresh page load starts from: token and language come from storage. */
export function readInitialSession(): Pick<SessionState, 'token' | 'userInfo' | 'kfUrl' | 'config' | 'language'> {
  return { ...readStoredSession(), userInfo: null, kfUrl: null, config: null };
}

export const useSessionStore = create<SessionState>()((set) => ({
  ...readInitialSession(),
  signIn: ({ token, userInfo }) => {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    set({ token, userInfo });
  },
  setUserInfo: (userInfo) => set({ userInfo }),
  setConfig: (config) => set({ config, kfUrl: config.kf_url }),
  setLanguage: (language) => set({ language }),
  clearSession: () => {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    set({ token: null, userInfo: null });
  },
}));
