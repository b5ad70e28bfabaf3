import {
  lazy,
  createElement,
  useEffect,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { isLanguage } from '@bourse/shared/languages';
import { clearChunkReloadMark, isChunkLoadError, reloadOnceForChunk } from './chunk-reload';
import { loadQueryClient } from './load-query-client';
import { i18n, loadLanguage } from './i18n';

// As React's own lazy(): any component type, its props kept.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export interface LazyRouteOptions {
  /**
   * The screen shows only texts of the first screen's catalog sections, no antd-mobile widget that needs
   * its set-up and reads no query (the login): it renders without waiting for the whole catalog,
   * lib/antd-setup.ts and TanStack Query's client (lib/deferred-query-client.tsx). Every other screen
   * waits for the three (loaded alongside its chunk).
   */
  firstScreen?: boolean;
}

/** The whole catalog of the language in use (the app starts on the first screen's sections only). */
function loadCurrentCatalog(): Promise<void> {
  return isLanguage(i18n.language) ? loadLanguage(i18n.language) : Promise.resolve();
}

/** A lazy screen; `preload()` starts loading its chunk (and what it waits for) before it renders. */
export type LazyRouteComponent<T extends AnyComponent> = ComponentType<ComponentProps<T>> & { preload: () => void };

let markScreenShown: () => void = () => undefined;
const screenShown = new Promise<void>((resolve) => (markScreenShown = resolve));

/**
 * Resolves once a lazy screen is on screen for the first time (committed, not suspended): what can wait
 * until then (app/after-first-paint.ts) does not take the main thread from the screen the app opens on.
 */
export function whenFirstScreenShown(): Promise<void> {
  return screenShown;
}

/** Lazy screens whose import failed: React keeps a failed lazy() failed, so each is re-created on retry. */
const failed = new Set<() => void>();

/**
 * `lazy()` for a screen that can load again: when its import fails (offline, or a chunk gone after a
 * deployment), `retryFailedLazyRoutes()` — the error boundary's Retry — makes the next render import
 * it anew. A chunk missing after a deployment reloads the app once (see chunk-reload.ts); while the
 * page reloads, the screen stays in its loading state.
 */
export function lazyRoute<T extends AnyComponent>(
  load: () => Promise<{ default: T }>,
  options: LazyRouteOptions = {},
): LazyRouteComponent<T> {
  let current: LazyExoticComponent<T>;
  // Started by preload() before the screen renders: its first render takes this import instead of starting one.
  let preloaded: Promise<{ default: T }> | null = null;
  const loadWithTexts = options.firstScreen
    ? load
    : () =>
        Promise.all([load(), loadCurrentCatalog(), import('./antd-setup'), loadQueryClient()]).then(
          ([module]) => module,
        );
  const create = () => {
    current = lazy(() => {
      const loading = preloaded ?? loadWithTexts();
      preloaded = null;
      return loading.then(
        (module) => {
          clearChunkReloadMark();
          return module;
        },
        (error: unknown) => {
          failed.add(create);
          if (isChunkLoadError(error) && reloadOnceForChunk()) return new Promise<never>(() => undefined);
          throw error;
        },
      );
    });
  };
  create();
  function LazyRoute(props: ComponentProps<T>) {
    // Runs only once the screen is committed: a suspended screen commits nothing.
    useEffect(() => markScreenShown(), []);
    return createElement(current, props);
  }
  LazyRoute.preload = () => {
    if (preloaded) return;
    preloaded = loadWithTexts();
    // A failure is the render's to report (error boundary, chunk reload), not an unhandled rejection here.
    preloaded.catch(() => undefined);
  };
  return LazyRoute;
}

/** Re-creates every lazy screen whose import failed, so rendering it imports its chunk again. */
export function retryFailedLazyRoutes(): void {
  const toRecreate = [...failed];
  failed.clear();
  for (const recreate of toRecreate) recreate();
}
