import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launch, phoneContext, scrollHomeDown } from './browser.ts';

const e2e = inject('e2e');
const t = (key: MessageKey, params?: Record<string, string | number>) => translate('de', key, params);

/** A German-formatted number ("21.798,44", "+1,39 %") as a number, for comparisons only. */
const germanNumber = (text: string) =>
  Number(
    text
      .replace(/[^\d,−-]/g, '')
      .replace('−', '-')
      .replace(',', '.'),
  );

/** Whether the chart drew something: any canvas in the figure with a pixel that is neither white nor clear. */
async function chartIsDrawn(figure: Locator): Promise<boolean> {
  return figure.evaluate((element) =>
    [...element.querySelectorAll('canvas')].some((canvas) => {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) return false;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3]! > 0 && (data[i]! < 240 || data[i + 1]! < 240 || data[i + 2]! < 240)) return true;
      }
      return false;
    }),
  );
}

describe.skipIf(!e2e.chromium)('market journey in Chromium at an iPhone viewport', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch(e2e.chromium!);
    page = await (await phoneContext(browser, e2e.baseUrl)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const waitForHash = (hash: string) => page.waitForURL((url) => url.hash === `#${hash}`, { timeout: 15_000 });

  it('searches anonymously, then sees live prices, sorts the market, charts a stock and keeps a favorite', async () => {
    // Search is open to everyone; empty text is refused on the spot.
    await page.goto('/#/search');
    await page.getByRole('heading', { level: 1, name: t('market.search.title') }).waitFor();
    await expectAccessible(page, 'search');
    await page.getByRole('button', { name: t('market.search.submit'), exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: t('errors.SEARCH_REQUIRED') })
      .waitFor();

    // So is the detail, with its chart; the star asks an anonymous visitor to log in first.
    await page.goto('/#/detail?code=SAP');
    await page.getByRole('heading', { level: 1, name: 'SAP' }).waitFor();
    await page.getByRole('button', { name: t('market.addToFavorites') }).click();
    await waitForHash('/login');
    await page.getByLabel(t('auth.phone'), { exact: true }).fill(e2e.credentials.investor.username);
    await page.getByLabel(t('auth.password'), { exact: true }).fill(e2e.credentials.investor.password);
    await page.getByRole('button', { name: t('auth.login') }).click();
    // Back where the star was pressed.
    await page.waitForURL((url) => url.hash === '#/detail?code=SAP', { timeout: 15_000 });

    // Home: indices and movers, and a price that moves within a few seconds.
    await page.goto('/#/home');
    await scrollHomeDown(page);
    const indices = page.getByRole('region', { name: t('market.indices') });
    await indices.getByRole('link').first().waitFor();
    await page.getByRole('heading', { level: 2, name: t('market.movers') }).waitFor();
    await page.getByRole('tab', { name: t('market.gainers') }).waitFor();
    await page.getByRole('heading', { level: 2, name: t('market.mostActive') }).waitFor();
    await expectAccessible(page, 'home');
    // Index cards follow the stream only while on screen; the investor's money and the checklist come first.
    await indices.scrollIntoViewIfNeeded();
    const prices = () => indices.locator('.index-card-last').allTextContents();
    const before = (await prices()).join('|');
    await expect.poll(async () => (await prices()).join('|'), { timeout: 15_000, interval: 250 }).not.toBe(before);
    await page.getByRole('tab', { name: t('market.losers') }).click();
    await page
      .getByRole('list', { name: t('market.losers') })
      .getByRole('link')
      .first()
      .waitFor();

    // Market: sorted by price, both ways; one board at a time.
    await page
      .getByRole('navigation')
      .getByRole('link', { name: t('tabs.market') })
      .click();
    await waitForHash('/market');
    const rows = page.getByRole('list', { name: t('market.allStocks') }).getByRole('listitem');
    await rows.first().waitFor();
    await expectAccessible(page, 'market');
    const firstPrices = async () =>
      (await rows.locator('.quote-row-last').allTextContents()).slice(0, 10).map(germanNumber);
    await page.getByRole('button', { name: t('market.sortFields.last'), exact: true }).click();
    await page
      .getByRole('button', { name: t('market.sortDescending', { field: t('market.sortFields.last') }) })
      .waitFor();
    // Prices tick while we read them: allow 1 % between neighbours.
    await expect
      .poll(async () => (await firstPrices()).every((price, i, all) => i === 0 || all[i - 1]! >= price * 0.99), {
        timeout: 10_000,
      })
      .toBe(true);
    await page
      .getByRole('button', { name: t('market.sortDescending', { field: t('market.sortFields.last') }) })
      .click();
    await page
      .getByRole('button', { name: t('market.sortAscending', { field: t('market.sortFields.last') }) })
      .waitFor();
    await expect
      .poll(
        async () => {
          const list = await firstPrices();
          return (
            list.length > 1 && list.every((price, i, all) => i === 0 || all[i - 1]! <= price * 1.01) && list[0]! < 1_000
          );
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    await page.getByRole('radio', { name: t('market.boards.index') }).check({ force: true });
    await expect
      .poll(async () => (await rows.locator('.quote-row-code').allTextContents()).sort().join(','), { timeout: 10_000 })
      .toBe('CSI300,DAX,HSI,SX5E');

    // Search by code, name and pinyin.
    for (const [query, code, name] of [
      ['SAP', 'SAP', 'SAP'],
      ['Moutai', '600519', 'Kweichow Moutai'],
      ['gzmt', '600519', 'Kweichow Moutai'],
    ] as const) {
      await page.goto('/#/search');
      await page.getByLabel(t('market.search.label'), { exact: true }).fill(query);
      await page.getByRole('button', { name: t('market.search.submit'), exact: true }).click();
      await waitForHash(`/search/search?q=${query}`);
      const results = page.getByRole('list', { name: t('market.search.resultsFor', { query }) });
      await expect(
        results
          .getByRole('link', { name: new RegExp(name) })
          .first()
          .getAttribute('href'),
      ).resolves.toBe(`#/detail?code=${code}`);
    }
    await expectAccessible(page, 'search results');
    // The searches are remembered, newest first.
    await page.goto('/#/search');
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: t('market.search.recent') })
          .getByRole('list')
          .getByRole('button')
          .allTextContents(),
      )
      .toEqual(['gzmt', 'Moutai', 'SAP']);

    // Detail: the chart draws and changes with the tabs; its summary says what it shows.
    await page.goto('/#/search/search?q=SAP');
    await page.getByRole('link', { name: /SAP/ }).first().click();
    await waitForHash('/detail?code=SAP');
    const figure = page.getByRole('figure');
    await figure.waitFor();
    await expect
      .poll(() => figure.getAttribute('aria-label'))
      .toMatch(new RegExp(`^${t('market.chart.kinds.1d')}-Kerzenchart von SAP`));
    await expect.poll(() => chartIsDrawn(figure)).toBe(true);
    await expectAccessible(page, 'detail');
    for (const interval of ['1m', '1w', '1M', '1d'] as const) {
      await page.getByRole('tab', { name: t(`market.chart.intervals.${interval}`), exact: true }).click();
      await expect
        .poll(() => figure.getAttribute('aria-label'), { timeout: 15_000 })
        .toMatch(new RegExp(`^${t(`market.chart.kinds.${interval}`)}-Kerzenchart von SAP: [\\d.]+ Kerzen`));
      await expect.poll(() => chartIsDrawn(figure)).toBe(true);
    }

    // The performance budget: three years of daily candles drawn within 50 ms of their arrival.
    const daily = await page.evaluate(() =>
      performance
        .getEntriesByType('measure')
        .filter((m) => (m as PerformanceMeasure).detail?.interval === '1d')
        .map((m) => ({
          name: m.name,
          ms: Math.round(m.duration * 10) / 10,
          candles: (m as PerformanceMeasure).detail.candles as number,
        })),
    );
    console.log('chart measures (daily candles)', JSON.stringify(daily));
    const rendersOfDay = daily.filter((m) => m.name === 'chart-render');
    expect(rendersOfDay.length).toBeGreaterThanOrEqual(2);
    expect(rendersOfDay[0]!.candles).toBeGreaterThan(700);
    // The second daily render (from the cache, library warm) is the steady state the budget is about.
    expect(rendersOfDay.at(-1)!.ms).toBeLessThanOrEqual(50);

    // A favorite survives a reload and appears on the home screen.
    await page.getByRole('button', { name: t('market.addToFavorites') }).click();
    await page.getByRole('button', { name: t('market.removeFromFavorites') }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: t('market.removeFromFavorites') }).waitFor();
    await page.goto('/#/home');
    await scrollHomeDown(page);
    const favorites = page.locator('.adm-card', { has: page.getByRole('heading', { name: t('market.favorites') }) });
    await favorites.getByRole('link', { name: /SAP/ }).waitFor();
    await expectAccessible(page, 'home with a favorite');

    // Removed again in edit mode (the demo investor is shared with other journeys).
    await favorites.getByRole('button', { name: t('market.editFavorites') }).click();
    await expectAccessible(page, 'favorites in edit mode');
    await favorites.getByRole('button', { name: t('market.removeFavorite', { name: 'SAP' }) }).click();
    await favorites.getByText(t('market.favoritesEmpty')).waitFor();
  });
});
