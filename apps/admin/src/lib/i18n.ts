import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogs } from '@bourse/shared/i18n/index';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@bourse/shared/languages';

/** The console's language is the operator's choice on this device, independent of any investor setting. */
export const LANGUAGE_STORAGE_KEY = 'admin-lang';

export function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be unavailable (privacy mode, disabled cookies); the default language still works.
    return DEFAULT_LANGUAGE;
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { translation: catalogs[language] }])),
  lng: readStoredLanguage(),
  // Same order as the shared `translate`: a key missing in a catalog falls back to German, then English.
  fallbackLng: [DEFAULT_LANGUAGE, 'en'],
  supportedLngs: [...LANGUAGES],
  // Language codes such as zh-TW are complete; never try a bare "zh" that has no catalog.
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  initAsync: false,
});

document.documentElement.lang = i18n.language;

/** The language in effect for display and for the `accept-language` / `lang` request headers. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the console language, remembers it on this device and keeps `<html lang>` in step. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered across reloads, but the switch itself still applies.
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
