/**
 * Chart rendering benchmark (issue 4, budget: three years of daily candles drawn within 50 ms of the
 * data's arrival). Opens /detail?code=SAP in Chromium at a phone viewport and switches between the
 * week and the day tab `--runs` times; each switch back to the day tab renders the ~3 years of daily
 * candles again from the query cache. Then reloads the page `--cold` times: each load fetches the
 * candles and draws them with the library freshly loaded (nothing warm but the HTTP cache).
 * Reads the app's own performance measures:
 *   chart-render  convert the candles, setData on both series, fitContent (the synchronous part);
 *   chart-paint   from the candles' arrival (or the tab press, for cached ones) until the frame in
 *                 which lightweight-charts has painted them: what the user waits for.
 *
 *   npm run build && npm run bench:chart [-- <app URL>] [--runs 20] [--cold 5]
 *
 * Without a URL it starts the built app on a fresh demo database. Prints JSON.
 */
import { loadavg } from 'node:os';
import { chromium, devices, type Page } from 'playwright-core';
import { translate } from '@bourse/shared/i18n/index';
import { CHROMIUM_FLAGS } from '../e2e/chromium-flags.ts';
import { startServer, type BenchServer } from './lib/server.ts';

const BUDGET_MS = 50;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

const runs = option('runs', 20);
const coldLoads = option('cold', 5);
const givenUrl = process.argv.slice(2).find((arg) => /^https?:\/\//.test(arg));

/** Nearest-rank percentile of durations in milliseconds, to 0.1 ms. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return Math.round((sorted[rank - 1] ?? NaN) * 10) / 10;
}

const stats = (values: readonly number[]) => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  max: percentile(values, 100),
});

interface Measure {
  name: string;
  duration: number;
  interval: string;
  candles: number;
}

function measures(page: Page): Promise<Measure[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('measure')
      .filter((entry) => entry.name === 'chart-render' || entry.name === 'chart-paint')
      .map((entry) => {
        const detail = (entry as PerformanceMeasure).detail as { interval: string; candles: number };
        return { name: entry.name, duration: entry.duration, interval: detail.interval, candles: detail.candles };
      }),
  );
}

/** Waits until the chart has painted one more data set of `interval` than `before`. */
async function nextPaint(page: Page, interval: string, before: number): Promise<void> {
  await page.waitForFunction(
    ({ interval, before }) =>
      performance
        .getEntriesByName('chart-paint')
        .filter((entry) => ((entry as PerformanceMeasure).detail as { interval: string }).interval === interval)
        .length > before,
    { interval, before },
    { timeout: 30_000 },
  );
}

const count = async (page: Page, interval: string) =>
  (await measures(page)).filter((m) => m.name === 'chart-paint' && m.interval === interval).length;

let server: BenchServer | undefined;
const baseUrl = givenUrl ?? (server = await startServer()).baseUrl;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [...CHROMIUM_FLAGS],
});
try {
  const { defaultBrowserType: _ignored, ...iphone } = devices['iPhone 13'];
  const context = await browser.newContext({
    ...iphone,
    baseURL: baseUrl,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  });
  const page = await context.newPage();
  const tab = (interval: '1d' | '1w') =>
    page.getByRole('tab', { name: translate('de', `market.chart.intervals.${interval}`), exact: true });

  await page.goto('/#/detail?code=SAP');
  await nextPaint(page, '1d', 0);
  for (let run = 0; run < runs; run++) {
    const weeks = await count(page, '1w');
    await tab('1w').click();
    await nextPaint(page, '1w', weeks);
    const days = await count(page, '1d');
    await tab('1d').click();
    await nextPaint(page, '1d', days);
  }

  const daily = (await measures(page)).filter((m) => m.interval === '1d');
  // The first daily render of the session was a cold one; the rest came from the tab switches.
  const warmRender = daily
    .filter((m) => m.name === 'chart-render')
    .slice(1)
    .map((m) => m.duration);
  const warmPaint = daily
    .filter((m) => m.name === 'chart-paint')
    .slice(1)
    .map((m) => m.duration);

  const coldRender: number[] = [];
  const coldPaint: number[] = [];
  for (let load = 0; load < coldLoads; load++) {
    await page.reload();
    await nextPaint(page, '1d', 0);
    const first = (await measures(page)).filter((m) => m.interval === '1d');
    coldRender.push(first.find((m) => m.name === 'chart-render')?.duration ?? NaN);
    coldPaint.push(first.find((m) => m.name === 'chart-paint')?.duration ?? NaN);
  }
  console.log(
    JSON.stringify(
      {
        benchmark: 'chart render, daily candles (3 years), /detail?code=SAP, iPhone 13 viewport',
        chromium: browser.version(),
        candles: daily[0]?.candles ?? 0,
        budgetMs: BUDGET_MS,
        tabSwitches: {
          runs: warmRender.length,
          renderMs: stats(warmRender),
          paintMs: stats(warmPaint),
          withinBudget: percentile(warmPaint, 95) <= BUDGET_MS,
        },
        pageLoads: {
          runs: coldPaint.length,
          renderMs: stats(coldRender),
          paintMs: stats(coldPaint),
          withinBudget: percentile(coldPaint, 95) <= BUDGET_MS,
        },
        // Other work on the machine skews the figures; this says how busy it was (1-minute average).
        loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
        cpus: (await import('node:os')).cpus().length,
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await server?.stop();
}
