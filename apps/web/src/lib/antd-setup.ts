import { reduceMotion, setDefaultConfig, unstableSetRender } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import type { Locale as AntdLocale } from 'antd-mobile/es/locales/base';
import { isLanguage, DEFAULT_LANGUAGE, LOCALES, type Language } from '@bourse/shared/languages';
import { createRoot, type Root } from 'react-dom/client';
import { i18n } from './i18n';

/**
 * antd-mobile's set-up, in one module the first screen does not load (its animation library alone is
 * larger than the login): main.tsx imports it after the first paint, every screen but the login waits
 * for it (lib/lazy-route.ts), and the toasts load it with themselves (lib/toast.tsx).
 */

const roots = new WeakMap<Element | DocumentFragment, Root>();

/**
 * antd-mobile 5 renders its imperative widgets (Toast, Dialog) with the React 18 `render` API,
 * which React 19 removed. This is the adapter its documentation prescribes for React 19: one root
 * per container, unmounted on the next tick so closing animations can finish.
 */
function installAntdRenderAdapter(): void {
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    const mounted = root;
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      mounted.unmount();
      roots.delete(container);
    };
  });
}

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

/** antd-mobile's texts follow the interface language (every widget reads the default config). */
function followLanguage(lang: string): void {
  setDefaultConfig({ locale: buildAntdLocale(isLanguage(lang) ? lang : DEFAULT_LANGUAGE) });
}

installAntdRenderAdapter();
// antd-mobile's JavaScript animations are off: dialogs and toasts appear at once, fully legible
// from the first frame (a fading dialog fails contrast checks while it fades), and nobody who asked
// their system for reduced motion gets zooming popups.
reduceMotion();
followLanguage(i18n.language);
i18n.on('languageChanged', followLanguage);
