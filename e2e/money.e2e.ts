import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { formatMoney } from '@bourse/shared/format';
import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { OperatorRole } from '@bourse/shared/schemas/admin';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { operatorToken, registerThroughApi } from './api.ts';
import { expectAccessible, launch, phoneContext } from './browser.ts';

const e2e = inject('e2e');
const root = path.resolve(import.meta.dirname, '..');
const t = (key: MessageKey, params?: Record<string, string | number>) => translate('de', key, params);
const euro = (amount: string) => formatMoney(amount, { lang: 'de', currency: 'EUR' });

/** An operator of this journey's own (TOTP steps of the demo operator belong to another journey). */
const signedInOperator = (username: string, roles: OperatorRole[]) => operatorToken(e2e, username, roles);

async function adminCall<T>(token: string, method: string, url: string, payload?: object): Promise<T> {
  const res = await fetch(`${e2e.baseUrl}${url}`, {
    method,
    headers: { token, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  const body = (await res.json()) as { data: T };
  expect(res.status, `${method} ${url}`).toBe(200);
  return body.data;
}

const photo = (color: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

describe.skipIf(!e2e.chromium)('money in and out in Chromium at an iPhone viewport', () => {
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

  it('verifies, binds a card, deposits through the sandbox checkout, withdraws part, is paid; the ledger verifies', async () => {
    const investor = { phone: '+4915244556677', password: 'Money2026x' };
    expect(
      (await registerThroughApi(e2e.baseUrl, { ...investor, inviteCode: e2e.fixtureInviteCodes[1]! })).status,
    ).toBe(200);
    await page.goto('/#/login');
    await page.getByLabel(t('auth.phone'), { exact: true }).fill(investor.phone);
    await page.getByLabel(t('auth.password'), { exact: true }).fill(investor.password);
    await page.getByRole('button', { name: t('auth.login') }).click();
    await waitForHash('/home');

    // Identity: submitted in the app, approved by compliance.
    await page.goto('/#/realNameAuthentication');
    await page.getByLabel(t('kyc.realName'), { exact: true }).fill('Jonas Weber');
    await page.getByLabel(t('kyc.idNumber'), { exact: true }).fill('T22000129');
    await page.getByText(t('kyc.docTypes.id_card'), { exact: true }).click();
    await page
      .getByLabel(new RegExp(t('kyc.front')))
      .setInputFiles({ name: 'f.jpg', mimeType: 'image/jpeg', buffer: await photo('#2255aa') });
    await page
      .getByLabel(new RegExp(t('kyc.back')))
      .setInputFiles({ name: 'b.jpg', mimeType: 'image/jpeg', buffer: await photo('#aa5522') });
    await page.getByRole('button', { name: t('kyc.submit') }).click();
    await page.getByText(t('kyc.inReviewBody')).waitFor();
    const compliance = await signedInOperator('e2e_money_compliance', ['compliance']);
    const queue = await adminCall<{ items: Array<{ userId: number; phone: string }> }>(
      compliance,
      'GET',
      '/api/admin/kyc?status=in_review',
    );
    const userId = queue.items.find((item) => item.phone === investor.phone)!.userId;
    await adminCall(compliance, 'POST', `/api/admin/kyc/${userId}/approve`);

    // A bank card in the verified name.
    // The app learns of the approval on its next load (a user reopening it).
    await page.goto('/#/ucenter/bank');
    await page.reload();
    await page.getByRole('heading', { name: t('wallet.bind.title'), level: 1 }).waitFor();
    await expectAccessible(page, 'bind card');
    await page.getByLabel(t('wallet.cards.bank'), { exact: true }).fill('Musterbank');
    await page.getByLabel(t('wallet.cards.branch'), { exact: true }).fill('Hamburg');
    await page.getByLabel(t('wallet.cards.holder'), { exact: true }).fill('Jonas Weber');
    await page.getByLabel(t('wallet.cards.iban'), { exact: true }).fill('DE89 3704 0044 0000 4530 00');
    await page.getByText(t('wallet.bind.agree')).click();
    await page.getByRole('button', { name: t('wallet.bind.submit') }).click();
    await page.getByText('DE89 •••• 3000').first().waitFor();
    // The other ways in, each looked at once.
    await page.goto('/#/ucenter/bank-list');
    await page.getByRole('heading', { name: t('wallet.cards.title'), level: 1 }).waitFor();
    await page.getByText('DE89 •••• 3000').first().waitFor();
    await expectAccessible(page, 'bank cards');
    await page.goto('/#/bankIn');
    await page.getByRole('heading', { name: t('wallet.bankIn.title'), level: 1 }).waitFor();
    await expectAccessible(page, 'bank in');
    await page.goto('/#/ucenter/transfer');
    await page.getByRole('heading', { name: t('wallet.transfer.title'), level: 1 }).waitFor();
    await page.getByRole('radio', { name: /DE89/ }).waitFor();
    await expectAccessible(page, 'bank-securities transfer');

    // Deposit 500.00: the provider's checkout page, approved by the payer.
    await page.goto('/#/fastpayment');
    await page.getByLabel(t('wallet.amount'), { exact: true }).fill('500');
    await expectAccessible(page, 'quick payment');
    await page.getByRole('button', { name: t('wallet.deposit.submit') }).click();
    await page.waitForURL(/\/sandbox\/checkout\/sbx_/, { timeout: 15_000 });
    await page.getByText('500.00 EUR').waitFor();
    // The provider's page speaks the investor's language and leads back to the payment's outcome.
    await page.getByRole('button', { name: t('sandboxCheckout.approve') }).click();
    await page.getByText(t('sandboxCheckout.approved')).waitFor();
    await page.getByRole('link', { name: t('sandboxCheckout.back') }).click();
    await page.getByText(t('depositResult.succeeded', { amount: euro('500.00') })).waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'deposit outcome');

    // The signed webhook arrives shortly after: the personal centre shows the money.
    await expect
      .poll(
        async () => {
          // Re-opening the same hash does not reload the app; a reload fetches the figures afresh.
          await page.goto('/#/personCenter');
          await page.reload();
          await page.getByRole('heading', { name: t('assets.title'), level: 1 }).waitFor();
          return page.getByText(euro('500.00')).count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
    await expectAccessible(page, 'personal centre');
    await page.goto('/#/bankRecord?direction=in&period=today');
    await page.getByText(t('wallet.records.statuses.succeeded')).first().waitFor();
    await expectAccessible(page, 'finance records');

    // Trading password, then a withdrawal of 200.00.
    await page.goto('/#/payPwd');
    await page.getByLabel(t('wallet.payPassword.loginPassword'), { exact: true }).fill(investor.password);
    await page.getByLabel(t('wallet.payPassword.new'), { exact: true }).fill('246813');
    await page.getByLabel(t('wallet.payPassword.confirm'), { exact: true }).fill('246813');
    await page.getByRole('button', { name: t('wallet.payPassword.setSubmit') }).click();
    await page.getByText(t('wallet.payPassword.set')).first().waitFor();

    await page.goto('/#/withdraw');
    await page.getByRole('radio', { name: /DE89/ }).check();
    await page.getByLabel(t('wallet.amount'), { exact: true }).fill('200');
    await page.getByLabel(t('wallet.tradingPassword'), { exact: true }).fill('246813');
    await expectAccessible(page, 'withdraw');
    await page
      .locator('form')
      .getByRole('button', { name: t('wallet.withdraw.submit'), exact: true })
      .click();
    // The confirmation names the amount and discloses the fee (none in the demo settings) before anything moves.
    await page
      .getByRole('dialog')
      .getByText(/200,00/)
      .waitFor();
    await page.getByRole('dialog').getByText(euro('0.00'), { exact: false }).waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('common.confirm') })
      .click();
    await page.getByText(t('wallet.withdraw.success')).first().waitFor();

    // Finance pays it; the investor's figures follow.
    const finance = await signedInOperator('e2e_money_finance', ['finance']);
    const pending = await adminCall<{ items: Array<{ id: number; phone: string; amount: string }> }>(
      finance,
      'GET',
      '/api/admin/withdrawals?status=pending',
    );
    const mine = pending.items.find((w) => w.phone === investor.phone)!;
    expect(mine.amount).toBe('200.00');
    expect((await adminCall<{ status: string }>(finance, 'POST', `/api/admin/withdrawals/${mine.id}/pay`)).status).toBe(
      'paid',
    );
    await page.goto('/#/personCenter');
    await page.getByText(euro('300.00')).first().waitFor();
    await page.goto('/#/bankRecord?direction=out&period=today');
    await page.getByText(t('wallet.records.statuses.paid')).first().waitFor();

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
