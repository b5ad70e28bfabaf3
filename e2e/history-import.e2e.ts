import { readFileSync } from 'node:fs';
import path from 'node:path';
import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { operatorToken } from './api.ts';
import { expectAccessible, launch, phoneContext } from './browser.ts';

const e2e = inject('e2e');
const root = path.resolve(import.meta.dirname, '..');
const t = (key: MessageKey, params?: Record<string, string | number>) => translate('de', key, params);

interface Row {
  line: number;
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** The real VIX file, read plainly: every data row with its line number. */
function vixRows(text: string): Row[] {
  return text
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line, i) => {
      const [date = '', open, high, low, close] = line.split(',');
      return { line: i + 2, date, open: Number(open), high: Number(high), low: Number(low), close: Number(close) };
    });
}

async function importCsv(token: string, csv: string) {
  const res = await fetch(`${e2e.baseUrl}/api/admin/instruments/VIX/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, 'accept-language': 'de' },
    body: JSON.stringify({ fileName: 'vix-daily.csv', csv, dryRun: false }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe.skipIf(!e2e.chromium)('a real OHLCV history imported by an operator and charted in Chromium', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch(e2e.chromium!);
    page = await (await phoneContext(browser, e2e.baseUrl)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('refuses the raw file line by line, imports the cleaned one, and the chart shows it by day, week and month, also at /stockInfo', async () => {
    const token = await operatorToken(e2e, 'e2e_history_admin', ['admin']);
    const raw = readFileSync(path.join(root, 'fixtures/market/vix-daily.csv'), 'utf8');
    const rows = vixRows(raw);
    // Rows whose open or close lies outside their own low–high range: the file's known flaws.
    const bad = rows.filter((r) => r.open < r.low || r.open > r.high || r.close < r.low || r.close > r.high);
    expect(bad.length).toBeGreaterThan(0);

    const refused = await importCsv(token, raw);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('CSV_INVALID');
    expect(refused.body.msg).toBe(t('errors.CSV_INVALID', { count: bad.length }));
    const reported = (refused.body.details.problems as { line: number }[]).map((p) => p.line);
    expect([...new Set(reported)]).toEqual(bad.map((r) => r.line));
    // Nothing was written: the code is still unknown.
    expect((await fetch(`${e2e.baseUrl}/api/market/instruments/VIX`)).status).toBe(404);

    const badLines = new Set(bad.map((r) => r.line));
    const cleaned = raw
      .split('\n')
      .filter((_, i) => !badLines.has(i + 1))
      .join('\n');
    const imported = await importCsv(token, cleaned);
    expect(imported.status).toBe(200);
    const good = rows.filter((r) => !badLines.has(r.line));

    // March 2020 as one monthly candle: open of its first day, close of its last, extremes between.
    const march = good.filter((r) => r.date.startsWith('2020-03'));
    const months = (await (
      await fetch(
        `${e2e.baseUrl}/api/market/instruments/VIX/candles?interval=1M&from=2020-03-01T00:00:00Z&to=2020-03-31T23:59:59Z`,
      )
    ).json()) as { data: { t: string; o: string; h: string; l: string; c: string }[] };
    expect(months.data).toHaveLength(1);
    expect(months.data[0]).toMatchObject({ t: '2020-03-01T00:00:00.000Z' });
    expect(Number(months.data[0]!.o)).toBe(march[0]!.open);
    expect(Number(months.data[0]!.c)).toBe(march.at(-1)!.close);
    expect(Number(months.data[0]!.h)).toBe(Math.max(...march.map((r) => r.high)));
    expect(Number(months.data[0]!.l)).toBe(Math.min(...march.map((r) => r.low)));

    // The investor's chart: every tab ends on the file's last close (18.70 on 2026-07-23).
    const lastClose = good.at(-1)!.close.toFixed(2).replace('.', ',');
    await page.goto('/#/detail?code=VIX');
    await page.getByRole('heading', { level: 1, name: 'VIX' }).waitFor();
    const figure = page.getByRole('figure');
    for (const interval of ['1d', '1w', '1M'] as const) {
      await page.getByRole('tab', { name: t(`market.chart.intervals.${interval}`), exact: true }).click();
      const api = (await (
        await fetch(`${e2e.baseUrl}/api/market/instruments/VIX/candles?interval=${interval}`)
      ).json()) as { data: unknown[] };
      await expect
        .poll(() => figure.getAttribute('aria-label'), { timeout: 15_000 })
        .toMatch(
          new RegExp(
            `^${t(`market.chart.kinds.${interval}`)}-Kerzenchart von VIX: ${api.data.length.toLocaleString('de-DE')} Kerzen .*letzter Schluss ${lastClose}`,
          ),
        );
    }
    await expectAccessible(page, 'imported history');

    // The spec's other address of the same screen, /stockInfo/:title, is for signed-in investors and
    // shows the same instrument once they are.
    await page.goto('/#/stockInfo/VIX');
    await page.waitForURL((url) => url.hash === '#/login', { timeout: 15_000 });
    await page.getByLabel(t('auth.phone'), { exact: true }).fill(e2e.credentials.investor.username);
    await page.getByLabel(t('auth.password'), { exact: true }).fill(e2e.credentials.investor.password);
    await page.getByRole('button', { name: t('auth.login') }).click();
    await page.waitForURL((url) => url.hash === '#/stockInfo/VIX', { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: 'VIX' }).waitFor();
    await expect
      .poll(() => page.getByRole('figure').getAttribute('aria-label'), { timeout: 15_000 })
      .toMatch(new RegExp(`letzter Schluss ${lastClose}`));
    await expectAccessible(page, 'stock info');
  });
});
