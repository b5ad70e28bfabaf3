/**
 * What the first `Intl.NumberFormat` of a browser process costs on the main thread, and what it costs once
 * a worker has built one (apps/web/src/lib/intl-warm-up.ts). Each sample is a fresh browser context (a
 * renderer process of its own, as a first visit) on a blank page: `cold` times the page's first
 * `new Intl.NumberFormat('de-DE', …)`; `warmed` starts a worker that builds one, waits for its answer,
 * then times the same construction on the main thread. Prints one JSON line per variant (milliseconds).
 *
 *   npm run bench:intl -- [--samples 10] [--chromium /usr/bin/chromium]
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../e2e/chromium-flags.ts';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1]! : fallback;
}

const samples = Number(option('samples', '10'));
const executablePath = option('chromium', process.env.CHROMIUM_PATH || '/usr/bin/chromium');
const WORKER = `new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).formatToParts(1n); postMessage('warm');`;

const browser = await chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_FLAGS] });
const results: Record<'cold' | 'warmed', number[]> = { cold: [], warmed: [] };
try {
  for (let i = 0; i < samples; i += 1) {
    for (const variant of ['cold', 'warmed'] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.setContent('<p>first formatter</p>');
      const ms = await page.evaluate(
        async ({ warm, source }) => {
          if (warm) {
            const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
            await new Promise((resolve) => worker.addEventListener('message', resolve));
            worker.terminate();
          }
          const start = performance.now();
          new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).formatToParts(12345n);
          return performance.now() - start;
        },
        { warm: variant === 'warmed', source: WORKER },
      );
      results[variant].push(ms);
      await context.close();
    }
  }
} finally {
  await browser.close();
}
for (const [variant, values] of Object.entries(results)) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));
  console.log(
    JSON.stringify({ figure: `first Intl.NumberFormat, ${variant}`, samples, min: at(0), median: at(0.5), max: at(1) }),
  );
}
