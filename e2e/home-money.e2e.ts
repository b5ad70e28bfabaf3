import { formatMoney, formatPercent } from '@bourse/shared/format';
import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import { encryptCredentials } from '@bourse/shared/jwe';
import { PORTFOLIO_RANGES } from '@bourse/shared/schemas/portfolio';
import type { Assets } from '@bourse/shared/schemas/wallet';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, operatorToken } from './api.ts';
import { expectAccessible, launch, phoneContext } from './browser.ts';
import { startServer, type E2eServer } from './server.ts';

const { chromium } = inject('e2e');
const t = (key: MessageKey, params?: Record<string, string | number>) => translate('de', key, params);
const euro = (amount: string) => formatMoney(amount, { lang: 'de', currency: 'EUR' });
const DAY = 86_400_000;

/**
 * Home is about the investor's money, at a phone's width (390 px), in German: the demo investor (a
 * deposit, the balance fund) buys shares; the sandbox clock moves two days on, so the daily snapshot
 * job stores the portfolio's value at each session's end; home then shows total assets and today's
 * P/L exactly as the `/api/user/assets` answer it rendered from, the cash available, and a chart for
 * each range (day, week, month, year). Tapping the figures opens the account in full. Axe on home.
 *
 * It moves the clock, so it runs on a server of its own.
 */
describe.skipIf(!chromium)('the investor’s money on home', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let clockOffsetMs = 0;

  beforeAll(async () => {
    server = await startServer('bourse-e2e-home-money');
    browser = await launch(chromium!);
    page = await (await phoneContext(browser, server.baseUrl)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const api = <T>(token: string | null, method: string, url: string, payload?: object, headers = {}) =>
    apiCall<T>(server.baseUrl, token, method, url, payload, headers);

  /** Signs the demo investor in through the API with the server's (moved) clock; the token. */
  async function investorToken(): Promise<string> {
    const { username, password } = server.credentials.investor;
    const key = await api<{ jwk: Record<string, string>; kid: string }>(null, 'GET', '/api/user/publicKey');
    const query = await encryptCredentials(
      key.jwk,
      { username, password },
      { kid: key.kid, nowMs: Date.now() + clockOffsetMs },
    );
    const data = await api<{ userinfo: { token: string } }>(null, 'POST', '/api/user/login', { query });
    return data.userinfo.token;
  }

  /** Moves the sandbox clock a day on (a fresh operator each time: sessions end with the clock); the jobs that ran. */
  async function nextDay(round: number): Promise<string[]> {
    const admin = await operatorToken(server, `e2e_home_money_${round}`, ['admin'], clockOffsetMs);
    const moved = await api<{ now: string; jobs: Array<{ name: string }> }>(admin, 'POST', '/api/admin/clock/advance', {
      ms: DAY,
    });
    clockOffsetMs = Date.parse(moved.now) - Date.now();
    return moved.jobs.map((job) => job.name);
  }

  it('shows total assets and today’s P/L as /api/user/assets reports them, and the value chart of each range', async () => {
    expect(page.viewportSize()?.width).toBe(390);
    // A position: ten Bayer shares at market.
    const buyer = await investorToken();
    await api(
      buyer,
      'POST',
      '/api/trade/orders',
      {
        code: 'BAYN',
        side: 'buy',
        type: 'market',
        lots: 10,
        tradingPassword: server.credentials.investor.tradingPassword,
      },
      { 'idempotency-key': crypto.randomUUID() },
    );

    // Two sessions end: a snapshot each.
    expect(await nextDay(1)).toContain('portfolio.snapshots');
    expect(await nextDay(2)).toContain('portfolio.snapshots');

    const token = await investorToken();
    const week = await api<{ points: Array<{ t: number; value: number }> }>(
      token,
      'GET',
      '/api/user/portfolio/history?range=week',
    );
    expect(week.points.length).toBeGreaterThanOrEqual(3);

    // Home, signed in with that session; the figures compared with the very answer they render.
    await page.addInitScript((value) => localStorage.setItem('Admin-Token', value), token);
    const assetsAnswer = page.waitForResponse(
      (response) => response.url().endsWith('/api/user/assets') && response.request().method() === 'GET',
    );
    await page.goto('/#/home');
    const assets = ((await (await assetsAnswer).json()) as { data: Assets }).data;
    const section = page.locator('.money-summary');
    await section.getByRole('heading', { level: 2, name: t('portfolio.title') }).waitFor({ timeout: 15_000 });
    const total = section.getByTestId('money-summary-total');
    await expect.poll(() => total.textContent(), { timeout: 15_000 }).toBe(euro(assets.totalAssets));
    expect(Number(assets.marketValue)).toBeGreaterThan(0);
    expect(assets.dayPnlSince).not.toBeNull();

    const pnl = section.getByTestId('money-summary-pnl');
    const negative = assets.dayPnl.startsWith('-');
    const zero = /^-?0*(\.0*)?$/.test(assets.dayPnl);
    const percent =
      assets.dayPnlPercent === null ? '' : ` (${formatPercent(assets.dayPnlPercent, { lang: 'de', signed: true })})`;
    expect(await pnl.textContent()).toBe(`${!negative && !zero ? '+' : ''}${euro(assets.dayPnl)}${percent}`);
    expect(await pnl.getAttribute('class')).toContain(zero ? 'price-flat' : negative ? 'price-fall' : 'price-rise');
    expect(await section.getByTestId('money-summary-available').textContent()).toBe(euro(assets.available));

    // A chart for each range: its line drawn across the card's width.
    for (const range of PORTFOLIO_RANGES) {
      await section.getByRole('tab', { name: t(`portfolio.ranges.${range}`) }).click();
      const chart = section.getByRole('img', { name: `${t('portfolio.chart')}: ${t(`portfolio.ranges.${range}`)}` });
      await chart.waitFor({ timeout: 15_000 });
      const drawn = await chart.locator('.portfolio-chart-line').boundingBox();
      const frame = await chart.boundingBox();
      expect(drawn && frame && drawn.width).toBeGreaterThan((frame?.width ?? 0) * 0.95);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'home with the investor’s money');

    // The figures open the account in full.
    await section.getByRole('link', { name: new RegExp(t('portfolio.openDetail')) }).click();
    await page.waitForURL((url) => url.hash === '#/homedetail', { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: t('homeDetail.title') }).waitFor();
  });
});
