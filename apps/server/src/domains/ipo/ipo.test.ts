import { createHash, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectLedgerOk } from '../../test/expect-ledger.ts';
import { body, createTestApp, DIALECTS, operator, type TestApp } from '../../test/harness.ts';
import { createIpoIssue, DAY, HOUR, ipoSubscriber, ipoTerms, subscribeIpo } from '../../test/ipo-fixture.ts';
import { TRADING_PASSWORD } from '../../test/trading-fixture.ts';

describe.each(DIALECTS)('new shares (IPO) on %s', (dialect) => {
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

  const terms = (overrides: Record<string, unknown> = {}) => ipoTerms(t, overrides);

  const adminCall = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { token: admin }, ...(payload === undefined ? {} : { payload }) });

  const createIssue = (overrides: Record<string, unknown> = {}) => createIpoIssue(t, admin, overrides);

  const subscriber = (cash = '10000.00', verified = true) => ipoSubscriber(t, cash, verified);

  const subscribe = (token: string, issueId: number, payload: Record<string, unknown>, key?: string) =>
    subscribeIpo(t, token, issueId, payload, key);

  const subscribeAll = (token: string, payload: Record<string, unknown> = {}, key = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ipo/subscribe-all',
      headers: { token, 'idempotency-key': key },
      payload: { tradingPassword: TRADING_PASSWORD, ...payload },
    });

  const assets = async (token: string) =>
    body<{ available: string; frozen: string; withdrawable: string; totalAssets: string; marketValue: string }>(
      await t.app.inject({ method: 'GET', url: '/api/user/assets', headers: { token } }),
    ).data;

  async function issueRow(id: number) {
    return t.ctx.database.db.selectFrom('ipoIssues').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** What a refused request must leave as it was: the investor's balances, subscriptions, holds, entries, messages. */
  async function snapshot(userId: number) {
    const db = t.ctx.database.db;
    const count = async (table: 'ipoSubscriptions' | 'holds' | 'journalEntries' | 'outbox') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      balances: await t.ctx.ledger.userBalances(db, userId),
      subscriptions: await count('ipoSubscriptions'),
      holds: await count('holds'),
      entries: await count('journalEntries'),
      outbox: await count('outbox'),
    };
  }

  async function expectRefused(
    userId: number,
    request: () => Promise<{ statusCode: number; body: string }>,
    status: number,
    error: string,
  ) {
    const before = await snapshot(userId);
    const res = await request();
    expect(res.statusCode, res.body).toBe(status);
    expect(body(res).error).toBe(error);
    expect(body(res).msg).not.toBe(error);
    expect(await snapshot(userId)).toEqual(before);
    await expectLedgerOk(t);
    return res;
  }

  it('creates an issue with an instrument that is neither in the market nor tradable, audited', async () => {
    const issue = await createIssue({ subscribeStart: at(HOUR) });
    expect(issue.status).toBe('upcoming');
    expect(issue.seedHash).toBeNull();
    const instrument = await t.ctx.database.db
      .selectFrom('instruments')
      .selectAll()
      .where('code', '=', issue.code)
      .executeTakeFirstOrThrow();
    expect(instrument.status).toBe('ipo');
    expect(instrument.startPriceTicks).toBe(100_000);

    const list = body<{ items: Array<{ code: string }> }>(
      await t.app.inject({ method: 'GET', url: '/api/market/instruments?pageSize=100&sector=technology' }),
    ).data;
    expect(list.items.map((item) => item.code)).not.toContain(issue.code);
    const found = body<Array<{ code: string }>>(
      await t.app.inject({ method: 'GET', url: `/api/market/search?q=${issue.code}` }),
    ).data;
    expect(found.map((item) => item.code)).not.toContain(issue.code);

    const trader = await subscriber();
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/trade/orders',
      headers: { token: trader.token, 'idempotency-key': randomUUID() },
      payload: { code: issue.code, side: 'buy', type: 'market', lots: 1, tradingPassword: TRADING_PASSWORD },
    });
    expect(order.statusCode).toBe(422);
    expect(body(order).error).toBe('INSTRUMENT_NOT_LISTED');

    const audit = await t.ctx.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'ipo.create')
      .executeTakeFirstOrThrow();
    expect(audit.target).toBe(String(issue.id));
  });

  it('refuses terms that do not add up, and a taken code, writing nothing', async () => {
    const existing = await createIssue();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ subscribeEnd: at(-2 * HOUR) }, 400, 'IPO_SCHEDULE_INVALID'],
      [{ allocationAt: at(DAY) }, 400, 'IPO_SCHEDULE_INVALID'],
      [{ listingAt: at(2 * DAY) }, 400, 'IPO_SCHEDULE_INVALID'],
      [{ publicQuantity: 200_000 }, 400, 'IPO_QUANTITIES_INVALID'],
      [{ publicQuantity: 50_050 }, 400, 'IPO_QUANTITIES_INVALID'],
      [{ issueQuantity: 2_000_000 }, 400, 'IPO_QUANTITIES_INVALID'],
      [{ issuePrice: '10.0001', lotSize: 10, publicQuantity: 50_000 }, 400, 'IPO_LOT_VALUE_INEXACT'],
      [{ issuePrice: '0' }, 400, 'VALIDATION_FAILED'],
      [{ board: 'index' }, 400, 'VALIDATION_FAILED'],
      [{ applicationCode: 'A-TAKEN' }, 200, ''],
      [{ applicationCode: 'A-TAKEN' }, 409, 'IPO_APPLICATION_CODE_TAKEN'],
      [{ code: existing.code }, 409, 'INSTRUMENT_CODE_TAKEN'],
    ];
    for (const [overrides, status, error] of cases) {
      const before = await t.ctx.database.db
        .selectFrom('instruments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const res = await adminCall('POST', '/api/admin/ipo', terms(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
      if (status === 200) continue;
      expect(body(res).error).toBe(error);
      const after = await t.ctx.database.db
        .selectFrom('instruments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    }
  });

  it('opens at the start with a published seed hash, closes at the end, and a second run changes nothing', async () => {
    const issue = await createIssue({ subscribeStart: at(HOUR), subscribeEnd: at(DAY) });
    expect(await t.ctx.jobs.runDue()).toEqual([]);
    t.clock.advance(HOUR);
    const ran = await t.ctx.jobs.runDue();
    // Only the IPO's window moved (the retention clean-up may run beside it: it is due every 10 minutes).
    expect(ran.map((job) => job.name).filter((name) => name.startsWith('ipo.'))).toEqual(['ipo.subscription-window']);
    const opened = await issueRow(issue.id);
    expect(opened.status).toBe('open');
    expect(opened.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(opened.seedHash).toBe(createHash('sha256').update(Buffer.from(opened.seed!, 'hex')).digest('hex'));

    // Twice: nothing is due, and running the work for the same instant again is a no-op (the seed stands).
    expect(await t.ctx.jobs.runDue()).toEqual([]);
    const { moveWindows } = await import('./ipo.jobs.ts');
    await moveWindows(t.ctx, t.clock.nowMs());
    expect(await issueRow(issue.id)).toEqual(opened);

    const detail = body<{ seedHash: string; status: string }>(
      await t.app.inject({ method: 'GET', url: `/api/ipo/${issue.id}` }),
    ).data;
    expect(detail).toMatchObject({ status: 'open', seedHash: opened.seedHash });
    expect(JSON.stringify(detail)).not.toContain(opened.seed!);

    const advanced = await adminCall('POST', '/api/admin/clock/advance', { ms: DAY });
    expect(advanced.statusCode, advanced.body).toBe(200);
    const closed = await issueRow(issue.id);
    expect(closed.status).toBe('closed');
    expect(closed.seed).toBe(opened.seed);
  });

  it('catches up after downtime: an issue whose whole window passed is opened with a seed and closed', async () => {
    const passed = await createIssue({
      subscribeStart: at(HOUR),
      subscribeEnd: at(2 * HOUR),
      allocationAt: at(6 * DAY),
      listingAt: at(7 * DAY),
    });
    const later = await createIssue({
      subscribeStart: at(3 * DAY),
      subscribeEnd: at(10 * DAY),
      allocationAt: at(11 * DAY),
      listingAt: at(12 * DAY),
    });
    t.clock.advance(5 * DAY);
    await t.ctx.jobs.runDue();
    const first = await issueRow(passed.id);
    expect(first.status).toBe('closed');
    expect(first.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await issueRow(later.id)).status).toBe('open');
    await t.ctx.jobs.runDue();
    expect(await issueRow(passed.id)).toEqual(first);
  });

  it('subscribes: holds lots × lot size × price, so available and withdrawable drop, notifies, lists it', async () => {
    const issue = await createIssue();
    const investor = await subscriber('10000.00');
    const before = await assets(investor.token);
    const res = await subscribe(investor.token, issue.id, { lots: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const sub = body<{ id: number; status: string; amountHeld: string; quantity: number }>(res).data;
    expect(sub).toMatchObject({ status: 'subscribed', amountHeld: '3000.00', quantity: 300 });

    const after = await assets(investor.token);
    expect(before).toMatchObject({ available: '10000.00', withdrawable: '10000.00', frozen: '0.00' });
    expect(after).toMatchObject({ available: '7000.00', withdrawable: '7000.00', frozen: '3000.00' });
    expect(after.totalAssets).toBe(before.totalAssets);

    const message = await t.ctx.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('userId', '=', investor.userId)
      .where('template', '=', 'notify.ipoSubscribed')
      .executeTakeFirstOrThrow();
    expect(message.body).toContain('3000.00');

    // The calendar shows the caller's own subscription with a token, none without.
    const signedIn = body<{ items: Array<{ id: number; mySubscription: { id: number } | null; appliedLots: number }> }>(
      await t.app.inject({ method: 'GET', url: '/api/ipo?status=open', headers: { token: investor.token } }),
    ).data;
    expect(signedIn.items.find((item) => item.id === issue.id)).toMatchObject({
      mySubscription: { id: sub.id },
      appliedLots: 3,
    });
    const anonymous = body<{ items: Array<{ id: number; mySubscription: unknown }> }>(
      await t.app.inject({ method: 'GET', url: '/api/ipo?status=open' }),
    ).data;
    expect(anonymous.items.find((item) => item.id === issue.id)?.mySubscription).toBeNull();

    const records = body<{ items: Array<{ id: number }>; total: number }>(
      await t.app.inject({ method: 'GET', url: '/api/ipo/subscriptions', headers: { token: investor.token } }),
    ).data;
    expect(records.items.map((item) => item.id)).toEqual([sub.id]);
    const allocations = body<{ total: number }>(
      await t.app.inject({ method: 'GET', url: '/api/ipo/allocations', headers: { token: investor.token } }),
    ).data;
    expect(allocations.total).toBe(0);

    await expectLedgerOk(t);
  });

  it('refuses every bad subscription with its code and changes nothing', async () => {
    const open = await createIssue();
    const upcoming = await createIssue({ subscribeStart: at(DAY) });
    const investor = await subscriber('2500.00');
    const id = investor.userId;

    await expectRefused(id, () => subscribe(investor.token, upcoming.id, { lots: 1 }), 422, 'IPO_NOT_OPEN');
    await expectRefused(id, () => subscribe(investor.token, 999_999, { lots: 1 }), 404, 'IPO_NOT_FOUND');
    await expectRefused(id, () => subscribe(investor.token, open.id, { lots: 0 }), 400, 'IPO_LOTS_NOT_POSITIVE');
    await expectRefused(id, () => subscribe(investor.token, open.id, { lots: -1 }), 400, 'IPO_LOTS_NOT_POSITIVE');
    await expectRefused(id, () => subscribe(investor.token, open.id, { lots: 1.5 }), 400, 'IPO_LOTS_NOT_WHOLE');
    const above = await expectRefused(
      id,
      () => subscribe(investor.token, open.id, { lots: 6 }),
      422,
      'IPO_LOTS_ABOVE_MAXIMUM',
    );
    expect(body(above).msg).toContain('5');
    await expectRefused(id, () => subscribe(investor.token, open.id, { lots: 3 }), 422, 'INSUFFICIENT_FUNDS');
    await expectRefused(
      id,
      () => subscribe(investor.token, open.id, { lots: 1, tradingPassword: '000000' }),
      422,
      'TRADING_PASSWORD_WRONG',
    );
    const unverified = await subscriber('5000.00', false);
    await expectRefused(
      unverified.userId,
      () => subscribe(unverified.token, open.id, { lots: 1 }),
      422,
      'KYC_REQUIRED',
    );

    // Twice: the second is refused; the same key with another body is a reused key.
    const key = randomUUID();
    expect((await subscribe(investor.token, open.id, { lots: 2 }, key)).statusCode).toBe(200);
    await expectRefused(id, () => subscribe(investor.token, open.id, { lots: 1 }), 409, 'IPO_ALREADY_SUBSCRIBED');
    await expectRefused(id, () => subscribe(investor.token, open.id, { lots: 1 }, key), 409, 'IDEMPOTENCY_KEY_REUSED');
    const replay = await subscribe(investor.token, open.id, { lots: 2 }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    // After the window (a new session: the clock moves past the first ones' lifetime).
    t.clock.advance(2 * DAY);
    await t.ctx.jobs.runDue();
    const late = await subscriber('5000.00');
    await expectRefused(late.userId, () => subscribe(late.token, open.id, { lots: 1 }), 422, 'IPO_NOT_OPEN');
  });

  it('two subscriptions of one investor at once: one is held, the other is IPO_ALREADY_SUBSCRIBED', async () => {
    const issue = await createIssue();
    const investor = await subscriber('10000.00');
    const answers = await Promise.all([
      subscribe(investor.token, issue.id, { lots: 2 }),
      subscribe(investor.token, issue.id, { lots: 3 }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(body(answers.find((res) => res.statusCode === 409)!).error).toBe('IPO_ALREADY_SUBSCRIBED');
    const rows = await t.ctx.database.db.selectFrom('ipoSubscriptions').selectAll().execute();
    expect(rows).toHaveLength(1);
    const held = rows[0]!.amountHeldMinor;
    expect((await t.ctx.ledger.userBalances(t.ctx.database.db, investor.userId)).frozen).toBe(held);
    await expectLedgerOk(t);

    // A one-click replayed under its key answers the same and holds nothing more.
    await createIssue();
    const key = randomUUID();
    const first = await subscribeAll(investor.token, {}, key);
    expect(first.statusCode, first.body).toBe(200);
    const before = await snapshot(investor.userId);
    const replay = await subscribeAll(investor.token, {}, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect(await snapshot(investor.userId)).toEqual(before);
  });

  it('refuses a subscription to a cancelled issue', async () => {
    const issue = await createIssue();
    const cancelled = await adminCall('POST', `/api/admin/ipo/${issue.id}/cancel`, {
      reason: 'Prospekt zurückgezogen',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const investor = await subscriber();
    await expectRefused(investor.userId, () => subscribe(investor.token, issue.id, { lots: 1 }), 422, 'IPO_CANCELLED');
  });

  it('one-click subscribes every open issue at the most lots the cash affords, each all or nothing', async () => {
    // Windows ending in this order: a (1,000.00 a lot), b (2,000.00 a lot), c (500.00 a lot), d already subscribed.
    const a = await createIssue({ subscribeEnd: at(DAY), maxLotsPerInvestor: 2 });
    const b = await createIssue({ subscribeEnd: at(DAY + HOUR), issuePrice: '20.00' });
    const c = await createIssue({ subscribeEnd: at(DAY + 2 * HOUR), issuePrice: '5.00', maxLotsPerInvestor: 3 });
    const d = await createIssue({ subscribeEnd: at(DAY + 3 * HOUR) });
    await createIssue({ subscribeStart: at(HOUR) });
    const investor = await subscriber('3700.00');
    expect((await subscribe(investor.token, d.id, { lots: 1 })).statusCode).toBe(200);

    const res = await subscribeAll(investor.token);
    expect(res.statusCode, res.body).toBe(200);
    const result = body<{
      items: Array<{
        issueId: number;
        subscribed: boolean;
        lots: number | null;
        error: string | null;
        reason: string | null;
      }>;
      subscribedCount: number;
      totalHeld: string;
    }>(res).data;
    // 2,700.00 left: a takes its maximum of 2 lots (2,000.00); 700.00 buys no lot of b; c takes 1 of 500.00.
    expect(result.items.map(({ issueId, subscribed, lots, error }) => ({ issueId, subscribed, lots, error }))).toEqual([
      { issueId: a.id, subscribed: true, lots: 2, error: null },
      { issueId: b.id, subscribed: false, lots: null, error: 'INSUFFICIENT_FUNDS' },
      { issueId: c.id, subscribed: true, lots: 1, error: null },
      { issueId: d.id, subscribed: false, lots: null, error: 'IPO_ALREADY_SUBSCRIBED' },
    ]);
    expect(result.items[1]!.reason).toBe('Das verfügbare Guthaben reicht nicht aus');
    expect(result).toMatchObject({ subscribedCount: 2, totalHeld: '2500.00' });
    expect(await assets(investor.token)).toMatchObject({ available: '200.00', frozen: '3500.00' });
    await expectLedgerOk(t);

    // Again: only b is left, still unaffordable; the answer says so and nothing changes.
    t.clock.advance(2_000);
    const before = await snapshot(investor.userId);
    const again = await subscribeAll(investor.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(body(again).data).toMatchObject({ subscribedCount: 0, totalHeld: '0.00' });
    expect(await snapshot(investor.userId)).toEqual(before);
    await expectLedgerOk(t);
    const wrong = await subscriber();
    await expectRefused(
      wrong.userId,
      () => subscribeAll(wrong.token, { tradingPassword: '000000' }),
      422,
      'TRADING_PASSWORD_WRONG',
    );
  });

  it('one-click with nothing open, or nothing open left unsubscribed, is IPO_NOTHING_OPEN', async () => {
    await createIssue({ subscribeStart: at(HOUR) });
    const investor = await subscriber();
    await expectRefused(investor.userId, () => subscribeAll(investor.token), 422, 'IPO_NOTHING_OPEN');
    const open = await createIssue();
    expect((await subscribe(investor.token, open.id, { lots: 1 })).statusCode).toBe(200);
    t.clock.advance(2_000);
    await expectRefused(investor.userId, () => subscribeAll(investor.token), 422, 'IPO_NOTHING_OPEN');
  });

  it('edits an upcoming issue, and locks the subscription terms once it is open', async () => {
    const issue = await createIssue({ subscribeStart: at(HOUR) });
    const edited = await adminCall('PUT', `/api/admin/ipo/${issue.id}`, { issuePrice: '12.00', name: 'Umbenannt AG' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(body(edited).data).toMatchObject({ issuePrice: '12.00', name: 'Umbenannt AG', maxAmount: '6000.00' });

    t.clock.advance(HOUR);
    await t.ctx.jobs.runDue();
    for (const patch of [
      { issuePrice: '13.00' },
      { lotSize: 200 },
      { maxLotsPerInvestor: 10 },
      { subscribeEnd: at(3 * DAY) },
      { subscribeStart: at(-2 * HOUR) },
    ]) {
      const refused = await adminCall('PUT', `/api/admin/ipo/${issue.id}`, patch);
      expect(refused.statusCode, JSON.stringify(patch)).toBe(409);
      expect(body(refused).error).toBe('IPO_TERMS_LOCKED');
    }
    expect((await issueRow(issue.id)).issuePriceTicks).toBe(120_000);
    // The same value is no change, and what does not touch a running subscription may still change.
    const same = await adminCall('PUT', `/api/admin/ipo/${issue.id}`, { issuePrice: '12.00', industryPe: '25.00' });
    expect(same.statusCode, same.body).toBe(200);
    expect(body(same).data).toMatchObject({ industryPe: '25.00' });
  });

  it('cancels before allocation: every hold released, subscriptions cancelled, investors told, audited', async () => {
    const issue = await createIssue();
    const first = await subscriber('5000.00');
    const second = await subscriber('5000.00');
    expect((await subscribe(first.token, issue.id, { lots: 2 })).statusCode).toBe(200);
    expect((await subscribe(second.token, issue.id, { lots: 5 })).statusCode).toBe(200);
    expect(await assets(second.token)).toMatchObject({ available: '0.00', frozen: '5000.00' });

    const demand = body<{
      items: Array<{
        id: number;
        applicants: number;
        appliedLots: number;
        heldTotal: string;
        oversubscription: string;
      }>;
    }>(await adminCall('GET', '/api/admin/ipo')).data.items.find((item) => item.id === issue.id);
    // 7 lots applied for 500 public lots.
    expect(demand).toMatchObject({ applicants: 2, appliedLots: 7, heldTotal: '7000.00', oversubscription: '0.01' });

    const finance = await operator(t, ['finance']);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/ipo/${issue.id}/cancel`,
      headers: { token: finance.token },
      payload: { reason: 'Prospekt zurückgezogen' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toMatchObject({
      status: 'cancelled',
      cancelledReason: 'Prospekt zurückgezogen',
      heldTotal: '0.00',
    });
    for (const investor of [first, second]) {
      expect(await assets(investor.token)).toMatchObject({ available: '5000.00', frozen: '0.00' });
    }
    const rows = await t.ctx.database.db
      .selectFrom('ipoSubscriptions')
      .selectAll()
      .where('issueId', '=', issue.id)
      .execute();
    expect(rows.map((row) => [row.status, row.amountReleasedMinor, row.amountCapturedMinor])).toEqual([
      ['cancelled', 200_000, 0],
      ['cancelled', 500_000, 0],
    ]);
    const messages = await t.ctx.database.db
      .selectFrom('outbox')
      .select('userId')
      .where('template', '=', 'notify.ipoCancelled')
      .execute();
    expect(messages.map((m) => Number(m.userId)).sort()).toEqual([first.userId, second.userId].sort());
    const audit = await t.ctx.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'ipo.cancel')
      .execute();
    expect(audit).toHaveLength(1);
    await expectLedgerOk(t);

    // A second cancellation is refused and changes nothing; support may read but not cancel.
    const again = await adminCall('POST', `/api/admin/ipo/${issue.id}/cancel`, { reason: 'nochmal' });
    expect(again.statusCode).toBe(409);
    expect(body(again).error).toBe('IPO_NOT_CANCELLABLE');
    const support = await operator(t, ['support']);
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/ipo', headers: { token: support.token } });
    expect(read.statusCode).toBe(200);
    const results = await t.app.inject({
      method: 'GET',
      url: `/api/admin/ipo/${issue.id}/results`,
      headers: { token: support.token },
    });
    expect(results.statusCode).toBe(403);
    const ownResults = body<{ items: Array<{ userId: number; phone: string }> }>(
      await adminCall('GET', `/api/admin/ipo/${issue.id}/results`),
    ).data;
    expect(ownResults.items.map((item) => item.userId)).toEqual([first.userId, second.userId]);
  });

  it('counts shares paid for at the draw and not yet listed at their cost, so the total does not dip', async () => {
    const issue = await createIssue();
    const investor = await subscriber('5000.00');
    const before = await assets(investor.token);
    const sub = body<{ id: number }>(await subscribe(investor.token, issue.id, { lots: 2 })).data;
    // What the draw does for 1 of 2 lots allotted: capture 1,000.00, release the rest, mark the row.
    const row = await t.ctx.database.db
      .selectFrom('ipoSubscriptions')
      .selectAll()
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow();
    await t.ctx.database.transaction(async (trx) => {
      await t.ctx.ledger.capture(trx, {
        holdId: Number(row.holdId),
        amountMinor: 100_000,
        to: { system: 'market_settlement' },
        idempotencyKey: `test:ipo:${row.id}:capture`,
        kind: 'ipo.allotted',
      });
      await trx
        .updateTable('ipoSubscriptions')
        .set({
          status: 'allotted',
          lotsAllotted: 1,
          amountCapturedMinor: 100_000,
          amountReleasedMinor: 100_000,
          allocatedAt: t.clock.nowMs(),
        })
        .where('id', '=', row.id)
        .execute();
    });
    const after = await assets(investor.token);
    expect(after).toMatchObject({ available: '4000.00', frozen: '0.00', marketValue: '1000.00' });
    expect(after.totalAssets).toBe(before.totalAssets);
    const allocations = body<{ items: Array<{ status: string; lotsAllotted: number; amountReleased: string }> }>(
      await t.app.inject({ method: 'GET', url: '/api/ipo/allocations', headers: { token: investor.token } }),
    ).data;
    expect(allocations.items).toMatchObject([{ status: 'allotted', lotsAllotted: 1, amountReleased: '1000.00' }]);
    await expectLedgerOk(t);
  });
});
