import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogLoaders, oncePerLanguage } from '@bourse/shared/i18n/loaders';
import type { FirstScreenCatalog } from '@bourse/shared/i18n/types';
import { LANGUAGES, type Language } from '@bourse/shared/languages';
import { useSessionStore } from './session-store';

/**
 * The sections of each catalog the first screen (the login) shows: the app starts on these alone, so
 * its first load carries a few kilobytes of text instead of the whole catalog. Every other screen waits
 * for the whole catalog before it renders (lib/lazy-route.ts), so no raw key ever shows.
 */
const firstScreenLoaders: Record<Language, () => Promise<FirstScreenCatalog>> = {
  de: () => import('@bourse/shared/i18n/first-screen/de').then((m) => m.deFirstScreen),
  en: () => import('@bourse/shared/i18n/first-screen/en').then((m) => m.enFirstScreen),
  fr: () => import('@bourse/shared/i18n/first-screen/fr').then((m) => m.frFirstScreen),
  it: () => import('@bourse/shared/i18n/first-screen/it').then((m) => m.itFirstScreen),
  pt: () => import('@bourse/shared/i18n/first-screen/pt').then((m) => m.ptFirstScreen),
  ru: () => import('@bourse/shared/i18n/first-screen/ru').then((m) => m.ruFirstScreen),
  nl: () => import('@bourse/shared/i18n/first-screen/nl').then((m) => m.nlFirstScreen),
  sv: () => import('@bourse/shared/i18n/first-screen/sv').then((m) => m.svFirstScreen),
  el: () => import('@bourse/shared/i18n/first-screen/el').then((m) => m.elFirstScreen),
  es: () => import('@bourse/shared/i18n/first-screen/es').then((m) => m.esFirstScreen),
  'zh-TW': () => import('@bourse/shared/i18n/first-screen/zh-TW').then((m) => m.zhTWFirstScreen),
  'zh-CN': () => import('@bourse/shared/i18n/first-screen/zh-CN').then((m) => m.zhCNFirstScreen),
};

/** The app's i18next instance; catalogs are added by loadLanguage() as they are needed. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  lng: useSessionStore.getState().language,
  // No fallback: every catalog has every key (see catalogLoaders), so a fallback would only be
  // another chunk to download.
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * How a catalog is added: as it is, not first copied. i18next's default is a JSON round trip of the
 * whole catalog (2,161 texts in German) and, with `deep`, a merge key by key: 11–13 ms of self time in
 * a CPU profile of home's first load at a 4× slowdown (`scripts/trace-main-thread.ts`), 1.3 ms against
 * 0.03 ms in Node. The catalogs are modules' constants that nothing changes, and the whole catalog holds
 * every text of the first screen's sections, so it replaces them at the top level (`deep` false).
 */
const ADD_AS_IS = { silent: false, skipCopy: true };

/** Languages whose whole catalog is in memory (not only the first screen's sections). */
const complete = new Set<Language>();

/**
 * Fetches the first screen's sections of a language's catalog (a small chunk) and adds them to
 * i18next, unless that language's catalog is already there. Enough for the login and the shell around
 * it (loading, offline, error states); the rest comes with loadLanguage().
 */
export function loadFirstScreenLanguage(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return Promise.resolve();
  return fetchFirstScreen(lang);
}

const fetchFirstScreen = oncePerLanguage(async (lang) => {
  const sections = await firstScreenLoaders[lang]();
  // The whole catalog may have arrived meanwhile: it holds these sections already.
  if (!i18n.hasResourceBundle(lang, 'translation'))
    i18n.addResourceBundle(lang, 'translation', sections, false, true, ADD_AS_IS);
});

/**
 * Fetches a language's whole catalog chunk once and adds it to i18next. Await it before switching to
 * the language (applyLanguage) or showing a screen other than the login, so no raw key is ever
 * rendered. A failed download may be retried.
 */
export function loadLanguage(lang: Language): Promise<void> {
  if (complete.has(lang)) return Promise.resolve();
  return fetchCatalog(lang);
}

const fetchCatalog = oncePerLanguage(async (lang) => {
  const catalog = await catalogLoaders[lang]();
  // In place of the first screen's sections, if loaded: the catalog holds the same texts, and all the others.
  i18n.addResourceBundle(lang, 'translation', catalog, false, true, ADD_AS_IS);
  complete.add(lang);
});

/** Whether a language's whole catalog is in memory, so applyLanguage(lang) renders real texts at once. */
export function isLanguageLoaded(lang: Language): boolean {
  return complete.has(lang);
}

/**
 * Switches i18next and `<html lang>` (antd-mobile's texts follow: lib/antd-setup.ts) to a language whose catalog is
 * loaded (loadLanguage, or at start-up loadFirstScreenLanguage); switching to one that is not would
 * show raw keys, so it throws.
 */
export function applyLanguage(lang: Language): void {
  if (!i18n.hasResourceBundle(lang, 'translation')) {
    throw new Error(`catalog for ${lang} not loaded: await loadLanguage() first`);
  }
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}
