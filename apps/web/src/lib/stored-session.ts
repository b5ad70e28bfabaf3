import type { Language } from '@bourse/shared/languages';
import { readStoredLanguage } from './language-storage';

/** Local-storage key of the session token (product spec §9). */
export const TOKEN_STORAGE_KEY = 'Admin-Token';

/**
 * The token and the language a page load starts with, as stored. Read by the session store and, before
 * the app's code has loaded, by the opening screen's requests (src/opening-prefetch.ts): no zustand here.
 */
export function readStoredSession(): { token: string | null; language: Language } {
  return { token: localStorage.getItem(TOKEN_STORAGE_KEY) || null, language: readStoredLanguage() };
}
