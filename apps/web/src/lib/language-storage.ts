import Cookies from 'js-cookie';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, isLanguage, type Language } from '@bourse/shared/languages';

/** Storage names fixed by the product spec (§9). */
export const LANGUAGE_STORAGE_KEY = 'lang';
export const LANGUAGE_COOKIE_NAME = 'Local_Lang';
export const LANGUAGE_COOKIE_DAYS = 3;

/** The value of the Local_Lang cookie, e.g. `{"lang":"de","language_name":"Deutsch"}`. */
export interface LanguageCookieValue {
  lang: Language;
  language_name: string;
}

/**
 * The stored interface language. When nothing valid is stored, German (the default) is written
 * and returned, so every later request carries an explicit language.
 */
export function readStoredLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  localStorage.setItem(LANGUAGE_STORAGE_KEY, DEFAULT_LANGUAGE);
  return DEFAULT_LANGUAGE;
}

/** Writes the language to local storage and to the Local_Lang cookie (valid three days). */
export function persistLanguage(lang: Language): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  const value: LanguageCookieValue = { lang, language_name: LANGUAGE_NAMES[lang] };
  Cookies.set(LANGUAGE_COOKIE_NAME, JSON.stringify(value), {
    expires: LANGUAGE_COOKIE_DAYS,
    sameSite: 'lax',
    path: '/',
  });
}

/** Reads the Local_Lang cookie back; undefined when it is missing, expired or malformed. */
export function readLanguageCookie(): LanguageCookieValue | undefined {
  const raw = Cookies.get(LANGUAGE_COOKIE_NAME);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<LanguageCookieValue>;
    return isLanguage(parsed.lang) && typeof parsed.language_name === 'string'
      ? { lang: parsed.lang, language_name: parsed.language_name }
      : undefined;
  } catch {
    return undefined;
  }
}
