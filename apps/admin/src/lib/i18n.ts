import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogLoaders, oncePerLanguage } from '@bourse/shared/i18n/loaders';
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
  // Catalogs arrive one language at a time (loadLanguage): the console starts with the operator's.
  resources: {},
  lng: readStoredLanguage(),
  // No fallback: every catalog has every key (its type is the complete `Catalog`), so a fallback
  // would only be another chunk to download.
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  // Language codes such as zh-TW are complete; never try a bare "zh" that has no catalog.
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * Fetches a language's catalog chunk once and adds it to i18next; a failed download may be retried.
 * Awaited before a language is shown (main.tsx, changeLanguage), so no raw key is ever rendered.
 */
export function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return Promise.resolve();
  return fetchCatalog(language);
}

const fetchCatalog = oncePerLanguage(async (language) => {
  i18n.addResourceBundle(language, 'translation', await catalogLoaders[language]());
});

/**
 * Start-up: the stored language's catalog, then that language applied. Should its chunk not load,
 * the console starts in German (the default) rather than showing keys.
 */
export async function initLanguage(): Promise<Language> {
  const stored = currentLanguage();
  try {
    await loadLanguage(stored);
    return stored;
  } catch (error) {
    if (stored === DEFAULT_LANGUAGE) throw error;
    await loadLanguage(DEFAULT_LANGUAGE);
    await i18n.changeLanguage(DEFAULT_LANGUAGE);
    document.documentElement.lang = DEFAULT_LANGUAGE;
    return DEFAULT_LANGUAGE;
  }
}

document.documentElement.lang = i18n.language;

/** The language in effect for display and for the `accept-language` / `lang` request headers. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the console language, remembers it on this device and keeps `<html lang>` in step. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered across reloads, but the switch itself still applies.
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
