import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { formatMoney } from '@bourse/shared/format';
import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  apiCall,
  logInThroughApi as logInThroughApiAt,
  ownInvitation as ownInvitationIn,
  registerThroughApi,
} from './api.ts';
import { expectAccessible, launch, phoneContext } from './browser.ts';

const e2e = inject('e2e');
const root = path.resolve(import.meta.dirname, '..');
const t = (key: MessageKey, params?: Record<string, string | number>) => translate('de', key, params);
const euro = (amount: string) => formatMoney(amount, { lang: 'de', currency: 'EUR' });
/** A gain as the app shows it: "+" and the amount; a loss keeps its "-". */
const signedEuro = (cents: bigint) => `${cents > 0n ? '+' : ''}${euro(centsText(cents))}`;

// ── the journey's own arithmetic, independent of the server's fee module ────────────────────────
// Prices have 4 decimals (ten-thousandths), amounts 2 (cents); rates are decimal fractions. Every
// rounding to the cent is half-up, as the fee schedule discloses.

/** "30.1234" → 301234 ten-thousandths. */
function ticks(price: string): bigint {
  const [whole = '0', fraction = ''] = price.split('.');
  return BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0'));
}
/** "5.00" → 500 cents. */
function cents(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -value : value;
}
function centsText(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
/** n / d rounded half-up (n ≥ 0). */
const halfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);
/** A rate ("0.0025") applied to an amount in cents, half-up: rate × 10^8 parts. */
function byRate(amountCents: bigint, rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.');
  const parts = BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
  return halfUp(amountCents * parts, 100_000_000n);
}

interface Fees {
  commissionRate: string;
  commissionMin: string;
  transactionFeeRate: string;
  stampDutyRate: string;
}

/** gross = price × shares; commission = max(minimum, rate × gross); fee = rate × gross; stamp duty on sells. */
function costs(side: 'buy' | 'sell', price: string, shares: number, fees: Fees) {
  const gross = halfUp(ticks(price) * BigInt(shares), 100n);
  const byCommission = byRate(gross, fees.commissionRate);
  const minimum = cents(fees.commissionMin);
  const commission = byCommission > minimum ? byCommission : minimum;
  const transactionFee = byRate(gross, fees.transactionFeeRate);
  const stampDuty = side === 'sell' ? byRate(gross, fees.stampDutyRate) : 0n;
  const total = side === 'buy' ? gross + commission + transactionFee : gross - commission - transactionFee - stampDuty;
  return { gross, commission, transactionFee, stampDuty, total };
}

// ── API helpers for the setup (the journey itself runs in the browser) ─────────────────────────

const api = <T>(token: string | null, method: string, url: string, payload?: object, headers = {}) =>
  apiCall<T>(e2e.baseUrl, token, method, url, payload, headers);
const logInThroughApi = (username: string, password: string) => logInThroughApiAt(e2e.baseUrl, username, password);
const ownInvitation = () => ownInvitationIn(e2e, 'e2e trading');

interface OrderWire {
  id: number;
  side: 'buy' | 'sell';
  status: string;
  quantity: number;
  fillPrice: string | null;
  gross: string | null;
  commission: string | null;
  transactionFee: string | null;
  stampDuty: string | null;
  total: string | null;
  positionId: number | null;
}

