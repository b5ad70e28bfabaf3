import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { formatMoney } from '@bourse/shared/format';
import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { IpoDraw, IpoIssueBody } from '@bourse/shared/schemas/ipo';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  apiCall,
  createOperatorAccount,
  logInThroughApi as logInThroughApiAt,
  ownInvitation as ownInvitationIn,
  operatorToken,
  registerThroughApi,
  totpCode,
} from './api.ts';
import { expectAccessible, launch, phoneContext } from './browser.ts';
import { root, startServer, type E2eServer } from './server.ts';

const { chromium } = inject('e2e');
const t = (key: MessageKey, params?: Record<string, string | number>) => translate('de', key, params);
const euro = (amount: string) => formatMoney(amount, { lang: 'de', currency: 'EUR' });

const MINUTE = 60_000;

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
  id: number;
  issueId: number;
  status: string;
  lots: number;
  amountHeld: string;
  lotsAllotted: number | null;
  amountCaptured: string | null;
  amountReleased: string | null;
  positionId: number | null;
}
interface BlockOrder {
  id: number;
  status: string;
  quantity: number;
  positionId: number | null;
}
interface Position {
  id: number;
  code: string;
  quantity: number;
}

/**
 * Two issues of the journey's own, both open now and drawn 16 minutes later, listed 4 minutes after
 * that (the sandbox clock is moved there): one offered widely (everyone gets every lot applied for)
 * and one with a single public lot that other investors want many of.
 */
function journeyIssues(nowMs: number): { plenty: IpoIssueBody; scarce: IpoIssueBody } {
  const at = (offsetMs: number) => new Date(nowMs + offsetMs).toISOString();
  const schedule = {
    subscribeStart: at(-MINUTE),
    subscribeEnd: at(15 * MINUTE),
    allocationAt: at(16 * MINUTE),
    listingAt: at(20 * MINUTE),
  };
  return {
    // 3 lots at most, 100 × 4.00 = 400.00 each; 1,000 public lots: undersubscribed.
    plenty: {
      code: 'FLXA',
      name: 'Fluxa Antriebe AG',
      applicationCode: '781301',
      sector: 'industrials',
      board: 'main',
      issuePrice: '4.00',
      issueQuantity: 200_000,
      publicQuantity: 100_000,
      totalShares: 1_000_000,
      lotSize: 100,
      maxLotsPerInvestor: 3,
      pe: '12.00',
      industryPe: '15.00',
      ...schedule,
    },
    // 1 public lot of 100 × 2.00 = 200.00; up to 50 lots each: oversubscribed.
    scarce: {
      code: 'RARX',
      name: 'Raritas Materialien AG',
      applicationCode: '781302',
      sector: 'materials',
      board: 'growth',
      issuePrice: '2.00',
      issueQuantity: 100,
      publicQuantity: 100,
      totalShares: 1_000_000,
      lotSize: 100,
      maxLotsPerInvestor: 50,
      pe: null,
      industryPe: null,
      ...schedule,
    },
  };
}

/**
 * This journey moves the sandbox clock (past the draw, then past the listing). Sign-in payloads and
 * TOTP codes are checked against that clock, so it runs on a server of its own: the journeys sharing
 * the global one keep a clock that runs with real time.
 */
