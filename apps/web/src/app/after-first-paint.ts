import type { Language } from '@bourse/shared/languages';
import { loadLanguage } from '../lib/i18n';
import { afterContentShown, whenFirstScreenShown } from '../lib/lazy-route';
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
  // And until that screen's content is shown: its commit comes well before the browser shows it, and what
  // is fetched and run in between delays it (docs/performance.md, 2026-11-28, fourth session).
  const openingScreenShown = Promise.race([
    whenFirstScreenShown().then((committedAtMs) => afterContentShown(committedAtMs)),
    new Promise<void>((resolve) => setTimeout(resolve, OPENING_SCREEN_WAIT_MS)),
  ]);
  // One after another, each in a task of its own: arriving together, their evaluations ran as one long
  // task (the catalog's merge, antd-mobile's set-up, the query client), blocking input on the screen just shown.
  const steps: (() => Promise<unknown>)[] = [
    () => loadLanguage(lang),
    () => import('../lib/antd-setup'),
    () => loadQueryClient(),
    () => import('./screens'),
    // Production only: in development the worker would serve stale modules. Loaded after the first
    // render, so the update dialog's code is not part of the initial bundle.
    () =>
      import.meta.env.PROD
        ? import('../lib/service-worker').then((module) => module.registerServiceWorker())
        : Promise.resolve(),
  ];
  void openingScreenShown.then(async () => {
    for (const step of steps) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      await step().catch(() => undefined);
    }
  });
}
