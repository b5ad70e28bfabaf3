import { formatMoney } from '@bourse/shared/format';
import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launch, phoneContext } from './browser.ts';

const e2e = inject('e2e');
const t = (key: MessageKey, params?: Record<string, string | number>) => translate('de', key, params);
const euro = (amount: string) => formatMoney(amount, { lang: 'de', currency: 'EUR' });

/**
 * The balance fund at an iPhone viewport (390 px), as the seeded demo investor: the fund screen from
 * the "My" menu (the demo holding with its earnings), a purchase on /payment with the T+1 date shown
 * before confirming, the pending amount and its confirmation date, and the history; axe on each.
 */
describe.skipIf(!e2e.chromium)('balance fund in Chromium at an iPhone viewport', () => {
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

  it('opens the fund from the menu, buys 100.00, sees it pending until its T+1 date, and the history', async () => {
    await page.goto('/#/login');
    await page.getByLabel(t('auth.phone'), { exact: true }).fill(e2e.credentials.investor.username);
    await page.getByLabel(t('auth.password'), { exact: true }).fill(e2e.credentials.investor.password);
    await page.getByRole('button', { name: t('auth.login') }).click();
    await waitForHash('/home');

    await page.goto('/#/my');
    await page.getByRole('link', { name: t('fund.menu') }).click();
    await waitForHash('/trade/money');
    await page.getByRole('heading', { level: 1, name: t('fund.title') }).waitFor();
    // The demo holding: 5,000.00 bought a week ago, confirmed and earning since.
    await page.getByText(t('fund.totalEarnings'), { exact: true }).waitFor();
    await page.getByText(t('fund.noPending')).waitFor();
    await expectAccessible(page, 'fund');

    await page.getByRole('link', { name: t('fund.buy'), exact: true }).click();
    await waitForHash('/payment');
    await page.getByRole('heading', { level: 1, name: t('fund.purchaseTitle') }).waitFor();
    const note = await page.getByRole('note').textContent();
    const confirmDate = /\d{4}-\d{2}-\d{2}/.exec(note ?? '')?.[0];
    expect(confirmDate, note ?? '').toBeDefined();
    expect(note).toBe(t('fund.purchaseNotice', { date: confirmDate! }));
    await page.getByLabel(t('fund.amount'), { exact: true }).fill('100.00');
    await page.getByLabel(t('wallet.tradingPassword'), { exact: true }).fill(e2e.credentials.investor.tradingPassword);
    await expectAccessible(page, 'fund purchase');
    await page.getByRole('button', { name: t('fund.confirmPurchase') }).click();

    await waitForHash('/trade/money');
    const pending = page.getByRole('list', { name: t('fund.pendingTitle') });
    await pending.getByText(t('fund.confirmOn', { date: confirmDate! })).waitFor();
    await pending.getByText(euro('100.00')).waitFor();
    await expectAccessible(page, 'fund with a pending purchase');

    await page.getByRole('link', { name: t('fund.history') }).click();
    await waitForHash('/trade/history');
    await page.getByRole('heading', { level: 1, name: t('fund.logTitle') }).waitFor();
    const log = page.getByRole('list', { name: t('fund.logTitle') });
    await log.getByText(t('fund.types.purchase'), { exact: true }).first().waitFor();
    await log.getByText(t('fund.types.earnings'), { exact: true }).first().waitFor();
    await expectAccessible(page, 'fund history');

    await page.goto('/#/ucenter/moneyLog');
    await page.getByRole('heading', { level: 1, name: t('fund.moneyLogTitle') }).waitFor();
    await page.getByRole('radio', { name: t('wallet.records.periods.today') }).check();
    await page
      .getByRole('list', { name: t('fund.logTitle') })
      .getByText(euro('100.00'))
      .waitFor();
    await expectAccessible(page, 'money log');

    await page.goto('/#/payment?mode=redeem');
    await page.getByRole('heading', { level: 1, name: t('fund.redeemTitle') }).waitFor();
    await expectAccessible(page, 'fund redemption');
  });
});
