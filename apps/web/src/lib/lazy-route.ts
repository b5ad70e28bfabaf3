import { lazy, createElement, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';
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
): ComponentType<ComponentProps<T>> {
  let current: LazyExoticComponent<T>;
  const loadWithTexts = options.firstScreen
    ? load
    : () =>
        Promise.all([load(), loadCurrentCatalog(), import('./antd-setup'), loadQueryClient()]).then(
          ([module]) => module,
        );
  const create = () => {
    current = lazy(() =>
      loadWithTexts().then(
        (module) => {
          clearChunkReloadMark();
          return module;
        },
        (error: unknown) => {
          failed.add(create);
          if (isChunkLoadError(error) && reloadOnceForChunk()) return new Promise<never>(() => undefined);
          throw error;
        },
      ),
    );
  };
  create();
  function LazyRoute(props: ComponentProps<T>) {
    return createElement(current, props);
  }
  return LazyRoute;
}

/** Re-creates every lazy screen whose import failed, so rendering it imports its chunk again. */
export function retryFailedLazyRoutes(): void {
  const toRecreate = [...failed];
  failed.clear();
  for (const recreate of toRecreate) recreate();
}
