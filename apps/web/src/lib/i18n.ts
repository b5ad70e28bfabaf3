import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setDefaultConfig } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import type { Locale as AntdLocale } from 'antd-mobile/es/locales/base';
import { catalogs } from '@bourse/shared/i18n/index';
import { DEFAULT_LANGUAGE, LANGUAGES, LOCALES, type Language } from '@bourse/shared/languages';
import { useSessionStore } from './session-store';

/** The app's i18next instance, loaded with the twelve shared catalogs. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { translation: catalogs[lang] }])),
  lng: useSessionStore.getState().language,
  // Same fallback order as the server's translate(): German, then English.
  fallbackLng: [DEFAULT_LANGUAGE, 'en'],
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * antd-mobile's own texts (dialog buttons, pull-to-refresh, list states) taken from our catalogs, so
 * no widget falls back to its built-in Chinese or English.
 */
export function buildAntdLocale(lang: Language): AntdLocale {
  const t = i18n.getFixedT(lang);
  return {
    ...enUS,
    locale: LOCALES[lang],
    common: {
      confirm: t('common.confirm'),
      cancel: t('common.cancel'),
      loading: t('common.loading'),
      close: t('common.close'),
    },
    Dialog: { ok: t('common.ok') },
    Modal: { ok: t('common.ok') },
    Mask: { name: t('common.close') },
    PullToRefresh: {
      pulling: t('common.pullToRefresh'),
      canRelease: t('common.releaseToRefresh'),
      complete: t('common.refreshed'),
    },
    InfiniteScroll: {
      noMore: t('common.noMore'),
      failedToLoad: t('common.networkError'),
      retry: t('common.retry'),
    },
  };
}

/** Switches i18next, `<html lang>` and antd-mobile's imperative widgets to a language. */
export function applyLanguage(lang: Language): void {
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
  setDefaultConfig({ locale: buildAntdLocale(lang) });
}
