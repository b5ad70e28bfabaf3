/**
 * After a new deployment the hashed chunks an open tab knows no longer exist: importing one fails
 * ("Failed to fetch dynamically imported module", or Vite's `vite:preloadError` for a preload).
 * The app then reloads itself once, to fetch the new index and its chunks. A sessionStorage mark
 * makes it once: if the chunk still fails after the reload, the error boundary shows instead of a
 * reload loop. The mark is cleared as soon as a screen's chunk loads again, so a later deployment
 * may reload the tab once more.
 */
const RELOAD_MARK = 'bourse.chunkReload';

/** The page reload, replaceable in tests (jsdom cannot reload). */
export const pageReloader = { reload: (): void => window.location.reload() };

/** Whether an error is a failed dynamic import or chunk preload (the wording differs per browser). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload|Loading (CSS )?chunk/i.test(
    error.message,
  );
}

function readMark(): string | null {
  try {
    return sessionStorage.getItem(RELOAD_MARK);
  } catch {
    return 'unavailable';
  }
}

/** Reloads the page unless this session already reloaded for a chunk; true when it reloads. */
export function reloadOnceForChunk(): boolean {
  if (readMark() !== null) return false;
  try {
    sessionStorage.setItem(RELOAD_MARK, '1');
  } catch {
    return false;
  }
  pageReloader.reload();
  return true;
}

/** A chunk loaded: a later failed import may reload once again. */
export function clearChunkReloadMark(): void {
  try {
    sessionStorage.removeItem(RELOAD_MARK);
  } catch {
    // Storage unavailable: nothing was marked either.
  }
}

/** Vite's preload failure event: reload once, else let the import fail into the error boundary. */
export function installChunkReload(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadOnceForChunk()) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
