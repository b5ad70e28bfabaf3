import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, countRows, createTestApp, DIALECTS, investor, operator, type TestApp } from '../../test/harness.ts';
import { fundCash, instrument } from '../../test/trading-fixture.ts';
import { insertInstrument } from '../market/instruments.service.ts';
import { notifyInvestor } from '../users/users.service.ts';

describe.each(DIALECTS)('data rights on %s', (dialect) => {
  let t: TestApp;
  let instrumentId: number;
  let compliance: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_PER_IP_PER_MINUTE: '100000' });
    await t.ctx.database.transaction((trx) => insertInstrument(trx, instrument('PRV', '10.00'), t.clock.nowMs()));
    const row = await t.ctx.database.db
      .selectFrom('instruments')
      .select('id')
      .where('code', '=', 'PRV')
      .executeTakeFirstOrThrow();
    instrumentId = Number(row.id);
    compliance = (await operator(t, ['compliance'])).token;
  });
  afterAll(async () => {
    await t.close();
  });

  async function user() {
    const u = await investor(t);
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token: u.token } });
    return { ...u, userId: body<{ id: number }>(info).data.id };
  }
  const asUser = (token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { token, 'accept-language': 'de' }, ...(payload ? { payload } : {}) });
  const asOperator = (token: string, url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: payload ? 'POST' : 'GET', url, headers: { token }, ...(payload ? { payload } : {}) });
  const closureRows = async () =>
    Number(
      (
        await t.ctx.database.db
          .selectFrom('closureRequests')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function openOrder(userId: number) {
    await t.ctx.database.db
      .insertInto('orders')
      .values({
        userId,
        instrumentId,
        side: 'buy',
        type: 'limit',
        timeInForce: 'day',
        status: 'new',
        lots: 1,
        quantity: 100,
        limitPriceTicks: 900,
        requestKey: `test-${userId}`,
        tradingDate: '2026-11-23',
        createdAt: t.clock.nowMs(),
      })
      .execute();
  }
  async function openPosition(userId: number) {
    await t.ctx.database.db
      .insertInto('positions')
      .values({
        userId,
        instrumentId,
        buyOrderId: 900_000 + userId,
        status: 'open',
        quantity: 100,
        originalQuantity: 100,
        buyPriceTicks: 1000,
        buyValueMinor: 100_000,
        buyCommissionMinor: 500,
        buyTransactionFeeMinor: 10,
        capitalMinor: 100_510,
        remainingCapitalMinor: 100_510,
        buyTime: t.clock.nowMs(),
        buyDate: '2026-11-23',
      })
      .execute();
  }
  async function pendingLoan(userId: number) {
    await t.ctx.database.db
      .insertInto('loans')
      .values({
        userId,
        amountMinor: 10_000,
        termDays: 30,
        purpose: 'test',
        requestKey: `loan-${userId}`,
        createdAt: t.clock.nowMs(),
        updatedAt: t.clock.nowMs(),
      })
      .execute();
  }

  it('refuses a closure, localized and storing nothing, for each thing still open', async () => {
    const cases: Array<[string, (userId: number) => Promise<void>, string, string[]]> = [
      ['cash', (id) => fundCash(t, id, '0.01'), 'CLOSURE_BALANCES_NOT_ZERO', ['balances']],
      ['order', openOrder, 'CLOSURE_OPEN_ORDERS', ['openOrders']],
      ['loan', pendingLoan, 'CLOSURE_LOANS_OUTSTANDING', ['loans']],
      ['position', openPosition, 'CLOSURE_OPEN_POSITIONS', ['positions']],
      [
        'hold',
        async (id) => {
          await fundCash(t, id, '5.00');
          await t.ctx.database.transaction((trx) =>
            t.ctx.ledger.hold(trx, { userId: id, amountMinor: 500, reason: 'test', idempotencyKey: `hold-${id}` }),
          );
        },
        'CLOSURE_BALANCES_NOT_ZERO',
        ['balances', 'holds'],
      ],
    ];
    for (const [what, make, code, blockers] of cases) {
      const u = await user();
      await make(u.userId);
      const before = await closureRows();
      const res = await asUser(u.token, 'POST', '/api/user/closure', { reason: 'moving abroad' });
      expect(res.statusCode, what).toBe(409);
      expect(body(res).error, what).toBe(code);
      expect((body(res) as unknown as { blockers: string[] }).blockers, what).toEqual(blockers);
      expect(body(res).msg).toMatch(/Konto/);
      expect(await closureRows()).toBe(before);
      const state = body<{ request: unknown; blockers: string[] }>(await asUser(u.token, 'GET', '/api/user/closure'));
      expect(state.data).toEqual({ request: null, blockers });
    }
  });

  it('lets an investor with nothing left ask, see, withdraw and ask again; one pending at a time', async () => {
    const u = await user();
    const asked = await asUser(u.token, 'POST', '/api/user/closure', { reason: 'no longer needed' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(body(asked).data).toMatchObject({ status: 'pending', reason: 'no longer needed' });
    expect(body(await asUser(u.token, 'POST', '/api/user/closure', {})).error).toBe('CLOSURE_ALREADY_REQUESTED');
    const withdrawn = await asUser(u.token, 'POST', '/api/user/closure/withdraw');
    expect(body(withdrawn).data).toMatchObject({ status: 'withdrawn' });
    expect(body(await asUser(u.token, 'POST', '/api/user/closure/withdraw')).error).toBe('CLOSURE_NOT_FOUND');
    expect(body(await asUser(u.token, 'POST', '/api/user/closure', {})).data).toMatchObject({ status: 'pending' });
    expect(body(await asUser(u.token, 'POST', '/api/user/closure', { extra: 1 })).error).toBe('UNKNOWN_FIELD');
  });

  it('completes a closure after checking again: account closed, sessions revoked, audited', async () => {
    const u = await user();
    const id = body<{ id: number }>(await asUser(u.token, 'POST', '/api/user/closure', {})).data.id;
    const queue = body<{ items: Array<{ id: number; phone: string }> }>(
      await asOperator(compliance, '/api/admin/closures?status=pending'),
    ).data.items;
    expect(queue.find((item) => item.id === id)?.phone).toBe(u.phone);

    // Cash arrived after the request: completing is refused, nothing changed.
    await fundCash(t, u.userId, '1.00');
    const audits = await countRows(t, 'auditLog');
    const refused = await asOperator(compliance, `/api/admin/closures/${id}/complete`, {});
    expect(refused.statusCode).toBe(409);
    expect(body(refused).error).toBe('CLOSURE_BALANCES_NOT_ZERO');
    expect(await countRows(t, 'auditLog')).toBe(audits);
    expect((await asUser(u.token, 'GET', '/api/user/info')).statusCode).toBe(200);

    // The cash leaves again (a withdrawal paid, say): now it completes.
    await t.ctx.database.transaction((trx) =>
      t.ctx.ledger.post(trx, {
        idempotencyKey: `test-out:${u.userId}`,
        kind: 'withdrawal',
        postings: [
          { account: { userId: u.userId, kind: 'cash' }, amountMinor: -100 },
          { account: { system: 'bank_clearing' }, amountMinor: 100 },
        ],
      }),
    );
    const done = await asOperator(compliance, `/api/admin/closures/${id}/complete`, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(body(done).data).toMatchObject({ id, status: 'completed', userId: u.userId });
    expect(await countRows(t, 'auditLog')).toBe(audits + 1);
    const audit = await t.ctx.database.db
      .selectFrom('auditLog')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('closure.complete');
    const status = await t.ctx.database.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', u.userId)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('closed');
    expect((await asUser(u.token, 'GET', '/api/user/info')).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/closures/' + id + '/complete',
      headers: { token: compliance },
      payload: {},
    });
    expect(body(again).error).toBe('CLOSURE_NOT_PENDING');
  });

  it('rejects with a reason the investor sees; only admin and compliance decide', async () => {
    const u = await user();
    const id = body<{ id: number }>(await asUser(u.token, 'POST', '/api/user/closure', {})).data.id;
    const support = (await operator(t, ['support'])).token;
    expect((await asOperator(support, '/api/admin/closures')).statusCode).toBe(403);
    expect(body(await asOperator(compliance, `/api/admin/closures/${id}/reject`, {})).error).toBe('VALIDATION_FAILED');
    const rejected = await asOperator(compliance, `/api/admin/closures/${id}/reject`, { reason: 'open complaint' });
    expect(body(rejected).data).toMatchObject({ status: 'rejected', rejectReason: 'open complaint' });
    const state = body<{ request: { status: string; rejectReason: string } }>(
      await asUser(u.token, 'GET', '/api/user/closure'),
    );
    expect(state.data.request).toMatchObject({ status: 'rejected', rejectReason: 'open complaint' });
    expect(body(await asOperator(compliance, '/api/admin/closures/999999/complete', {})).error).toBe(
      'CLOSURE_NOT_FOUND',
    );
  });

  it('exports everything of the investor as one attachment, masked, and nothing of another investor', async () => {
    const a = await user();
    const b = await user();
    await fundCash(t, a.userId, '12.34');
    await fundCash(t, b.userId, '99.99');
    await notifyInvestor(t.ctx, t.ctx.database.db, a.userId, 'notify.depositCredited', { amount: '12,34 €' });
    await notifyInvestor(t.ctx, t.ctx.database.db, b.userId, 'notify.depositCredited', { amount: '77,77 €' });
    await openOrder(b.userId);
    await asUser(a.token, 'POST', '/api/user/profile', { nickname: 'Anna' });
    expect(
      (await asUser(a.token, 'POST', '/api/support/messages', { text: 'Wo ist meine Abrechnung?' })).statusCode,
    ).toBe(200);
    expect((await asUser(b.token, 'POST', '/api/support/messages', { text: 'Frage von B' })).statusCode).toBe(200);
    const res = await asUser(a.token, 'GET', '/api/user/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="bourse-data-${a.userId}-2026-11-23.json"`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const data = JSON.parse(res.body) as Record<string, Array<Record<string, unknown>>>;
    expect(data.profile?.[0]).toMatchObject({ id: a.userId, phone: a.phone, nickname: 'Anna' });
    expect(data.profile?.[0]).not.toHaveProperty('passwordHash');
    expect(data.sessions?.length).toBeGreaterThan(0);
    expect(data.sessions?.[0]).not.toHaveProperty('tokenHash');
    expect(data.ledgerAccounts).toEqual([expect.objectContaining({ kind: 'cash', balanceMinor: '12.34' })]);
    expect(data.ledgerPostings).toEqual([expect.objectContaining({ kind: 'deposit', amountMinor: '12.34' })]);
    for (const section of ['orders', 'positions', 'payments', 'withdrawals', 'bankCards', 'loans', 'fundOrders']) {
      expect(data[section], section).toEqual([]);
    }
    expect(data.supportConversations).toEqual([expect.objectContaining({ userId: a.userId, status: 'open' })]);
    expect(data.supportMessages).toEqual([
      expect.objectContaining({ author: 'investor', text: 'Wo ist meine Abrechnung?' }),
    ]);
    // A's message centre is in the export, rendered; B's message is not.
    expect(data.messages).toEqual([
      expect.objectContaining({ kind: 'notification', read: false, body: expect.stringContaining('12,34 €') }),
    ]);
    expect(res.body).not.toContain('77,77');
    // Nothing of B: not the phone, not the amount, not their chat.
    expect(res.body).not.toContain('Frage von B');
    expect(res.body).not.toContain(b.phone);
    expect(res.body).not.toContain('99.99');
    expect(res.body).not.toMatch(/tokenHash|passwordHash/);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/export' })).statusCode).toBe(401);
  });
});
