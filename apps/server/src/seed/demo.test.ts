import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../platform/ledger/ledger-verify.ts';
import { body, createTestApp, DIALECTS, login, operator, type TestApp } from '../test/harness.ts';
import { accrueDays } from '../platform/accrual.ts';
import { DEMO_FEED_URL, DEMO_NEWS } from './news.ts';
import {
  DEMO_BLOCK_CODE,
  DEMO_BORROWER_NAME,
  DEMO_FUND_PURCHASE,
  DEMO_FUND_RATE,
  DEMO_LOAN_DAYS,
  DEMO_LOAN_MINOR,
  DEMO_REAL_NAME,
  seedDemo,
} from './demo.ts';
import { DEMO_SUPPORT_ANSWER, DEMO_SUPPORT_QUESTION } from './support.ts';

describe.each(DIALECTS)('demo seed on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // The recently listed issue refreshes the market, which back-fills every seeded share: a short history here.
    t = await createTestApp(dialect, { MARKET_BACKFILL_DAYS: '5', MARKET_BACKFILL_INTRADAY_DAYS: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a verified, carded, funded investor, an operator and an unused invitation; twice is once', async () => {
    const credentials = await seedDemo(t.ctx);
    const file = path.join(t.ctx.config.DATA_DIR, 'demo-credentials.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await seedDemo(t.ctx)).toEqual(credentials);

    const res = await login(t, credentials.investor.username, credentials.investor.password);
    expect(res.statusCode).toBe(200);
    const token = body(res).data.userinfo.token as string;
    expect(body(res).data.userinfo.kycStatus).toBe('approved');
    // The message centre: the verification, the deposit and the level it reached read, what followed
    // unread, one announcement.
    const inbox = body(
      await t.app.inject({ method: 'GET', url: '/api/messages?pageSize=100', headers: { token, lang: 'en' } }),
    ).data;
    const read = inbox.items.filter((m: { read: boolean }) => m.read).map((m: { body: string }) => m.body);
    expect(read).toEqual([
      '10000.00 has been credited to your cash.',
      'Your member level has changed from level 1 to level 2. The personal centre shows what it means.',
      'Your identity has been verified. You can now deposit, trade and withdraw.',
    ]);
    expect(inbox.unread).toBe(inbox.total - 3);
    expect(inbox.unread).toBeGreaterThanOrEqual(2);
    expect(inbox.items[0]).toMatchObject({ kind: 'announcement', title: 'Welcome to Bourse', read: false });
    // One loan of 2,000.00 at 8 %, repaid after a few days of interest, and 5,000.00 bought into the
    // fund: the cash is 10,000.00 less that interest and the purchase.
    const interest = accrueDays(DEMO_LOAN_MINOR, 80_000, DEMO_LOAN_DAYS).interestMinor;
    expect(interest).toBeGreaterThan(0);
    const cash = ((1_000_000 - interest - Math.round(Number(DEMO_FUND_PURCHASE) * 100)) / 100).toFixed(2);
    const assets = body(await t.app.inject({ method: 'GET', url: '/api/user/assets', headers: { token } })).data;
    // 10,000.00 deposited; 5,000.00 of it in the fund a week ago, confirmed T+1 and earning since;
    // the loan's interest paid from cash.
    const fund = body(await t.app.inject({ method: 'GET', url: '/api/fund', headers: { token } })).data;
    expect(fund.rate).toBe(DEMO_FUND_RATE);
    expect(fund.pending).toEqual([]);
    const earnedMinor = Math.round(Number(fund.totalEarnings) * 100);
    // At 3 % a year 5,000.00 earns 41.0958… cents a day: at least three days (a week less the
    // confirmation's wait, weekends and holidays), at most six.
    expect(earnedMinor).toBeGreaterThanOrEqual(3 * 41);
    expect(earnedMinor).toBeLessThanOrEqual(6 * 42);
    expect(Math.round(Number(fund.fund) * 100)).toBe(Math.round(Number(DEMO_FUND_PURCHASE) * 100) + earnedMinor);
    const total = ((1_000_000 - interest + earnedMinor) / 100).toFixed(2);
    expect(assets).toMatchObject({
      cash,
      available: cash,
      fundPending: '0.00',
      totalAssets: total,
      loanOutstanding: '0.00',
      netAssets: total,
    });
    const log = body(
      await t.app.inject({ method: 'GET', url: '/api/fund/log?period=year', headers: { token } }),
    ).data.items.map((item: { type: string }) => item.type);
    expect(log).toEqual(expect.arrayContaining(['purchase', 'purchase_confirmed', 'earnings']));
    const loans = body(await t.app.inject({ method: 'GET', url: '/api/loans', headers: { token } })).data;
    expect(loans.items).toEqual([
      expect.objectContaining({
        amount: '2000.00',
        status: 'repaid',
        repaidOnTime: true,
        interestAccrued: (interest / 100).toFixed(2),
        repaid: ((DEMO_LOAN_MINOR + interest) / 100).toFixed(2),
      }),
    ]);
    // A second investor's application waits in the console's queue.
    const operatorToken = (await operator(t, ['finance'])).token;
    const queue = body(
      await t.app.inject({ method: 'GET', url: '/api/admin/loans?status=pending', headers: { token: operatorToken } }),
    ).data;
    expect(queue.items).toEqual([
      expect.objectContaining({ name: DEMO_BORROWER_NAME, amount: '1500.00', termDays: 90, status: 'pending' }),
    ]);
    // Credit points from identity verification, the first deposit and the loan repaid on time; level 2
    // from the 10,000.00 of assets it was reviewed at.
    const standing = body(await t.app.inject({ method: 'GET', url: '/api/members/standing', headers: { token } })).data;
    expect(standing).toMatchObject({
      creditPoints: 250,
      level: 2,
      totalAssets: total,
      nextLevel: {
        level: 3,
        minTotalAssets: '50000.00',
        missing: ((5_000_000 - (1_000_000 - interest + earnedMinor)) / 100).toFixed(2),
      },
    });
    const points = body(await t.app.inject({ method: 'GET', url: '/api/members/points', headers: { token } })).data;
    expect(points.items.map((e: { rule: string; points: number }) => [e.rule, e.points])).toEqual([
      ['loan_repaid_on_time', 50],
      ['first_deposit', 100],
      ['identity_verified', 100],
    ]);
    // One open support conversation: the investor's question and the operator's answer, not read yet;
    // canned replies in German and English for the console.
    const chat = body(await t.app.inject({ method: 'GET', url: '/api/support/messages', headers: { token } })).data;
    expect(chat.messages.map((m: { author: string; text: string }) => [m.author, m.text])).toEqual([
      ['investor', DEMO_SUPPORT_QUESTION],
      ['operator', DEMO_SUPPORT_ANSWER],
    ]);
    expect(chat).toMatchObject({ unread: 1, conversation: { status: 'open' } });
    const support = (await operator(t, ['support'])).token;
    const canned = body(
      await t.app.inject({ method: 'GET', url: '/api/admin/support/canned', headers: { token: support } }),
    ).data as { translations: Record<string, unknown> }[];
    expect(canned.length).toBeGreaterThanOrEqual(3);
    for (const reply of canned) expect(Object.keys(reply.translations).sort()).toEqual(['de', 'en']);
    const cards = body(await t.app.inject({ method: 'GET', url: '/api/wallet/cards', headers: { token } })).data;
    expect(cards).toEqual([expect.objectContaining({ holderName: DEMO_REAL_NAME, ibanMasked: 'DE89 •••• 3000' })]);
    const records = body(await t.app.inject({ method: 'GET', url: '/api/wallet/records', headers: { token } })).data;
    expect(records.at(-1)).toMatchObject({ type: 'deposit', status: 'succeeded', amount: '10000.00' });
    // The printed trading password confirms money movements at once.
    expect(credentials.investor.tradingPassword).toMatch(/^\d{6}$/);
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdrawals',
      headers: { token, 'idempotency-key': 'demo-withdrawal-1' },
      payload: { cardId: cards[0].id, amount: '100.00', tradingPassword: credentials.investor.tradingPassword },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);

    const invite = await t.ctx.database.db
      .selectFrom('invitations')
      .selectAll()
      .where('code', '=', credentials.inviteCode)
      .executeTakeFirstOrThrow();
    expect(invite).toMatchObject({ uses: 0, status: 'active' });
    // One open block-trade offer on a listed seeded share, which the investor sees and can order from.
    const offers = body(await t.app.inject({ method: 'GET', url: '/api/blocktrade/offers', headers: { token } })).data;
    expect(offers).toEqual([
      expect.objectContaining({ code: DEMO_BLOCK_CODE, price: '29.10', minQuantity: 100, availableQuantity: 20_000 }),
    ]);
    const blockOrder = await t.app.inject({
      method: 'POST',
      url: `/api/blocktrade/offers/${offers[0].id}/orders`,
      headers: { token, 'idempotency-key': 'demo-block-order-1' },
      payload: { quantity: 100, tradingPassword: credentials.investor.tradingPassword },
    });
    expect(blockOrder.statusCode, blockOrder.body).toBe(200);
    expect((await verifyLedger(t.ctx.database.db)).problems).toEqual([]);
  });

  it('populates the new-share calendar: upcoming, open with its seed hash, and recently listed and trading', async () => {
    await seedDemo(t.ctx);
    const tab = async (status: string) =>
      body<{ items: Array<{ code: string; status: string; seedHash: string | null }> }>(
        await t.app.inject({ method: 'GET', url: `/api/ipo?status=${status}` }),
      ).data.items;
    expect(await tab('upcoming')).toEqual([expect.objectContaining({ code: 'NVLT', seedHash: null })]);
    expect(await tab('open')).toEqual([
      expect.objectContaining({ code: 'SOLR', status: 'open', seedHash: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    ]);
    const [listed] = await tab('listed');
    expect(listed).toMatchObject({ code: 'AURA', status: 'listed' });
    // Its draw is published (nobody applied in the demo) and re-checks; its shares trade from the issue price.
    const draw = body<{ seed: string | null; seedHash: string }>(
      await t.app.inject({ method: 'GET', url: `/api/ipo/${(listed as unknown as { id: number }).id}/draw` }),
    ).data;
    expect(draw.seed).toMatch(/^[0-9a-f]{64}$/);
    const instrument = body<{ code: string; quote: { last: string } | null }>(
      await t.app.inject({ method: 'GET', url: '/api/market/instruments/AURA' }),
    );
    expect(instrument.code, JSON.stringify(instrument)).toBe(1);
    expect(instrument.data.quote?.last).toBe('24.60');
  });

  it('publishes news in all four categories, in German and English (others fall back), some linking shares', async () => {
    await seedDemo(t.ctx);
    const list = async (category: string, lang: string) =>
      body<{ items: Array<{ id: number; title: string; lang: string }> }>(
        await t.app.inject({ method: 'GET', url: `/api/news?category=${category}`, headers: { lang } }),
      ).data.items;
    for (const category of ['company', 'domestic', 'foreign', 'important']) {
      const expected = DEMO_NEWS.filter((item) => item.category === category).sort((a, b) => a.hoursAgo - b.hoursAgo);
      expect((await list(category, 'en')).map((item) => item.title)).toEqual(expected.map((item) => item.en.title));
      expect((await list(category, 'de')).map((item) => item.title)).toEqual(expected.map((item) => item.de.title));
      expect((await list(category, 'fr')).map((item) => item.lang)).toEqual(expected.map(() => 'de'));
    }
    const [sapStory] = await list('company', 'en');
    const article = body<{ instruments: Array<{ code: string }> }>(
      await t.app.inject({ method: 'GET', url: `/api/news/${sapStory?.id}`, headers: { lang: 'en' } }),
    ).data;
    expect(article.instruments.map((instrument) => instrument.code)).toEqual(['SAP']);
    const feeds = await t.ctx.database.db.selectFrom('newsFeeds').select(['url', 'enabled']).execute();
    expect(feeds).toEqual([{ url: DEMO_FEED_URL, enabled: 0 }]);
  });
});
