import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectLedgerOk } from '../../test/expect-ledger.ts';
import { body, createTestApp, DIALECTS, login, operator, type TestApp } from '../../test/harness.ts';
import { createIpoIssue, DAY, HOUR, ipoSubscriber, subscribeIpo } from '../../test/ipo-fixture.ts';
import { TRADING_PASSWORD } from '../../test/trading-fixture.ts';
import { drawAllotments } from './draw.ts';
import { verifyDraw } from './draw-verify.ts';
import { allocateIssue } from './ipo.service.ts';
import type { IpoDraw } from '@bourse/shared/schemas/ipo';

/**
 * The draw, the settlement of every subscription exactly once (also when interrupted halfway), the
 * published draw anyone can re-check, and the listing (issue 13). The harness starts on a Monday at
 * 09:00 UTC, in the market's session: windows here close a day later and list two days later, on
 * weekdays, so the listed shares can be sold.
 */
describe.each(DIALECTS)('IPO allocation and listing on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = (await operator(t, ['admin'])).token;
  });
  afterEach(async () => {
    await t.close();
  });

  const at = (offsetMs: number) => new Date(t.clock.nowMs() + offsetMs).toISOString();
  const schedule = () => ({
    subscribeStart: at(-HOUR),
    subscribeEnd: at(DAY - HOUR),
    allocationAt: at(DAY),
    listingAt: at(2 * DAY),
  });
  /** Moves the clock, signs the operator in again (sessions lapse over a day) and runs what fell due. */
  async function advance(ms: number) {
    t.clock.advance(ms);
    admin = (await operator(t, ['admin'])).token;
    await t.ctx.jobs.runDue();
  }
  /** The investor's token after a sign-in now (the one from before a day's advance has lapsed). */
  async function signedIn(investor: { phone: string; password: string }) {
    const res = await login(t, investor.phone, investor.password);
    expect(res.statusCode, res.body).toBe(200);
    return body<{ userinfo: { token: string } }>(res).data.userinfo.token;
  }
  const adminPost = (url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { token: admin }, ...(payload ? { payload } : {}) });
  const get = async <T>(url: string, token?: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: token ? { token } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return body<T>(res).data;
  };
  const draw = (id: number) => get<IpoDraw>(`/api/ipo/${id}/draw`);
  const issueRow = (id: number) =>
    t.ctx.database.db.selectFrom('ipoIssues').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const subscriptionsOf = (issueId: number) =>
    t.ctx.database.db.selectFrom('ipoSubscriptions').selectAll().where('issueId', '=', issueId).orderBy('id').execute();
  const settlementEntries = async (issueId: number) => {
    const holds = (await subscriptionsOf(issueId)).map((row) => `ipo:subscription:${row.id}:allocated`);
    return t.ctx.database.db.selectFrom('journalEntries').selectAll().where('idempotencyKey', 'in', holds).execute();
  };
  const marketSettlement = () => t.ctx.ledger.balance(t.ctx.database.db, { system: 'market_settlement' });

  /** `count` verified investors, each subscribed to the issue for `lots` lots. */
  async function subscribed(issueId: number, count: number, lots: number) {
    const investors = [];
    for (let i = 0; i < count; i++) {
      const investor = await ipoSubscriber(t, '10000.00');
      const res = await subscribeIpo(t, investor.token, issueId, { lots });
      expect(res.statusCode, res.body).toBe(200);
      investors.push(investor);
    }
    return investors;
  }

  it('allots everything when undersubscribed: each hold captured in full, the seed published, re-checkable', async () => {
    const issue = await createIpoIssue(t, admin, schedule());
    const [a, b] = await subscribed(issue.id, 2, 3);
    const before = await draw(issue.id);
    expect(before).toMatchObject({ status: 'open', seed: null, drawnAt: null, appliedLots: 6, oversubscribed: false });
    expect(before.entries.map((entry) => entry.allotted)).toEqual([null, null]);
    expect(await get(`/api/ipo/${issue.id}`)).toMatchObject({ seed: null, drawnAt: null });
    expect(verifyDraw(before).outcome).toBe('not_published');

    await advance(DAY);
    const row = await issueRow(issue.id);
    expect(row).toMatchObject({ status: 'allocated', drawnAt: t.clock.nowMs() });
    const after = await draw(issue.id);
    expect(after.seed).toBe(row.seed);
    // The issue itself carries the published seed from now on (before the draw it was null).
    expect(await get(`/api/ipo/${issue.id}`)).toMatchObject({ seed: row.seed, algorithm: 'bourse-draw-v1' });
    expect(after.entries.map((entry) => entry.allotted)).toEqual([3, 3]);
    expect(verifyDraw(after).outcome).toBe('match');

    for (const investor of [a!, b!]) {
      const balances = await t.ctx.ledger.userBalances(t.ctx.database.db, investor.userId);
      expect(balances).toMatchObject({ cash: 700_000, frozen: 0 });
      const [record] = (
        await get<{ items: Array<Record<string, unknown>> }>('/api/ipo/allocations', await signedIn(investor))
      ).items;
      expect(record).toMatchObject({
        status: 'allotted',
        lotsAllotted: 3,
        amountCaptured: '3000.00',
        amountReleased: '0.00',
        positionId: null,
      });
      // Paid for, not listed yet: still part of total assets.
      const assets = await get<{ totalAssets: string; frozen: string }>('/api/user/assets', await signedIn(investor));
      expect(assets).toMatchObject({ totalAssets: '10000.00', frozen: '0.00' });
    }
    expect(await marketSettlement()).toBe(600_000);
    const notes = await t.ctx.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('template', '=', 'notify.ipoAllotted')
      .orderBy('id')
      .execute();
    expect(notes.map((note) => note.userId)).toEqual([a!.userId, b!.userId]);
    expect(JSON.parse(notes[0]!.params!)).toEqual({
      name: `${issue.code.replace('IPO', 'Neue Aktie ')} AG`,
      lots: 3,
      amount: '3000.00',
      refund: '0.00',
    });
    await expectLedgerOk(t);
  });

  it('draws when oversubscribed: exactly the public lots, the rest released, outcomes as the pure draw gives', async () => {
    // 5 public lots; 4 investors apply for 3 lots each.
    const issue = await createIpoIssue(t, admin, { ...schedule(), publicQuantity: 500 });
    const investors = await subscribed(issue.id, 4, 3);
    const settlementBefore = await marketSettlement();
    await advance(DAY);

    const row = await issueRow(issue.id);
    const rows = await subscriptionsOf(issue.id);
    const expected = drawAllotments({
      seedHex: row.seed!,
      publicLots: 5,
      entries: rows.map((sub) => ({ subscriptionId: Number(sub.id), lots: sub.lots })),
    });
    expect(rows.reduce((sum, sub) => sum + (sub.lotsAllotted ?? 0), 0)).toBe(5);
    for (const sub of rows) {
      const lots = expected.get(Number(sub.id))!;
      expect(sub).toMatchObject({
        status: lots > 0 ? 'allotted' : 'not_allotted',
        lotsAllotted: lots,
        amountCapturedMinor: lots * 100_000,
        amountReleasedMinor: (3 - lots) * 100_000,
      });
      const investor = investors.find((candidate) => candidate.userId === Number(sub.userId))!;
      expect(await t.ctx.ledger.userBalances(t.ctx.database.db, investor.userId)).toMatchObject({
        cash: 1_000_000 - lots * 100_000,
        frozen: 0,
      });
      const template = lots > 0 ? 'notify.ipoAllotted' : 'notify.ipoNotAllotted';
      const note = await t.ctx.database.db
        .selectFrom('outbox')
        .selectAll()
        .where('userId', '=', investor.userId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(note.template).toBe(template);
      expect(JSON.parse(note.params!)).toMatchObject({ refund: ((3 - lots) * 1000).toFixed(2) });
    }
    expect((await marketSettlement()) - settlementBefore).toBe(500_000);
    const published = await draw(issue.id);
    expect(published).toMatchObject({ oversubscribed: true, appliedLots: 12, publicLots: 5 });
    expect(verifyDraw(published).outcome).toBe('match');
    // Tampering with one published outcome is caught.
    const forged = structuredClone(published);
    const winner = forged.entries.find((entry) => (entry.allotted ?? 0) > 0)!;
    winner.allotted = winner.allotted! - 1;
    expect(verifyDraw(forged).outcome).toBe('mismatch');
    await expectLedgerOk(t);
  });

  it('finishes a draw killed halfway exactly once: no hold settled twice, no cancellation in between', async () => {
    const issue = await createIpoIssue(t, admin, { ...schedule(), publicQuantity: 700 });
    await subscribed(issue.id, 7, 2);
    await advance(DAY - HOUR);
    expect((await issueRow(issue.id)).status).toBe('closed');

    // The process dies after the first committed chunk of 3 subscriptions (one chunk at a time, so
    // exactly one is committed).
    const killed = new Error('killed');
    await expect(
      allocateIssue(t.ctx, issue.id, {
        chunkSize: 3,
        workers: 1,
        afterChunk: (settled) => {
          if (settled >= 3) throw killed;
        },
      }),
    ).rejects.toBe(killed);
    const halfway = await issueRow(issue.id);
    expect(halfway).toMatchObject({ status: 'closed', drawnAt: null });
    expect(halfway.allocationStartedAt).not.toBeNull();
    const statuses = (await subscriptionsOf(issue.id)).map((sub) => sub.status);
    expect(statuses.slice(0, 3).every((status) => status === 'allotted' || status === 'not_allotted')).toBe(true);
    expect(statuses.slice(3)).toEqual(Array<string>(4).fill('subscribed'));
    expect(await settlementEntries(issue.id)).toHaveLength(3);
    // Not published while unfinished, and no longer cancellable: some holds are captured.
    expect((await draw(issue.id)).seed).toBeNull();
    const cancel = await adminPost(`/api/admin/ipo/${issue.id}/cancel`, { reason: 'zu spät' });
    expect(cancel.statusCode).toBe(409);
    expect(body(cancel).error).toBe('IPO_NOT_CANCELLABLE');
    await expectLedgerOk(t);

    // The scheduled run at the allocation time resumes and finishes it.
    await advance(HOUR);
    expect((await issueRow(issue.id)).status).toBe('allocated');
    const entries = await settlementEntries(issue.id);
    expect(entries).toHaveLength(7);
    expect(new Set(entries.map((entry) => entry.idempotencyKey)).size).toBe(7);
    // 7 public lots of 14 applied: the outcomes are the pure draw's over the stored seed, each hold
    // closed once, captured for exactly its allotted lots.
    const rows = await subscriptionsOf(issue.id);
    const expected = drawAllotments({
      seedHex: (await issueRow(issue.id)).seed!,
      publicLots: 7,
      entries: rows.map((sub) => ({ subscriptionId: Number(sub.id), lots: sub.lots })),
    });
    for (const sub of rows) {
      const hold = await t.ctx.database.db
        .selectFrom('holds')
        .selectAll()
        .where('id', '=', Number(sub.holdId))
        .executeTakeFirstOrThrow();
      const lots = expected.get(Number(sub.id))!;
      expect(sub.lotsAllotted).toBe(lots);
      expect(hold.status).toBe(lots > 0 ? 'captured' : 'voided');
      if (lots > 0) expect(Number(hold.capturedMinor)).toBe(lots * 100_000);
    }
    expect(verifyDraw(await draw(issue.id)).outcome).toBe('match');

    // Running it again, by the job or from the console, changes nothing.
    const journal = async () =>
      Number(
        (
          await t.ctx.database.db
            .selectFrom('journalEntries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const count = await journal();
    expect(await allocateIssue(t.ctx, issue.id)).toBe(false);
    const again = await adminPost(`/api/admin/ipo/${issue.id}/allocate`);
    expect(again.statusCode, again.body).toBe(200);
    expect(body(again).data).toMatchObject({ id: issue.id, status: 'allocated' });
    expect(await journal()).toBe(count);
    await expectLedgerOk(t);
  });

  it('settles chunks side by side exactly once: each subscription by one chunk, every hold closed once', async () => {
    const issue = await createIpoIssue(t, admin, { ...schedule(), publicQuantity: 900 });
    const investors = await subscribed(issue.id, 9, 2);
    await advance(DAY - HOUR);
    const settlementBefore = await marketSettlement();

    // Three workers over chunks of 2: on PostgreSQL they take disjoint subscriptions (rows locked by
    // one are passed over by the others) and queue at the shared settlement account; SQLite runs one.
    const seen: number[] = [];
    expect(
      await allocateIssue(t.ctx, issue.id, { chunkSize: 2, workers: 3, afterChunk: (n) => void seen.push(n) }),
    ).toBe(true);
    expect(seen.at(-1)).toBe(9);
    expect(seen).toHaveLength(5);
    const rows = await subscriptionsOf(issue.id);
    const expected = drawAllotments({
      seedHex: (await issueRow(issue.id)).seed!,
      publicLots: 9,
      entries: rows.map((sub) => ({ subscriptionId: Number(sub.id), lots: sub.lots })),
    });
    expect(rows.map((sub) => sub.lotsAllotted)).toEqual(rows.map((sub) => expected.get(Number(sub.id))));
    const entries = await settlementEntries(issue.id);
    expect(entries).toHaveLength(9);
    expect(new Set(entries.map((entry) => entry.idempotencyKey)).size).toBe(9);
    expect(await marketSettlement()).toBe(settlementBefore + 9 * 100_000);
    let cash = 0;
    for (const investor of investors) {
      const balances = await t.ctx.ledger.userBalances(t.ctx.database.db, investor.userId);
      expect(balances.frozen).toBe(0);
      cash += balances.cash;
    }
    expect(cash).toBe(9 * 1_000_000 - 9 * 100_000);
    const notes = await t.ctx.database.db
      .selectFrom('messages')
      .select('userId')
      .where('template', 'in', ['notify.ipoAllotted', 'notify.ipoNotAllotted'])
      .execute();
    expect(notes.map((note) => Number(note.userId)).sort((x, y) => x - y)).toEqual(
      investors.map((investor) => investor.userId).sort((x, y) => x - y),
    );
    await expectLedgerOk(t);
  });

  it.runIf(dialect === 'postgres')(
    'takes up a subscription its cursor passed while another transaction held it, before finishing',
    async () => {
      const issue = await createIpoIssue(t, admin, { ...schedule(), publicQuantity: 900 });
      await subscribed(issue.id, 5, 2);
      await advance(DAY - HOUR);
      const [first] = await subscriptionsOf(issue.id);
      // Another transaction holds the first subscription: the first chunk passes over it (skip locked)
      // and the chunks after it read on from the cursor, beyond it.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let held!: () => void;
      const isHeld = new Promise<void>((resolve) => (held = resolve));
      const holder = t.ctx.database.db.transaction().execute(async (trx) => {
        await sql`select id from ipo_subscriptions where id = ${first!.id} for update`.execute(trx);
        held();
        await released;
      });
      await isHeld;
      const seen: number[] = [];
      expect(
        await allocateIssue(t.ctx, issue.id, {
          chunkSize: 2,
          workers: 1,
          afterChunk: async (n) => {
            seen.push(n);
            if (seen.length === 1) {
              release();
              await holder;
            }
          },
        }),
      ).toBe(true);
      expect(seen).toEqual([2, 4, 5]);
      const rows = await subscriptionsOf(issue.id);
      expect(rows.every((row) => row.status === 'allotted' || row.status === 'not_allotted')).toBe(true);
      expect(await settlementEntries(issue.id)).toHaveLength(5);
      await expectLedgerOk(t);
    },
  );

  it('allocates from the console at once, audited; refuses an open or cancelled issue', async () => {
    const open = await createIpoIssue(t, admin, schedule());
    const refused = await adminPost(`/api/admin/ipo/${open.id}/allocate`);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).error).toBe('IPO_NOT_CLOSED');
    expect(body(refused).msg).not.toBe('IPO_NOT_CLOSED');
    const cancelled = await createIpoIssue(t, admin, schedule());
    expect((await adminPost(`/api/admin/ipo/${cancelled.id}/cancel`, { reason: 'Marktlage' })).statusCode).toBe(200);
    const onCancelled = await adminPost(`/api/admin/ipo/${cancelled.id}/allocate`);
    expect(onCancelled.statusCode).toBe(422);
    expect(body(onCancelled).error).toBe('IPO_CANCELLED');
    const missing = await adminPost('/api/admin/ipo/999999/allocate');
    expect(missing.statusCode).toBe(404);

    const [investor] = await subscribed(open.id, 1, 2);
    await advance(DAY - HOUR);
    expect((await issueRow(open.id)).status).toBe('closed');
    const investorToken = await signedIn(investor!);
    const byInvestor = await t.app.inject({
      method: 'POST',
      url: `/api/admin/ipo/${open.id}/allocate`,
      headers: { token: investorToken },
    });
    expect([401, 403]).toContain(byInvestor.statusCode);
    const res = await adminPost(`/api/admin/ipo/${open.id}/allocate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toMatchObject({ status: 'allocated' });
    const audit = await t.ctx.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'ipo.allocate')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.target).toBe(String(open.id));
    expect((await draw(open.id)).seed).toMatch(/^[0-9a-f]{64}$/);
    await expectLedgerOk(t);
  });

  it('lists at the listing time: allotted shares become a lot at the issue price, sellable; trading starts there', async () => {
    const issue = await createIpoIssue(t, admin, { ...schedule(), publicQuantity: 500 });
    const investors = await subscribed(issue.id, 3, 3);
    await advance(DAY);
    const allotted = (await subscriptionsOf(issue.id)).filter((sub) => sub.status === 'allotted');
    expect(allotted.length).toBeGreaterThan(0);
    const market = await get<{ items: Array<{ code: string }> }>('/api/market/instruments?page=1&pageSize=100');
    expect(market.items.map((item) => item.code)).not.toContain(issue.code);

    await advance(DAY);
    expect((await issueRow(issue.id)).status).toBe('listed');
    const instrument = await t.ctx.database.db
      .selectFrom('instruments')
      .selectAll()
      .where('code', '=', issue.code)
      .executeTakeFirstOrThrow();
    expect(instrument.status).toBe('listed');
    const quote = t.ctx.market.quote(issue.code);
    expect(quote?.lastTicks).toBe(100_000);

    for (const sub of await subscriptionsOf(issue.id)) {
      if (sub.status !== 'allotted') {
        expect(sub.positionId).toBeNull();
        continue;
      }
      const position = await t.ctx.database.db
        .selectFrom('positions')
        .selectAll()
        .where('id', '=', Number(sub.positionId))
        .executeTakeFirstOrThrow();
      expect(position).toMatchObject({
        userId: sub.userId,
        instrumentId: instrument.id,
        quantity: sub.lotsAllotted! * 100,
        buyPriceTicks: 100_000,
        buyValueMinor: Number(sub.amountCapturedMinor),
      });
      const note = await t.ctx.database.db
        .selectFrom('outbox')
        .selectAll()
        .where('userId', '=', sub.userId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(note.template).toBe('notify.ipoListed');
    }

    // The first winner sells its lot at the market like any other.
    const sub = allotted[0]!;
    const seller = investors.find((investor) => investor.userId === Number(sub.userId))!;
    const [position] = await t.ctx.database.db
      .selectFrom('positions')
      .selectAll()
      .where('id', '=', Number((await subscriptionsOf(issue.id)).find((row) => row.id === sub.id)!.positionId))
      .execute();
    const sell = await t.app.inject({
      method: 'POST',
      url: '/api/trade/orders',
      headers: { token: await signedIn(seller), 'idempotency-key': randomUUID() },
      payload: {
        code: issue.code,
        side: 'sell',
        type: 'market',
        quantity: position!.quantity,
        positionId: position!.id,
        tradingPassword: TRADING_PASSWORD,
      },
    });
    expect(sell.statusCode, sell.body).toBe(200);
    expect(body(sell).data).toMatchObject({ status: 'filled', quantity: position!.quantity });
    await expectLedgerOk(t);
  });

  it('catches up a whole schedule after downtime: opened, closed, drawn and listed in one run', async () => {
    const issue = await createIpoIssue(t, admin, {
      subscribeStart: at(HOUR),
      subscribeEnd: at(2 * HOUR),
      allocationAt: at(DAY),
      listingAt: at(2 * DAY),
    });
    await advance(2 * DAY);
    const row = await issueRow(issue.id);
    expect(row.status).toBe('listed');
    expect((await draw(issue.id)).seed).toBe(row.seed);
  });

  it('publishes nothing for an unknown issue', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ipo/424242/draw' });
    expect(res.statusCode).toBe(404);
    expect(body(res).error).toBe('IPO_NOT_FOUND');
  });
});
