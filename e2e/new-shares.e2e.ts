import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  apiCall,
  logInThroughApi as logInThroughApiAt,
  ownInvitation as ownInvitationIn,
  operatorToken,
  registerThroughApi,
} from './api.ts';
import { expectAccessible, launch, phoneContext } from './browser.ts';

const e2e = inject('e2e');
const root = path.resolve(import.meta.dirname, '..');
const t = (key: MessageKey, params?: Record<string, string | number>) => translate('de', key, params);

const api = <T>(token: string | null, method: string, url: string, payload?: object, headers = {}) =>
  apiCall<T>(e2e.baseUrl, token, method, url, payload, headers);
const logInThroughApi = (username: string, password: string) => logInThroughApiAt(e2e.baseUrl, username, password);
const ownInvitation = () => ownInvitationIn(e2e, 'e2e new shares');

const photo = (color: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

interface Issue {
  id: number;
  code: string;
  name: string;
  status: string;
}
interface Subscription {
  issueId: number;
  status: string;
  lots: number;
  amountHeld: string;
}
interface BlockOrder {
  id: number;
  status: string;
  quantity: number;
  positionId: number | null;
}

describe.skipIf(!e2e.chromium)('new shares and block trades in Chromium at an iPhone viewport', () => {
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

  it('subscribes to an open issue, finds it in the records, orders a block trade that an operator approves; the ledger verifies', async () => {
    // An investor of this journey's own: verified by compliance, a trading password, 10,000.00 in cash.
    const investor = { phone: '+4915298765432', password: 'Shares2026x', tradingPassword: '246813' };
    const registered = await registerThroughApi(e2e.baseUrl, {
      phone: investor.phone,
      password: investor.password,
      inviteCode: await ownInvitation(),
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
      { amount: '10000.00', method: 'quick' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    await api(null, 'POST', `/api/payments/sandbox/${/sbx_[0-9a-f]{24}/.exec(deposit.checkoutUrl)![0]}/approve`);
    await expect
      .poll(async () => (await api<{ cash: string }>(token, 'GET', '/api/user/assets')).cash, { timeout: 15_000 })
      .toBe('10000.00');

    await page.goto('/#/login');
    await page.getByLabel(t('auth.phone'), { exact: true }).fill(investor.phone);
    await page.getByLabel(t('auth.password'), { exact: true }).fill(investor.password);
    await page.getByRole('button', { name: t('auth.login') }).click();
    await waitForHash('/home');

    await page.goto('/#/realNameAuthentication');
    await page.getByLabel(t('kyc.realName'), { exact: true }).fill('Lena Vogt');
    await page.getByLabel(t('kyc.idNumber'), { exact: true }).fill('T22000137');
    await page.getByText(t('kyc.docTypes.id_card'), { exact: true }).click();
    await page
      .getByLabel(new RegExp(t('kyc.front')))
      .setInputFiles({ name: 'f.jpg', mimeType: 'image/jpeg', buffer: await photo('#335577') });
    await page
      .getByLabel(new RegExp(t('kyc.back')))
      .setInputFiles({ name: 'b.jpg', mimeType: 'image/jpeg', buffer: await photo('#775533') });
    await page.getByRole('button', { name: t('kyc.submit') }).click();
    await page.getByText(t('kyc.inReviewBody')).waitFor();
    const compliance = await operatorToken(e2e, 'e2e_shares_compliance', ['compliance']);
    const queue = await api<{ items: Array<{ userId: number; phone: string }> }>(
      compliance,
      'GET',
      '/api/admin/kyc?status=in_review',
    );
    const userId = queue.items.find((item) => item.phone === investor.phone)!.userId;
    await api(compliance, 'POST', `/api/admin/kyc/${userId}/approve`);

    // The calendar: the demo's open issue, with its window's countdown.
    const open = await api<{ items: Issue[] }>(null, 'GET', '/api/ipo?status=open');
    const issue = open.items.find((item) => item.code === 'SOLR')!;
    expect(issue).toBeDefined();
    await page.goto('/#/shares/new');
    await page.reload();
    await page.getByRole('heading', { name: t('ipo.calendar.title'), level: 1 }).waitFor();
    await page.getByText(issue.name).first().waitFor();
    await expectAccessible(page, 'new-share calendar');
    for (const tab of ['upcoming', 'closed', 'listed'] as const) {
      await page.getByRole('tab', { name: t(`ipo.calendar.tabs.${tab}`) }).click();
      await page.getByRole('tab', { name: t(`ipo.calendar.tabs.${tab}`), selected: true }).waitFor();
    }
    await page.getByRole('tab', { name: t('ipo.calendar.tabs.open') }).click();

    // Its detail: the terms and the draw's published seed hash.
    await page.goto(`/#/shares/new-detail?id=${issue.id}`);
    await page.getByText(t('ipo.fields.applicationCode')).first().waitFor();
    await page.getByText(t('ipo.draw.seedHash')).waitFor();
    await expectAccessible(page, 'new-share detail');

    // Subscribing: 2 lots (2 × 100 shares × 9.75 = 1,950.00 held), first with a wrong trading password.
    await page.goto(`/#/apply?id=${issue.id}`);
    await page.getByRole('heading', { name: t('ipo.apply.title'), level: 1 }).waitFor();
    const lots = page.getByLabel(t('ipo.apply.lots'), { exact: true });
    await lots.fill('2');
    await expectAccessible(page, 'subscribe');
    await page.getByLabel(t('wallet.tradingPassword'), { exact: true }).fill('000000');
    await page.getByRole('button', { name: t('ipo.apply.submit'), exact: true }).click();
    await page.getByText(t('errors.TRADING_PASSWORD_WRONG')).first().waitFor();
    expect(await api<Subscription[] | { items: Subscription[] }>(token, 'GET', '/api/ipo/subscriptions')).toMatchObject(
      { items: [] },
    );
    await page.getByLabel(t('wallet.tradingPassword'), { exact: true }).fill(investor.tradingPassword);
    await page.getByRole('button', { name: t('ipo.apply.submit'), exact: true }).click();
    await waitForHash(`/shares/new-detail?id=${issue.id}`);
    const subscriptions = await api<{ items: Subscription[] }>(token, 'GET', '/api/ipo/subscriptions');
    expect(subscriptions.items).toMatchObject([
      { issueId: issue.id, status: 'subscribed', lots: 2, amountHeld: '1950.00' },
    ]);
    const assets = await api<{ cash: string; frozen: string }>(token, 'GET', '/api/user/assets');
    expect(assets).toMatchObject({ available: '8050.00', frozen: '1950.00' });

    // The records: subscribed, waiting for the draw.
    await page.goto('/#/ucenter/shengou');
    await page.getByRole('heading', { name: t('ipo.records.subscriptionsTitle'), level: 1 }).waitFor();
    await page.getByText(issue.name).first().waitFor();
    await page.getByText(t('ipo.subscriptionStatuses.subscribed')).first().waitFor();
    await expectAccessible(page, 'subscription records');
    await page.goto('/#/apply-record');
    await page.getByRole('heading', { name: t('ipo.records.applicationsTitle'), level: 1 }).waitFor();
    await page.getByText(issue.name).first().waitFor();
    await expectAccessible(page, 'application records');

    // A block trade: 100 shares of the demo's offer, held, then approved by finance.
    await page.goto('/#/shares/dzjy');
    await page.getByRole('heading', { name: t('blockTrade.title'), level: 1 }).waitFor();
    await expectAccessible(page, 'block-trade offers');
    const offerButton = page.getByRole('button', { name: /ordern$/ }).first();
    await offerButton.click();
    const quantity = page.getByLabel(t('blockTrade.fields.quantity'), { exact: true });
    await quantity.fill('100');
    await page.getByLabel(t('wallet.tradingPassword'), { exact: true }).fill(investor.tradingPassword);
    await page.getByRole('button', { name: t('blockTrade.submit'), exact: true }).click();
    await page.getByText(t('blockTrade.placed')).first().waitFor();
    const placed = await api<{ items: BlockOrder[] }>(token, 'GET', '/api/blocktrade/orders');
    expect(placed.items).toMatchObject([{ status: 'pending', quantity: 100, positionId: null }]);

    const finance = await operatorToken(e2e, 'e2e_shares_finance', ['finance']);
    await api(finance, 'POST', `/api/admin/blocktrade/orders/${placed.items[0]!.id}/approve`);
    await page.goto('/#/shares/dzjy-record');
    await page.getByRole('heading', { name: t('blockTrade.recordsTitle'), level: 1 }).waitFor();
    await page.getByText(t('blockTrade.statuses.approved')).first().waitFor();
    await expectAccessible(page, 'block-trade records');
    const approved = await api<{ items: BlockOrder[] }>(token, 'GET', '/api/blocktrade/orders');
    expect(approved.items[0]).toMatchObject({ status: 'approved' });
    expect(approved.items[0]!.positionId).not.toBeNull();

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