describe.skipIf(!chromium)(
  'new shares from subscription to sale, and block trades, in Chromium at an iPhone viewport',
  () => {
    let server: E2eServer;
    let browser: Browser;
    let page: Page;
    /** How far the journey has moved the server's clock ahead of real time. */
    let clockOffsetMs = 0;

    beforeAll(async () => {
      server = await startServer('bourse-e2e-new-shares');
      browser = await launch(chromium!);
      page = await (await phoneContext(browser, server.baseUrl)).newPage();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    const api = <T>(token: string | null, method: string, url: string, payload?: object, headers = {}) =>
      apiCall<T>(server.baseUrl, token, method, url, payload, headers);
    const waitForHash = (hash: string | RegExp) =>
      page.waitForURL((url) => (typeof hash === 'string' ? url.hash === `#${hash}` : hash.test(url.hash)), {
        timeout: 15_000,
      });
    /** A value of a label/value list (StatList) inside `scope`. */
    const figure = (scope: Locator, key: MessageKey) =>
      scope
        .locator('.stat-list-item')
        .filter({ has: page.getByText(t(key), { exact: true }) })
        .locator('dd');

    /** Moves the sandbox clock `ms` ahead; whatever fell due runs before the answer. */
    async function advanceClock(admin: string, ms: number): Promise<{ now: string; jobs: Array<{ name: string }> }> {
      const moved = await api<{ now: string; jobs: Array<{ name: string }> }>(
        admin,
        'POST',
        '/api/admin/clock/advance',
        {
          ms,
        },
      );
      clockOffsetMs = Date.parse(moved.now) - Date.now();
      return moved;
    }

    /** An investor made through the API: registered, signed in, trading password, cash, verified by compliance. */
    async function verifiedInvestor(
      compliance: string,
      person: { phone: string; password: string; tradingPassword: string; name: string; idNumber: string },
      cash: string,
    ): Promise<string> {
      const registered = await registerThroughApi(server.baseUrl, {
        phone: person.phone,
        password: person.password,
        inviteCode: await ownInvitationIn(server, 'e2e new shares'),
      });
      expect(registered.status, JSON.stringify(registered.body)).toBe(200);
      const token = await logInThroughApiAt(server.baseUrl, person.phone, person.password);
      await api(token, 'POST', '/api/user/tradingPassword', {
        password: person.tradingPassword,
        confirmPassword: person.tradingPassword,
        loginPassword: person.password,
      });
      const deposit = await api<{ checkoutUrl: string }>(
        token,
        'POST',
        '/api/wallet/deposits',
        { amount: cash, method: 'quick' },
        { 'idempotency-key': crypto.randomUUID() },
      );
      await api(null, 'POST', `/api/payments/sandbox/${/sbx_[0-9a-f]{24}/.exec(deposit.checkoutUrl)![0]}/approve`);
      await expect
        .poll(async () => (await api<{ cash: string }>(token, 'GET', '/api/user/assets')).cash, { timeout: 15_000 })
        .toBe(cash);
      const form = new FormData();
      form.set('realName', person.name);
      form.set('idNumber', person.idNumber);
      form.set('docType', 'id_card');
      form.set('front', new Blob([new Uint8Array(await photo('#446688'))], { type: 'image/jpeg' }), 'f.jpg');
      form.set('back', new Blob([new Uint8Array(await photo('#886644'))], { type: 'image/jpeg' }), 'b.jpg');
      const submitted = await fetch(`${server.baseUrl}/api/user/authentication`, {
        method: 'POST',
        headers: { token },
        body: form,
      });
      expect(submitted.status, await submitted.clone().text()).toBe(200);
      await approveIdentity(compliance, person.phone);
      return token;
    }

    async function approveIdentity(compliance: string, phone: string): Promise<void> {
      const queue = await api<{ items: Array<{ userId: number; phone: string }> }>(
        compliance,
        'GET',
        '/api/admin/kyc?status=in_review',
      );
      const userId = queue.items.find((item) => item.phone === phone)!.userId;
      await api(compliance, 'POST', `/api/admin/kyc/${userId}/approve`);
    }

    it('subscribes to one issue and one-clicks the rest, sees allotted and not allotted with the refund after the draw, re-checks the draw, sells the listed shares, orders a block trade the console approves; the ledger verifies', async () => {
      // Operators of the journey's own: the issuer's desk (new issues, the sandbox clock) and compliance.
      const admin = await operatorToken(server, 'e2e_shares_admin', ['admin']);
      const compliance = await operatorToken(server, 'e2e_shares_compliance', ['compliance']);

      const { plenty, scarce } = journeyIssues(Date.now());
      const created = {
        plenty: await api<Issue>(admin, 'POST', '/api/admin/ipo', plenty),
        scarce: await api<Issue>(admin, 'POST', '/api/admin/ipo', scarce),
      };
      // Their windows began a minute ago: the creation opened them.
      expect(created.plenty.status).toBe('open');
      expect(created.scarce.status).toBe('open');

      // Three other investors apply for 50 lots each of the single public lot.
      for (const [n, name] of [
        [1, 'Jonas Brandt'],
        [2, 'Mira Kessler'],
        [3, 'Paul Winter'],
      ] as const) {
        const other = {
          phone: `+49152987650${n}0`,
          password: 'Shares2026x',
          tradingPassword: '246813',
          name,
          idNumber: `T2200020${n}`,
        };
        const token = await verifiedInvestor(compliance, other, '10000.00');
        await api(
          token,
          'POST',
          `/api/ipo/${created.scarce.id}/subscribe`,
          { lots: 50, tradingPassword: other.tradingPassword },
          { 'idempotency-key': crypto.randomUUID() },
        );
      }

      // The journey's investor: verified by compliance, a trading password, 50,000.00 in cash.
      const investor = { phone: '+4915298765432', password: 'Shares2026x', tradingPassword: '246813' };
      const registered = await registerThroughApi(server.baseUrl, {
        phone: investor.phone,
        password: investor.password,
        inviteCode: await ownInvitationIn(server, 'e2e new shares'),
      });
      expect(registered.status, JSON.stringify(registered.body)).toBe(200);
      const token = await logInThroughApiAt(server.baseUrl, investor.phone, investor.password);
      await api(token, 'POST', '/api/user/tradingPassword', {
        password: investor.tradingPassword,
        confirmPassword: investor.tradingPassword,
        loginPassword: investor.password,
      });
      const deposit = await api<{ checkoutUrl: string }>(
        token,
        'POST',
        '/api/wallet/deposits',
        { amount: '50000.00', method: 'quick' },
        { 'idempotency-key': crypto.randomUUID() },
      );
      await api(null, 'POST', `/api/payments/sandbox/${/sbx_[0-9a-f]{24}/.exec(deposit.checkoutUrl)![0]}/approve`);
      await expect
        .poll(async () => (await api<{ cash: string }>(token, 'GET', '/api/user/assets')).cash, { timeout: 15_000 })
        .toBe('50000.00');

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
      await approveIdentity(compliance, investor.phone);

      // The calendar: the demo's open issue and the journey's two, with their windows' countdown.
      const open = await api<{ items: Issue[] }>(null, 'GET', '/api/ipo?status=open');
      const solr = open.items.find((item) => item.code === 'SOLR')!;
      expect(solr).toBeDefined();
      await page.goto('/#/shares/new');
      await page.reload();
      await page.getByRole('heading', { name: t('ipo.calendar.title'), level: 1 }).waitFor();
      for (const issue of [solr, created.plenty, created.scarce]) await page.getByText(issue.name).first().waitFor();
      await expectAccessible(page, 'new-share calendar');
      for (const tab of ['upcoming', 'closed', 'listed'] as const) {
        await page.getByRole('tab', { name: t(`ipo.calendar.tabs.${tab}`) }).click();
        await page.getByRole('tab', { name: t(`ipo.calendar.tabs.${tab}`), selected: true }).waitFor();
      }
      await page.getByRole('tab', { name: t('ipo.calendar.tabs.open') }).click();

      // The scarce issue's detail: the terms and the draw's published seed hash.
      await page.goto(`/#/shares/new-detail?id=${created.scarce.id}`);
      await page.getByText(t('ipo.fields.applicationCode')).first().waitFor();
      await page.getByText(t('ipo.draw.seedHash')).waitFor();
      await expectAccessible(page, 'new-share detail');

      // Subscribing to it: 1 lot (100 shares × 2.00 = 200.00 held), first with a wrong trading password.
      await page.goto(`/#/apply?id=${created.scarce.id}`);
      await page.getByRole('heading', { name: t('ipo.apply.title'), level: 1 }).waitFor();
      await page.getByLabel(t('ipo.apply.lots'), { exact: true }).fill('1');
      await expectAccessible(page, 'subscribe');
      await page.getByLabel(t('wallet.tradingPassword'), { exact: true }).fill('000000');
      await page.getByRole('button', { name: t('ipo.apply.submit'), exact: true }).click();
      await page.getByText(t('errors.TRADING_PASSWORD_WRONG')).first().waitFor();
      expect(await api<{ items: Subscription[] }>(token, 'GET', '/api/ipo/subscriptions')).toMatchObject({ items: [] });
      await page.getByLabel(t('wallet.tradingPassword'), { exact: true }).fill(investor.tradingPassword);
      await page.getByRole('button', { name: t('ipo.apply.submit'), exact: true }).click();
      await waitForHash(`/shares/new-detail?id=${created.scarce.id}`);
      expect((await api<{ items: Subscription[] }>(token, 'GET', '/api/ipo/subscriptions')).items).toMatchObject([
        { issueId: created.scarce.id, status: 'subscribed', lots: 1, amountHeld: '200.00' },
      ]);

      // One click for the rest, in the order their windows close: the plentiful issue at its maximum
      // of 3 lots (1,200.00), then SOLR at its maximum of 30 lots (30 × 100 × 9.75 = 29,250.00).
      await page.goto('/#/shares/new');
      await page.getByRole('tab', { name: t('ipo.calendar.tabs.open'), selected: true }).waitFor();
      await page.getByRole('button', { name: t('ipo.oneClick.button') }).click();
      const oneClick = page.getByRole('dialog', { name: t('ipo.oneClick.title') });
      const summary = oneClick.getByRole('list', { name: t('ipo.oneClick.summaryLabel') });
      await summary.getByText(t('ipo.oneClick.lineLots', { lots: '3', amount: euro('1200.00') })).waitFor();
      await summary.getByText(t('ipo.oneClick.lineLots', { lots: '30', amount: euro('29250.00') })).waitFor();
      await expect.poll(() => summary.getByRole('listitem').count()).toBe(2);
      await oneClick.getByText(euro('30450.00')).waitFor();
      await expectAccessible(page, 'one-click summary');
      await oneClick.getByLabel(t('wallet.tradingPassword'), { exact: true }).fill(investor.tradingPassword);
      await oneClick.getByRole('button', { name: t('ipo.oneClick.confirm') }).click();
      const outcome = page.getByRole('dialog', { name: t('ipo.oneClick.resultTitle') });
      await outcome.getByText(t('ipo.oneClick.resultSummary', { number: '2', amount: euro('30450.00') })).waitFor();
      await expectAccessible(page, 'one-click result');
      await outcome.getByRole('button', { name: t('common.close') }).click();
      await outcome.waitFor({ state: 'hidden' });
      const subscribed = (await api<{ items: Subscription[] }>(token, 'GET', '/api/ipo/subscriptions')).items;
      const mine = (issueId: number) => subscribed.find((item) => item.issueId === issueId)!;
      expect(mine(created.plenty.id)).toMatchObject({ status: 'subscribed', lots: 3, amountHeld: '1200.00' });
      expect(mine(solr.id)).toMatchObject({ status: 'subscribed', lots: 30, amountHeld: '29250.00' });
      expect(await api(token, 'GET', '/api/user/assets')).toMatchObject({ available: '19350.00', frozen: '30650.00' });

      // The records: all three subscribed, waiting for the draw.
      await page.goto('/#/ucenter/shengou');
      await page.getByRole('heading', { name: t('ipo.records.subscriptionsTitle'), level: 1 }).waitFor();
      const record = (issue: Issue) => page.getByRole('listitem', { name: new RegExp(`${issue.name} ${issue.code}`) });
      for (const issue of [solr, created.plenty, created.scarce]) {
        await record(issue).getByText(t('ipo.subscriptionStatuses.subscribed')).waitFor();
      }
      await expectAccessible(page, 'subscription records');
      await page.goto('/#/apply-record');
      await page.getByRole('heading', { name: t('ipo.records.applicationsTitle'), level: 1 }).waitFor();
      await record(created.scarce).waitFor();
      await expectAccessible(page, 'application records');

      // The clock moves past the draw: both windows close and both issues are drawn (SOLR's window
      // runs for days yet).
      const drawAt = Date.parse(plenty.allocationAt);
      const drawn = await advanceClock(admin, drawAt - (Date.now() + clockOffsetMs) + 1_000);
      expect(drawn.jobs.map((job) => job.name)).toEqual(expect.arrayContaining(['ipo.allocation']));
      const scarceDraw = await api<IpoDraw>(null, 'GET', `/api/ipo/${created.scarce.id}/draw`);
      expect(scarceDraw).toMatchObject({ status: 'allocated', publicLots: 1, appliedLots: 151, oversubscribed: true });
      expect(scarceDraw.seed).toMatch(/^[0-9a-f]+$/);
      expect(scarceDraw.entries.reduce((sum, entry) => sum + (entry.allotted ?? 0), 0)).toBe(1);
      // What the published draw gave the journey's subscription decides what the app must show.
      const scarceSubscription = mine(created.scarce.id);
      const entry = scarceDraw.entries.find((item) => item.subscriptionId === scarceSubscription.id)!;
      expect(entry).toMatchObject({ lots: 1 });
      const scarceAllotted = entry.allotted === 1;
      const scarceOutcome = scarceAllotted
        ? { status: 'allotted', lotsAllotted: 1, amountCaptured: '200.00', amountReleased: '0.00' }
        : { status: 'not_allotted', lotsAllotted: 0, amountCaptured: '0.00', amountReleased: '200.00' };
      const plentyOutcome = { status: 'allotted', lotsAllotted: 3, amountCaptured: '1200.00', amountReleased: '0.00' };
      const afterDraw = (await api<{ items: Subscription[] }>(token, 'GET', '/api/ipo/subscriptions')).items;
      expect(afterDraw.find((item) => item.issueId === created.scarce.id)).toMatchObject(scarceOutcome);
      expect(afterDraw.find((item) => item.issueId === created.plenty.id)).toMatchObject(plentyOutcome);
      // The refund is cash again; SOLR's 29,250.00 stays held.
      expect(await api(token, 'GET', '/api/user/assets')).toMatchObject({
        available: scarceAllotted ? '19350.00' : '19550.00',
        frozen: '29250.00',
      });

      // The records show it: allotted with lots and what was paid, or not allotted with the refund.
      const expectOutcome = async (scope: Locator, outcome: typeof scarceOutcome) => {
        await scope
          .getByText(t(`ipo.subscriptionStatuses.${outcome.status}` as MessageKey))
          .first()
          .waitFor();
        await expect
          .poll(() => figure(scope, 'ipo.fields.lotsAllotted').textContent())
          .toBe(String(outcome.lotsAllotted));
        await expect
          .poll(() => figure(scope, 'ipo.fields.amountCaptured').textContent())
          .toBe(euro(outcome.amountCaptured));
        await expect
          .poll(() => figure(scope, 'ipo.fields.amountReleased').textContent())
          .toBe(euro(outcome.amountReleased));
      };
      await page.goto('/#/ucenter/shengou');
      await page.getByRole('heading', { name: t('ipo.records.subscriptionsTitle'), level: 1 }).waitFor();
      await expectOutcome(record(created.scarce), scarceOutcome);
      await expectOutcome(record(created.plenty), plentyOutcome);
      await record(solr).getByText(t('ipo.subscriptionStatuses.subscribed')).waitFor();
      await expectAccessible(page, 'subscription records after the draw');
      const filter = scarceAllotted ? 'allotted' : 'not_allotted';
      await page.getByRole('tab', { name: t(`ipo.records.filters.${filter}`) }).click();
      await expectOutcome(record(created.scarce), scarceOutcome);
      await expect.poll(() => record(solr).count()).toBe(0);
      await expectAccessible(page, `subscription records, ${filter}`);

      await page.goto('/#/ucenter/allocation');
      await page.getByRole('heading', { name: t('ipo.records.allocationsTitle'), level: 1 }).waitFor();
      await expectOutcome(record(created.scarce), scarceOutcome);
      await expectOutcome(record(created.plenty), plentyOutcome);
      await expect.poll(() => record(solr).count()).toBe(0);
      await expectAccessible(page, 'allocation records');

      const allotmentCard = page.locator('.adm-card').filter({
        has: page.getByRole('heading', { name: t('ipo.detail.myAllotment') }),
      });
      await page.goto(`/#/shares/new-detail?id=${created.scarce.id}`);
      await expectOutcome(allotmentCard, scarceOutcome);
      await page.getByText(scarceDraw.seed!).waitFor();
      await page.getByText(t('ipo.draw.oversubscribed')).waitFor();
      await expectAccessible(page, 'new-share detail after the draw');
      await page.goto(`/#/shares/new-detail?id=${created.plenty.id}`);
      await expectOutcome(allotmentCard, plentyOutcome);
      await page.getByText(t('ipo.draw.everyoneServed')).waitFor();

      // Anyone can re-check the published draw.
      for (const issue of [created.scarce, created.plenty]) {
        const check = spawnSync(
          'npm',
          ['run', '--silent', 'ipo:verify', '--', String(issue.id), '--url', server.baseUrl],
          {
            cwd: root,
            encoding: 'utf8',
          },
        );
        expect(check.status, check.stdout + check.stderr).toBe(0);
        expect(check.stdout).toMatch(/^MATCH$/m);
        expect(check.stdout).not.toContain('MISMATCH');
      }

      // The clock moves past the listing: the allotted shares become a lot at the issue price, and the
      // instruments trade from there. The demo's market is open around the clock (MARKET_HOURS 24/7).
      const listAt = Date.parse(plenty.listingAt);
      const listed = await advanceClock(admin, listAt - (Date.now() + clockOffsetMs) + 1_000);
      expect(listed.jobs.map((job) => job.name)).toEqual(expect.arrayContaining(['ipo.listing']));
      expect(await api<Issue>(null, 'GET', `/api/ipo/${created.plenty.id}`)).toMatchObject({ status: 'listed' });
      const quote = await api<{ status: string; quote: { marketOpen: boolean } }>(
        null,
        'GET',
        `/api/market/instruments/${plenty.code}`,
      );
      expect(quote).toMatchObject({ status: 'listed', quote: { marketOpen: true } });
      const plentyLot = (await api<{ items: Subscription[] }>(token, 'GET', '/api/ipo/subscriptions')).items.find(
        (item) => item.issueId === created.plenty.id,
      )!;
      expect(plentyLot.positionId).not.toBeNull();

      await page.goto('/#/ucenter/holding');
      const holding = page.getByRole('listitem', { name: new RegExp(` ${plenty.code}$`) });
      await holding.waitFor();
      if (scarceAllotted) await page.getByRole('listitem', { name: new RegExp(` ${scarce.code}$`) }).waitFor();
      await expectAccessible(page, 'holdings with the listed shares');
      await holding.getByRole('link').click();
      await waitForHash(`/ucenter/holding?code=${plenty.code}`);
      await page.getByRole('listitem').getByRole('link').first().click();
      await waitForHash(`/shares/holdDetail?id=${plentyLot.positionId}`);
      await expectAccessible(page, 'lot of the listed shares');

      // A sale of 100 of the 300 shares through the order ticket.
      await page.getByRole('link', { name: t('trading.sides.sell'), exact: true }).click();
      await waitForHash(`/trade?code=${plenty.code}&side=sell&positionId=${plentyLot.positionId}`);
      await page.getByLabel(t('trading.ticket.shares'), { exact: true }).fill('100');
      await page
        .locator('form')
        .getByRole('button', { name: t('trading.ticket.submitSell'), exact: true })
        .click();
      const sellDialog = page.getByRole('dialog', { name: t('trading.confirm.titleSell') });
      await sellDialog.getByText(t('trading.confirm.questionSell')).waitFor();
      await expectAccessible(page, 'sale of listed shares');
      await sellDialog.getByLabel(t('wallet.tradingPassword'), { exact: true }).fill(investor.tradingPassword);
      await sellDialog.getByRole('button', { name: t('common.confirm') }).click();
      await page.getByText(t('trading.ticket.saleSucceeded')).first().waitFor();
      await waitForHash(`/shares/holdDetail?id=${plentyLot.positionId}`);
      await page.getByText(t('trading.positionStatus.partlySold')).waitFor();
      const positions = await api<Position[]>(token, 'GET', '/api/trade/positions');
      expect(positions.find((position) => position.id === plentyLot.positionId)).toMatchObject({ quantity: 200 });

      // A block trade: 100 shares of the demo's offer, held, then approved by finance in the console.
      await page.goto('/#/shares/dzjy');
      await page.getByRole('heading', { name: t('blockTrade.title'), level: 1 }).waitFor();
      await expectAccessible(page, 'block-trade offers');
      await page
        .getByRole('button', { name: /ordern$/ })
        .first()
        .click();
      await page.getByLabel(t('blockTrade.fields.quantity'), { exact: true }).fill('100');
      await page.getByLabel(t('wallet.tradingPassword'), { exact: true }).fill(investor.tradingPassword);
      await page.getByRole('button', { name: t('blockTrade.submit'), exact: true }).click();
      await page.getByText(t('blockTrade.placed')).first().waitFor();
      const placed = await api<{ items: BlockOrder[] }>(token, 'GET', '/api/blocktrade/orders');
      expect(placed.items).toMatchObject([{ status: 'pending', quantity: 100, positionId: null }]);
      const blockOrderId = placed.items[0]!.id;

      const finance = await createOperatorAccount(server, 'e2e_shares_finance', ['finance']);
      const desk = await browser.newContext({
        baseURL: server.baseUrl,
        locale: 'de-DE',
        viewport: { width: 1280, height: 800 },
      });
      const consolePage = await desk.newPage();
      await consolePage.goto('/admin/');
      await consolePage.getByLabel(t('admin.username'), { exact: true }).fill(finance.username);
      await consolePage.getByLabel(t('admin.password'), { exact: true }).fill(finance.password);
      // The server checks the code against its clock, which this journey has moved ahead.
      await consolePage
        .getByLabel(t('admin.totp'), { exact: true })
        .fill(await totpCode(finance.totpSecret, clockOffsetMs));
      await consolePage.getByRole('button', { name: t('admin.signIn') }).click();
      await consolePage
        .getByRole('link', { name: t('admin.nav.blockTrades') })
        .or(consolePage.getByRole('menuitem', { name: t('admin.nav.blockTrades') }))
        .first()
        .click();
      await consolePage.getByRole('heading', { name: t('admin.blockTrades.title'), level: 1 }).waitFor();
      const orderLabel = t('admin.blockTrades.label', { id: blockOrderId });
      await consolePage.getByRole('button', { name: `${t('admin.blockTrades.approve')}: ${orderLabel}` }).click();
      const approval = consolePage.getByRole('dialog');
      await approval.getByText(t('admin.blockTrades.approveBody')).waitFor();
      await expectAccessible(consolePage, 'block-order approval');
      await approval.getByRole('button', { name: t('admin.blockTrades.approve'), exact: true }).click();
      await consolePage.getByText(t('admin.blockTrades.approvedDone', { id: blockOrderId })).waitFor();
      await expect
        .poll(() =>
          consolePage.getByRole('button', { name: `${t('admin.blockTrades.approve')}: ${orderLabel}` }).count(),
        )
        .toBe(0);
      await expectAccessible(consolePage, 'block trades after the approval');
      await desk.close();

      await page.goto('/#/shares/dzjy-record');
      await page.getByRole('heading', { name: t('blockTrade.recordsTitle'), level: 1 }).waitFor();
      await page.getByText(t('blockTrade.statuses.approved')).first().waitFor();
      await expectAccessible(page, 'block-trade records');
      const approved = await api<{ items: BlockOrder[] }>(token, 'GET', '/api/blocktrade/orders');
      expect(approved.items[0]).toMatchObject({ status: 'approved' });
      expect(approved.items[0]!.positionId).not.toBeNull();

      // Every cent accounted for: holds, captures, refunds, the listing, the sale and the block trade.
      const verify = spawnSync('npm', ['run', '--silent', 'ledger:verify'], {
        cwd: root,
        env: {
          ...process.env,
          DATA_DIR: server.dataDir,
          SQLITE_FILE: path.join(server.dataDir, 'bourse.sqlite'),
          DATABASE_URL: '',
        },
        encoding: 'utf8',
      });
      expect(verify.status, verify.stdout + verify.stderr).toBe(0);
      expect(JSON.parse(verify.stdout)).toMatchObject({ ok: true, problems: [] });
    });
  },
);