describe.skipIf(!e2e.chromium)('trading in Chromium at an iPhone viewport', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch(e2e.chromium!);
    page = await (await phoneContext(browser, e2e.baseUrl)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const waitForHash = (hash: string | RegExp) =>
    page.waitForURL((url) => (typeof hash === 'string' ? url.hash === `#${hash}` : hash.test(url.hash)), {
      timeout: 15_000,
    });

  it('buys 2 lots after the cost preview, watches the live P/L, sells part after confirming, finds the realized P/L; the ledger verifies', async () => {
    // An investor of this journey's own, funded with 2,000.00 through the sandbox provider.
    const investor = { phone: '+4915277889900', password: 'Trading2026x', tradingPassword: '135790' };
    const inviteCode = await ownInvitation();
    const registered = await registerThroughApi(e2e.baseUrl, {
      phone: investor.phone,
      password: investor.password,
      inviteCode,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const token = await logInThroughApi(investor.phone, investor.password);
    await api(token, 'POST', '/api/user/tradingPassword', {
      password: investor.tradingPassword,
      confirmPassword: investor.tradingPassword,
      loginPassword: investor.password,
    });
    const deposit = await api<{ checkoutUrl: string }>(
      token,
      'POST',
      '/api/wallet/deposits',
      { amount: '2000.00', method: 'quick' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    const paymentId = /sbx_[0-9a-f]{24}/.exec(deposit.checkoutUrl)![0];
    await api(null, 'POST', `/api/payments/sandbox/${paymentId}/approve`);
    await expect
      .poll(async () => (await api<{ cash: string }>(token, 'GET', '/api/user/assets')).cash, { timeout: 15_000 })
      .toBe('2000.00');
    const { fees } = await api<{ fees: Fees }>(null, 'GET', '/api/stock/getconfig');

    // Munich Re trades in lots of 1 share at about 520: 2 lots cost about 1,045 with fees, and its
    // price moves by cents within seconds, so the live P/L can be watched changing.
    const code = 'MUV2';
    const instrument = await api<{ lotSize: number }>(null, 'GET', `/api/market/instruments/${code}`);
    expect(instrument.lotSize).toBe(1);
    const lotSize = instrument.lotSize;
    const boughtShares = 2 * lotSize;
    const soldShares = 1;

    await page.goto('/#/login');
    await page.getByLabel(t('auth.phone'), { exact: true }).fill(investor.phone);
    await page.getByLabel(t('auth.password'), { exact: true }).fill(investor.password);
    await page.getByRole('button', { name: t('auth.login') }).click();
    await waitForHash('/home');

    // The stock's detail, and its Trade button.
    await page.goto(`/#/detail?code=${code}`);
    await page.getByRole('link', { name: t('market.trade') }).click();
    await waitForHash(/^#\/trade\?/);
    await page.getByRole('heading', { name: t('trading.ticket.title'), level: 1 }).waitFor();
    await page.getByText(t('trading.ticket.lotSizeOne'), { exact: false }).first().waitFor();

    // Bad input is answered on the spot: 0 lots.
    const lots = page.getByLabel(t('trading.ticket.lots'), { exact: true });
    await lots.fill('0');
    await page.getByText(t('trading.validation.lotsZero')).waitFor();
    await lots.fill('2');

    // The cost preview for 2 lots at the ask.
    const preview = page.getByRole('region', { name: t('trading.costs.title') });
    const line = (key: MessageKey) =>
      preview.locator('.cost-line').filter({ has: page.getByText(t(key), { exact: true }) });
    await expect.poll(() => line('trading.costs.quantity').locator('dd').textContent()).toBe(String(boughtShares));
    await line('trading.costs.commission').waitFor();
    await line('trading.costs.transactionFee').waitFor();
    await line('trading.costs.fees').waitFor();
    await expect.poll(() => line('trading.costs.available').locator('dd').textContent()).toContain(euro('2000.00'));
    await expectAccessible(page, 'order ticket');

    // A wrong trading password gets the server's message; the right one places the order.
    await page
      .locator('form')
      .getByRole('button', { name: t('trading.ticket.submitBuy'), exact: true })
      .click();
    let dialog = page.getByRole('dialog', { name: t('trading.confirm.titleBuy') });
    await dialog.getByText(t('trading.confirm.questionBuy')).waitFor();
    await dialog.getByText(t('trading.costs.totalBuy'), { exact: true }).waitFor();
    await expectAccessible(page, 'buy confirmation');
    // On a small phone (390 × 664) the trading password and both buttons are in view without scrolling.
    const fullViewport = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 664 });
    for (const control of [
      dialog.getByLabel(t('wallet.tradingPassword'), { exact: true }),
      dialog.getByRole('button', { name: t('common.cancel') }),
      dialog.getByRole('button', { name: t('common.confirm') }),
    ]) {
      // In the viewport and not clipped by a scrolling box: what is drawn at its centre is the control.
      await expect
        .poll(() =>
          control.evaluate((element) => {
            const box = element.getBoundingClientRect();
            if (box.top < 0 || box.left < 0 || box.bottom > window.innerHeight || box.right > window.innerWidth) {
              return false;
            }
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            return hit !== null && (element === hit || element.contains(hit));
          }),
        )
        .toBe(true);
    }
    if (fullViewport) await page.setViewportSize(fullViewport);
    await dialog.getByLabel(t('wallet.tradingPassword'), { exact: true }).fill('000000');
    await dialog.getByRole('button', { name: t('common.confirm') }).click();
    await dialog.getByText(t('errors.TRADING_PASSWORD_WRONG')).first().waitFor();
    await dialog.getByLabel(t('wallet.tradingPassword'), { exact: true }).fill(investor.tradingPassword);
    await dialog.getByRole('button', { name: t('common.confirm') }).click();
    await page.getByText(t('trading.ticket.purchaseSucceeded')).first().waitFor();
    await waitForHash(/^#\/shares\/holdDetail\?id=\d+$/);

    const orders = await api<OrderWire[]>(token, 'GET', '/api/trade/orders?status=filled');
    const buy = orders.find((order) => order.side === 'buy')!;
    expect(buy).toMatchObject({ status: 'filled', quantity: boughtShares });
    const bought = costs('buy', buy.fillPrice!, boughtShares, fees);
    // The fill booked exactly what the schedule says.
    expect(cents(buy.gross!)).toBe(bought.gross);
    expect(cents(buy.commission!)).toBe(bought.commission);
    expect(cents(buy.transactionFee!)).toBe(bought.transactionFee);
    expect(cents(buy.total!)).toBe(bought.total);
    const capital = bought.total;

    // The position, valued live: its P/L follows the price as the simulator ticks.
    await page.goto('/#/ucenter/holding');
    const row = page.getByRole('listitem', { name: new RegExp(` ${code}$`) });
    await row.waitFor();
    await expectAccessible(page, 'holdings');
    const pnl = row.locator('.trade-item-pnl .money-text').first();
    const lastPrice = row.locator('.figure-grid-item', { hasText: t('trading.figures.lastPrice') }).locator('dd');
    const firstLast = await lastPrice.textContent();
    await expect.poll(() => lastPrice.textContent(), { timeout: 20_000 }).not.toBe(firstLast);
    // Whatever the price now, the P/L shown is (last − buy price) × shares, signed.
    await expect
      .poll(async () => {
        const [last, shown] = await Promise.all([lastPrice.textContent(), pnl.textContent()]);
        const lastTicks = ticks((last ?? '').replace(/\./g, '').replace(',', '.'));
        const difference = (lastTicks - ticks(buy.fillPrice!)) * BigInt(boughtShares);
        const magnitude = halfUp(difference < 0n ? -difference : difference, 100n);
        return shown === signedEuro(difference < 0n ? -magnitude : magnitude);
      })
      .toBe(true);

    // The lot, with every fee, and the sale from it.
    await row.getByRole('link').click();
    await waitForHash(`/ucenter/holding?code=${code}`);
    await expectAccessible(page, 'lots of an instrument');
    await page.getByRole('listitem').getByRole('link').first().click();
    await waitForHash(`/shares/holdDetail?id=${buy.positionId}`);
    await page
      .getByRole('region', { name: t('trading.detail.purchase'), exact: true })
      .getByText(euro(centsText(capital)))
      .first()
      .waitFor();
    await expectAccessible(page, 'lot detail');
    await page.getByRole('link', { name: t('trading.sides.sell'), exact: true }).click();
    await waitForHash(`/trade?code=${code}&side=sell&positionId=${buy.positionId}`);

    const shares = page.getByLabel(t('trading.ticket.shares'), { exact: true });
    await shares.fill('0');
    await page.getByText(t('trading.validation.sharesZero')).waitFor();
    await shares.fill(String(soldShares));
    await expect.poll(() => line('trading.costs.quantity').locator('dd').textContent()).toBe(String(soldShares));
    await line('trading.costs.stampDuty').waitFor();
    await page
      .locator('form')
      .getByRole('button', { name: t('trading.ticket.submitSell'), exact: true })
      .click();
    dialog = page.getByRole('dialog', { name: t('trading.confirm.titleSell') });
    // The spec's question before a sale.
    await dialog.getByText(t('trading.confirm.questionSell')).waitFor();
    await expectAccessible(page, 'sell confirmation');
    await dialog.getByLabel(t('wallet.tradingPassword'), { exact: true }).fill(investor.tradingPassword);
    await dialog.getByRole('button', { name: t('common.confirm') }).click();
    await page.getByText(t('trading.ticket.saleSucceeded')).first().waitFor();
    await waitForHash(`/shares/holdDetail?id=${buy.positionId}`);
    await page.getByText(t('trading.positionStatus.partlySold')).waitFor();

    // The realized P/L, worked out here: proceeds − the sold shares' part of the capital (half-up).
    const sell = (await api<OrderWire[]>(token, 'GET', '/api/trade/orders?status=filled')).find(
      (order) => order.side === 'sell',
    )!;
    const sold = costs('sell', sell.fillPrice!, soldShares, fees);
    expect(cents(sell.gross!)).toBe(sold.gross);
    expect(cents(sell.stampDuty!)).toBe(sold.stampDuty);
    expect(cents(sell.total!)).toBe(sold.total);
    const allocated = halfUp(capital * BigInt(soldShares), BigInt(boughtShares));
    const realized = sold.total - allocated;

    await page.goto('/#/historyPosition');
    await page.getByRole('heading', { name: t('trading.history.title'), level: 1 }).waitFor();
    const historyRow = page.getByRole('listitem', { name: new RegExp(` ${code}$`) });
    await historyRow.getByText(signedEuro(realized), { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('history-realized-total').textContent()).toBe(signedEuro(realized));
    await expectAccessible(page, 'historical positions');
    await historyRow.getByRole('link').click();
    await waitForHash(`/historyDetail?id=${buy.positionId}`);
    const result = page.getByRole('region', { name: t('trading.detail.result'), exact: true });
    await result.getByText(signedEuro(realized), { exact: true }).waitFor();
    await page
      .getByRole('region', { name: t('trading.detail.sales'), exact: true })
      .getByText(euro(centsText(sold.stampDuty)))
      .first()
      .waitFor();
    await expectAccessible(page, 'historical position');

    // Today's fills and the order records.
    await page.goto('/#/transaction?tab=fills');
    await page.getByRole('listitem').nth(1).waitFor();
    await expectAccessible(page, 'orders');
    await page.goto('/#/shares/creatOrder');
    await page.getByRole('listitem').nth(1).waitFor();
    await expectAccessible(page, 'order records');

    // Cash: 2,000.00 − cost of the buy + proceeds of the sale.
    const assets = await api<{ cash: string }>(token, 'GET', '/api/user/assets');
    expect(cents(assets.cash)).toBe(200_000n - bought.total + sold.total);

    // Every cent accounted for.
    const verify = spawnSync('npm', ['run', '--silent', 'ledger:verify'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: e2e.dataDir,
        SQLITE_FILE: path.join(e2e.dataDir, 'bourse.sqlite'),
        DATABASE_URL: '',
      },
      encoding: 'utf8',
    });
    expect(verify.status, verify.stdout + verify.stderr).toBe(0);
    expect(JSON.parse(verify.stdout)).toMatchObject({ ok: true, problems: [] });
  });
});
