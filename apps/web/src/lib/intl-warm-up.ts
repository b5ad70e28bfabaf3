import { LOCALES, type Language } from '@bourse/shared/languages';

/**
 * The first `Intl.NumberFormat` a browser process builds loads ICU's number data, and that first one costs
 * 25–100 ms on the 2-core machines here (every later one, in any locale, ≈ 1 ms; the first
 * `Intl.DateTimeFormat` 5–30 ms): on a phone, one long task in the middle of the first screen, wherever
 * its first figure is formatted. The data is loaded once per process, for every thread of it, so a
 * worker started before anything renders builds the first formatters off the main thread, while the
 * screen waits for its code and data; by the time the screen formats its first figure the formatters
 * cost what later ones do (docs/performance.md, 2026-12-02, third session). Where module workers are
 * missing, the main thread builds its first formatter itself, as without this.
 */
export function warmUpIntl(lang: Language): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    const worker = new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), {
      type: 'module',
      name: 'intl-warm-up',
    });
    const done = () => worker.terminate();
    worker.addEventListener('message', done);
    worker.addEventListener('error', done);
    worker.postMessage(LOCALES[lang]);
    return worker;
  } catch {
    return null;
  }
}
