import {
  lazy,
  createElement,
  useLayoutEffect,
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

let markScreenShown: (committedAtMs: number) => void = () => undefined;
const screenShown = new Promise<number>((resolve) => (markScreenShown = resolve));

/**
 * Resolves once a lazy screen is on screen for the first time (committed, not suspended), with when it
 * was committed (`performance.now()`): what can wait until then (app/after-first-paint.ts) does not take
 * the main thread from the screen the app opens on.
 */
export function whenFirstScreenShown(): Promise<number> {
  return screenShown;
}

/**
 * Resolves once the browser has painted the next frame: a task queued from the frame after it — or, with
 * `frames` 1, from that frame itself (its animation-frame callbacks run just before it is painted, so a
 * task queued there runs after the paint). A hidden tab draws no frames, so after `maxMs` at most.
 */
export function afterNextPaint(maxMs = 1_000, frames: 1 | 2 = 2): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, maxMs);
    const afterFrames = (left: number) =>
      requestAnimationFrame(() =>
        left > 1
          ? afterFrames(left - 1)
          : setTimeout(() => {
              clearTimeout(fallback);
              resolve();
            }, 0),
      );
    afterFrames(frames);
  });
}

/**
 * Resolves once what was committed at `sinceMs` (`performance.now()`) is on screen: the browser reports a
 * largest contentful paint at or after that time — the screen's main content shown, as the browser
 * times it, which is later than the frame it is drawn in. Where the browser does not report these
 * (Safari), after the next paint; and after `maxMs` at most (the screen's content is no larger than what
 * was already shown, so no new report comes; a hidden tab; input, after which none is reported).
 */
export function afterContentShown(sinceMs: number, maxMs = 1_000): Promise<void> {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
  ) {
    return afterNextPaint(maxMs);
  }
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(fallback);
      setTimeout(resolve, 0);
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= sinceMs)) done();
    });
    const fallback = setTimeout(done, maxMs);
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
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
    // Runs only once the screen is committed (in the commit, before the browser paints it): a suspended
    // screen commits nothing.
    useLayoutEffect(() => markScreenShown(performance.now()), []);
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
