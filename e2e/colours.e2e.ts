import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInThroughApi, ownInvitation, registerThroughApi } from './api.ts';
import { expectAccessible, launch, phoneContext } from './browser.ts';

const e2e = inject('e2e');
const de = (key: MessageKey, params?: Record<string, string | number>) => translate('de', key, params);
const zh = (key: MessageKey, params?: Record<string, string | number>) => translate('zh-CN', key, params);

const GREEN = 'rgb(10, 122, 69)';
const RED = 'rgb(207, 19, 34)';

const convention = (page: Page) => page.evaluate(() => document.documentElement.dataset['colorConvention']);
const colourOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).color);

/**
 * The colour convention and the exchanges at an iPhone viewport, axe on every screen: a German
 * visitor sees rises green and switches to red-up; an investor reading Chinese gets red-up without
 * choosing, keeps an explicit choice in the profile, and sees an index without a trade button.
 */
describe.skipIf(!e2e.chromium)('colour convention and exchanges in Chromium at an iPhone viewport', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch(e2e.chromium!);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('German: green-up until the visitor switches, then rises turn red', async () => {
    const page = await (await phoneContext(browser, e2e.baseUrl)).newPage();
    await page.goto('/#/setting/colors');
    await page.getByRole('heading', { name: de('colors.title'), level: 1 }).waitFor();
    await expect.poll(() => convention(page)).toBe('green-up');
    expect(await colourOf(page, '.colors-preview .price-rise')).toBe(GREEN);
    expect(await colourOf(page, '.colors-preview .price-fall')).toBe(RED);
    await expectAccessible(page, 'colours, German, green-up');

    await page.getByRole('radio', { name: de('colors.redUp'), exact: true }).check();
    await expect.poll(() => convention(page)).toBe('red-up');
    expect(await colourOf(page, '.colors-preview .price-rise')).toBe(RED);
    expect(await colourOf(page, '.colors-preview .price-fall')).toBe(GREEN);
    await expectAccessible(page, 'colours, German, red-up');

    // Everywhere a change is coloured: the detail screen's rise follows too.
    await page.goto('/#/detail?code=SAP');
    await page.locator('.quote-header-change').waitFor();
    const change = page.locator('.quote-header-change .market-up, .quote-header-change .market-down').first();
    const rising = await change.evaluate((element) => element.classList.contains('market-up'));
    expect(await change.evaluate((element) => getComputedStyle(element).color)).toBe(rising ? RED : GREEN);
    await page.close();
  });

  it('Chinese: red-up by default, a stored choice wins; an index has no trade button, each instrument its exchange', async () => {
    const investor = { phone: '+4915298761616', password: 'Colours2026x' };
    const registered = await registerThroughApi(e2e.baseUrl, {
      phone: investor.phone,
      password: investor.password,
      inviteCode: await ownInvitation(e2e, 'e2e colours'),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    await logInThroughApi(e2e.baseUrl, investor.phone, investor.password);

    const page = await (await phoneContext(browser, e2e.baseUrl)).newPage();
    await page.goto('/#/login');
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await page.reload();
    await page.getByLabel(zh('auth.phone'), { exact: true }).fill(investor.phone);
    await page.getByLabel(zh('auth.password'), { exact: true }).fill(investor.password);
    await page.getByRole('button', { name: zh('auth.login') }).click();
    await page.waitForURL((url) => url.hash === '#/home', { timeout: 15_000 });
    await expect.poll(() => convention(page)).toBe('red-up');

    await page.goto('/#/setting');
    await page.getByRole('link', { name: new RegExp(zh('colors.menu')) }).click();
    await page.getByRole('heading', { name: zh('colors.title'), level: 1 }).waitFor();
    expect(await colourOf(page, '.colors-preview .price-rise')).toBe(RED);
    await expectAccessible(page, 'colours, Chinese, red-up by default');
    await page.getByRole('radio', { name: zh('colors.greenUp'), exact: true }).check();
    await expect.poll(() => convention(page)).toBe('green-up');
    expect(await colourOf(page, '.colors-preview .price-rise')).toBe(GREEN);
    // Stored in the profile: another device (a fresh context) logged in as the investor gets it.
    await page.getByText(zh('colors.changed')).waitFor();
    const token = await logInThroughApi(e2e.baseUrl, investor.phone, investor.password);
    const info = await fetch(`${e2e.baseUrl}/api/user/info`, { headers: { token } });
    expect(((await info.json()) as { data: { colorConvention: string } }).data.colorConvention).toBe('green-up');

    // An index: its points, its exchange, no trade button.
    await page.goto('/#/detail?code=HSI');
    await page.getByRole('heading', { name: zh('exchange.label'), level: 2 }).waitFor();
    expect(await page.getByRole('link', { name: zh('market.trade') }).count()).toBe(0);
    await page.getByText(zh('exchange.indexNote')).waitFor();
    expect(await page.getByText(zh('market.figures.marketValue')).count()).toBe(0);
    await page.getByText(/HKEX/).first().waitFor();
    await expectAccessible(page, 'index detail, Chinese');

    // A share keeps its trade button and shows its exchange.
    await page.goto('/#/detail?code=600519');
    await page.getByRole('link', { name: zh('market.trade') }).waitFor();
    await page.getByText('上海证券交易所 (SSE)').waitFor();
    await expectAccessible(page, 'share detail with its exchange, Chinese');

    // The market list: shares first, indices on their own tab.
    await page.goto('/#/market');
    await page.getByRole('radio', { name: zh('market.boards.shares') }).waitFor();
    expect(await page.getByRole('radio', { name: zh('market.boards.shares') }).isChecked()).toBe(true);
    await page
      .getByRole('list', { name: zh('market.allStocks') })
      .getByRole('link')
      .first()
      .waitFor();
    expect(
      await page
        .getByRole('list', { name: zh('market.allStocks') })
        .getByText('HSI', { exact: true })
        .count(),
    ).toBe(0);
    await page.getByRole('radio', { name: zh('market.boards.index') }).check();
    await page
      .getByRole('list', { name: zh('market.allStocks') })
      .getByText('HSI', { exact: true })
      .waitFor();
    await expectAccessible(page, 'market list, indices tab');
    await page.close();
  });
});
