import type { Language } from '@bourse/shared/languages';
import { loadLanguage } from '../lib/i18n';
import { loadQueryClient } from '../lib/load-query-client';

/**
 * What main.tsx starts once the first screen is on its way. In a module of the app's initial chunk
 * (vite.config.ts) rather than in the entry, so these imports' preload lists share that chunk's table of
 * file names with lib/lazy-route.ts's instead of repeating it (docs/performance.md, "First screen").
 */
export function afterFirstPaint(lang: Language): void {
  // The rest of the catalog, antd-mobile's set-up (render adapter, no animations, its texts), TanStack
  // Query's client and how the other screens are imported (app/screens.ts); a screen opened meanwhile
  // loads them itself (lib/lazy-route.ts, app/router.tsx).
  setTimeout(() => {
    void loadLanguage(lang).catch(() => undefined);
    void import('../lib/antd-setup');
    void loadQueryClient().catch(() => undefined);
    void import('./screens').catch(() => undefined);
  }, 0);

  // Production only: in development the worker would serve stale modules. Loaded after the first
  // render, so the update dialog's code is not part of the initial bundle.
  if (import.meta.env.PROD) void import('../lib/service-worker').then((module) => module.registerServiceWorker());
}
