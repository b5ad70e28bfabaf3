import type { Language } from '@bourse/shared/languages';
import { loadLanguage } from '../lib/i18n';
import { whenFirstScreenShown } from '../lib/lazy-route';
import { loadQueryClient } from '../lib/load-query-client';

/** How long the loads below wait at most for the opening screen (a slow connection, a failed chunk). */
const OPENING_SCREEN_WAIT_MS = 5_000;

/**
 * What main.tsx starts once the first screen is on its way. In a module of the app's initial chunk
 * (vite.config.ts) rather than in the entry, so these imports' preload lists share that chunk's table of
 * file names with lib/lazy-route.ts's instead of repeating it (docs/performance.md, "First screen").
 */
export function afterFirstPaint(lang: Language): void {
  // The rest of the catalog, antd-mobile's set-up (render adapter, no animations, its texts), TanStack
  // Query's client and how the other screens are imported (app/screens.ts); a screen opened meanwhile
  // loads them itself (lib/lazy-route.ts, app/router.tsx).
  // They wait until the screen the app opens on is shown (or OPENING_SCREEN_WAIT_MS at most): started with
  // the first render, their evaluation took the main thread from it (docs/performance.md, 2026-11-28,
  // third session).
  const openingScreenShown = Promise.race([
    whenFirstScreenShown(),
    new Promise<void>((resolve) => setTimeout(resolve, OPENING_SCREEN_WAIT_MS)),
  ]);
  void openingScreenShown.then(() =>
    setTimeout(() => {
      void loadLanguage(lang).catch(() => undefined);
      void import('../lib/antd-setup');
      void loadQueryClient().catch(() => undefined);
      void import('./screens').catch(() => undefined);
      // Production only: in development the worker would serve stale modules. Loaded after the first
      // render, so the update dialog's code is not part of the initial bundle.
      if (import.meta.env.PROD) void import('../lib/service-worker').then((module) => module.registerServiceWorker());
    }, 0),
  );
}
