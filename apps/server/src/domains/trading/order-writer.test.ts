import { randomUUID } from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import { parsePrice } from '@bourse/shared/price';
import { order as orderSchema } from '@bourse/shared/schemas/trading';
import { afterEach, describe, expect, it } from 'vitest';
import { okResponse } from '../../platform/envelope.ts';
import { expectLedgerOk } from '../../test/expect-ledger.ts';
import { body, createTestApp, operator, type TestApp } from '../../test/harness.ts';
import { fundedTrader, instrument, TRADING_PASSWORD } from '../../test/trading-fixture.ts';
import { insertInstrument } from '../market/instruments.service.ts';
import type { MarketSimulator } from '../market/simulator.ts';
import { writeSettings } from '../settings/settings.service.ts';
import { tradingEngine } from './trading-engine.ts';
import { checkOrderInput } from './order-rules.ts';

/**
 * The order writer thread (docs/adr/0007-order-writer-thread.md), on SQLite files only: orders are
 * written by a worker thread with its own connection while the main thread goes on. These tests
 * hold it to the same answers as the main thread's own path, and to taking turns with the main
 * thread's writes, failing orders, a thread that dies and a shutdown.
 */
const ENV = {
  LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
  TRADE_ORDERS_PER_MINUTE: '100000',
  DUPLICATE_SUBMIT_WINDOW_MS: '0',
  MARKET_BACKFILL_DAYS: '0',
  MARKET_BACKFILL_INTRADAY_DAYS: '0',
};
const orderAnswer = okResponse(orderSchema)[200];

let apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.map((t) => t.close()));
  apps = [];
});

async function orderApp(env: Record<string, string> = {}) {
  const t = await createTestApp('sqlite', { ...ENV, ...env });
  apps.push(t);
  await t.ctx.database.transaction((trx) => insertInstrument(trx, instrument('TST', '12.33'), t.clock.nowMs()));
  const sim = t.ctx.market as MarketSimulator;
  await sim.start();
  // Last 12.33: bid 12.32, ask 12.34.
  await sim.printTrade('TST', parsePrice('12.33')!);
  return t;
}

const placeOrder = (t: TestApp, token: string, payload: Record<string, unknown>, key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/trade/orders',
    headers: { token, 'idempotency-key': key },
    payload: { tradingPassword: TRADING_PASSWORD, code: 'TST', timeInForce: 'day', ...payload },
  });

const buy = (lots: number) => ({ side: 'buy', type: 'market', lots });

/** Adds a holiday in the console, as an administrator does. */
async function addHoliday(t: TestApp, payload: Record<string, string>) {
  const admin = await operator(t, ['admin']);
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/admin/calendar/holidays',
    headers: { token: admin.token },
    payload,
  });
  expect(added.statusCode, added.body).toBe(200);
}

async function orderCount(t: TestApp, userId?: number) {
  let query = t.ctx.database.db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n'));
  if (userId !== undefined) query = query.where('userId', '=', userId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

describe('settings and instruments read once per batch', () => {
  // An order reads the fee settings and its instrument once per transaction (a group-commit batch):
  // a change committed between two batches must reach the next order, on either path.
  for (const threaded of [true, false]) {
    it(`sees a fee and a suspension committed between two orders (${threaded ? 'writer thread' : 'main thread'})`, async () => {
      const t = await orderApp(threaded ? {} : { TRADE_WRITER_THREAD: 'false' });
      expect(tradingEngine(t.ctx).orders.threaded).toBe(threaded);
      const { token } = await fundedTrader(t);
      // gross 12.34 × 100 = 1,234.00: commission 0.25 % = 3.09, under the 5.00 minimum.
      expect(body(await placeOrder(t, token, buy(1))).data).toMatchObject({ commission: '5.00' });
      await t.ctx.database.db
        .insertInto('settings')
        .values({ key: 'commissionMin', value: '9.00', updatedAt: t.clock.nowMs(), updatedBy: null })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: '9.00' }))
        .execute();
      expect(body(await placeOrder(t, token, buy(1))).data).toMatchObject({ commission: '9.00' });
      await t.ctx.database.db
        .updateTable('instruments')
        .set({ status: 'suspended' })
        .where('code', '=', 'TST')
        .execute();
      const refused = await placeOrder(t, token, buy(1));
      expect(refused.statusCode).toBe(422);
      expect(body(refused).error).toBe('INSTRUMENT_SUSPENDED');
      await expectLedgerOk(t);
    });
  }
});

describe('the order writer thread', () => {
  it('writes the orders of a SQLite file database, and its answers are exactly the response schema', async () => {
    const t = await orderApp();
    const engine = tradingEngine(t.ctx);
    expect(engine.orders.threaded).toBe(true);
    const { token } = await fundedTrader(t);
    const before = { ...engine.writer.stats };
    const res = await placeOrder(t, token, buy(2));
    expect(res.statusCode).toBe(200);
    const sent = JSON.parse(res.body) as unknown;
    // Parsing adds, drops and reorders nothing: the stored answer is the schema's shape as it is.
    expect(JSON.stringify(orderAnswer.parse(sent))).toBe(res.body);
    expect(body(res).data).toMatchObject({ status: 'filled', quantity: 200, fillPrice: '12.34' });
    // The main thread's own queue wrote nothing: the order went to the thread.
    expect(engine.writer.stats).toEqual(before);
    await expectLedgerOk(t);
  });

  it('can start ahead of the first order (outside tests the engine starts it at once)', async () => {
    const t = await orderApp();
    const engine = tradingEngine(t.ctx);
    const thread = () => (engine.orders as unknown as { worker: object | null }).worker;
    expect(thread()).toBeNull();
    engine.orders.start();
    const started = thread();
    expect(started).not.toBeNull();
    const { token } = await fundedTrader(t);
    expect((await placeOrder(t, token, buy(1))).statusCode).toBe(200);
    expect(thread()).toBe(started);
  });

  it('is taking orders by the time the app is ready, outside tests (the port opens after it: issue 17)', async () => {
    // The crash test's restarts: the port opened while the thread was still loading, so the first
    // orders after a restart waited seconds for it while every other request was answered.
    const t = await orderApp({ NODE_ENV: 'development' });
    const engine = tradingEngine(t.ctx);
    expect(engine.orders.threaded).toBe(true);
    // createTestApp has awaited app.ready(), as app.listen() does before the port opens.
    expect(engine.orders.threadReady).toBe(true);
    const { token } = await fundedTrader(t);
    expect((await placeOrder(t, token, buy(1))).statusCode).toBe(200);
  });

  it('dates with the holidays operators set after the thread started (its calendar follows)', async () => {
    const t = await orderApp();
    const engine = tradingEngine(t.ctx);
    engine.orders.start();
    const { token } = await fundedTrader(t);
    const bought = await placeOrder(t, token, buy(2));
    const lotId = body<{ positionId: number }>(bought).data.positionId;
    // Monday 2026-11-23: Tuesday becomes a holiday in the console, after the thread was started.
    await addHoliday(t, { date: '2026-11-24', name: 'Bank holiday' });
    const sold = await placeOrder(t, token, { side: 'sell', type: 'market', quantity: 50, positionId: lotId });
    expect(sold.statusCode, sold.body).toBe(200);
    // Written by the thread: the proceeds settle on Wednesday, the holiday skipped.
    const sale = await t.ctx.database.db
      .selectFrom('positionSales')
      .select(['tradeDate', 'settleDate'])
      .where('positionId', '=', lotId)
      .executeTakeFirstOrThrow();
    expect(sale).toEqual({ tradeDate: '2026-11-23', settleDate: '2026-11-25' });
    await expectLedgerOk(t);
  });

  it('holds a lot back by T+1 on its exchange’s holidays set after the thread started', async () => {
    // The investor's session outlasts the two days the clock moves.
    const t = await orderApp({ SESSION_TTL_HOURS: '2000' });
    const engine = tradingEngine(t.ctx);
    engine.orders.start();
    expect(engine.orders.threaded).toBe(true);
    await t.ctx.database.transaction(async (trx) => {
      await insertInstrument(trx, instrument('600519', '15.00'), t.clock.nowMs());
      await writeSettings(trx, [['tPlusOne', 'true']], { operatorId: null, nowMs: t.clock.nowMs() });
    });
    const sim = t.ctx.market as MarketSimulator;
    await sim.start();
    await sim.printTrade('600519', parsePrice('15.00')!);
    const { token } = await fundedTrader(t);
    // Monday 2026-11-23: a Shanghai share is bought; then Tuesday becomes a holiday in Shanghai only.
    const bought = await placeOrder(t, token, { code: '600519', ...buy(1) });
    expect(bought.statusCode, bought.body).toBe(200);
    const lotId = body<{ positionId: number }>(bought).data.positionId;
    await addHoliday(t, { date: '2026-11-24', name: '上海休市', exchange: 'SSE' });
    // Tuesday: the base calendar's next business day, but not Shanghai's. The thread refuses.
    t.clock.advance(24 * 3_600_000);
    await sim.printTrade('600519', parsePrice('15.00')!);
    const sell = { code: '600519', side: 'sell', type: 'market', quantity: 100, positionId: lotId };
    const refused = await placeOrder(t, token, sell);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(body(refused).error).toBe('T_PLUS_ONE_NOT_SELLABLE');
    expect(body(refused).msg).toContain('2026-11-25');
    // Wednesday: it sells.
    t.clock.advance(24 * 3_600_000);
    await sim.printTrade('600519', parsePrice('15.00')!);
    expect((await placeOrder(t, token, sell)).statusCode).toBe(200);
    await expectLedgerOk(t);
  });

  it('answers byte for byte as the main thread does without it', async () => {
    const answers: string[][] = [];
    for (const threaded of ['true', 'false']) {
      const t = await orderApp({ TRADE_WRITER_THREAD: threaded });
      expect(tradingEngine(t.ctx).orders.threaded).toBe(threaded === 'true');
      const { token } = await fundedTrader(t);
      const bought = await placeOrder(t, token, buy(2), 'order-writer-same-1');
      const lotId = body<{ positionId: number }>(bought).data.positionId;
      const steps = [
        bought,
        await placeOrder(t, token, { side: 'buy', type: 'limit', lots: 1, limitPrice: '12.00' }, 'order-writer-same-2'),
        await placeOrder(
          t,
          token,
          { side: 'sell', type: 'market', quantity: 50, positionId: lotId },
          'order-writer-same-3',
        ),
        await placeOrder(t, token, buy(99), 'order-writer-same-4'),
        // A replay of the first order: its stored answer.
        await placeOrder(t, token, buy(2), 'order-writer-same-1'),
      ];
      expect(steps.map((res) => res.statusCode)).toEqual([200, 200, 200, 422, 200]);
      expect(body(steps[3]!).error).toBe('INSUFFICIENT_FUNDS');
      expect(steps[4]!.headers['idempotent-replayed']).toBe('true');
      answers.push(steps.map((res) => res.body));
      await expectLedgerOk(t);
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it('takes turns with the main thread’s writes: concurrent orders and deposits all land, exactly', async () => {
    const t = await orderApp();
    const traders = await Promise.all([1, 2, 3, 4].map(() => fundedTrader(t, '10000.00')));
    const deposits = traders.flatMap((trader) =>
      [1, 2, 3, 4, 5].map((n) =>
        t.ctx.database.transaction((trx) =>
          t.ctx.ledger.post(trx, {
            idempotencyKey: `order-writer-deposit:${trader.userId}:${n}`,
            kind: 'deposit',
            postings: [
              { account: { system: 'bank_clearing' }, amountMinor: -100_00 },
              { account: { userId: trader.userId, kind: 'cash' }, amountMinor: 100_00 },
            ],
          }),
        ),
      ),
    );
    const orders = traders.flatMap((trader) => [1, 2, 3, 4, 5].map(() => placeOrder(t, trader.token, buy(1))));
    const reads = traders.map((trader) =>
      t.app.inject({ method: 'GET', url: '/api/user/assets', headers: { token: trader.token } }),
    );
    const [answers, , readAnswers] = await Promise.all([
      Promise.all(orders),
      Promise.all(deposits),
      Promise.all(reads),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual(new Array(20).fill(200));
    expect(readAnswers.map((res) => res.statusCode)).toEqual(new Array(4).fill(200));
    // Each buy of 1 lot at 12.34: 1,234.00 + commission 5.00 (the minimum) + fee 0.12 = 1,239.12;
    // 10,000.00 + 5 × 100.00 − 5 × 1,239.12 = 4,304.40.
    for (const trader of traders) {
      const assets = body<{ available: string }>(
        await t.app.inject({ method: 'GET', url: '/api/user/assets', headers: { token: trader.token } }),
      );
      expect(assets.data.available).toBe('4304.40');
      expect(await orderCount(t, trader.userId)).toBe(5);
    }
    await expectLedgerOk(t);
  });

  it('rolls back a failing order alone, and its error arrives as the same localized refusal', async () => {
    const t = await orderApp();
    const rich = await fundedTrader(t, '10000.00');
    const poor = await fundedTrader(t, '100.00');
    const results = await Promise.all([
      placeOrder(t, rich.token, buy(1)),
      placeOrder(t, poor.token, buy(1)),
      placeOrder(t, rich.token, buy(2)),
    ]);
    expect(results.map((res) => res.statusCode)).toEqual([200, 422, 200]);
    const refused = body(results[1]);
    expect(refused.error).toBe('INSUFFICIENT_FUNDS');
    expect(refused.msg).not.toBe('errors.INSUFFICIENT_FUNDS');
    expect(refused.msg.length).toBeGreaterThan(10);
    expect(await orderCount(t, poor.userId)).toBe(0);
    expect(await orderCount(t, rich.userId)).toBe(2);
    await expectLedgerOk(t);
  });

  it('survives the thread dying mid-flow: answered orders are written, retries with their keys settle the rest once', async () => {
    const t = await orderApp();
    const engine = tradingEngine(t.ctx);
    const { token, userId } = await fundedTrader(t, '100000.00');
    // Start the thread, then send orders and end the thread while they are in flight.
    expect((await placeOrder(t, token, buy(1))).statusCode).toBe(200);
    const keys = Array.from({ length: 30 }, () => randomUUID());
    const inFlight = keys.map((key) => placeOrder(t, token, buy(1), key));
    const thread = (engine.orders as unknown as { worker: { terminate(): Promise<number> } | null }).worker;
    expect(thread).not.toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    await thread!.terminate();
    const first = await Promise.all(inFlight);
    for (const res of first) expect([200, 500]).toContain(res.statusCode);
    // The main thread can still write (the dead thread's turn was cleared)…
    await t.ctx.database.transaction((trx) =>
      t.ctx.ledger.post(trx, {
        idempotencyKey: 'order-writer-after-crash',
        kind: 'deposit',
        postings: [
          { account: { system: 'bank_clearing' }, amountMinor: -1_00 },
          { account: { userId, kind: 'cash' }, amountMinor: 1_00 },
        ],
      }),
    );
    // …and every key retried gets one order: the stored answer if it was written, else a new order.
    const retried = await Promise.all(keys.map((key) => placeOrder(t, token, buy(1), key)));
    expect(retried.map((res) => res.statusCode)).toEqual(new Array(30).fill(200));
    first.forEach((res, i) => {
      if (res.statusCode === 200) expect(retried[i]!.body).toBe(res.body);
    });
    expect(await orderCount(t, userId)).toBe(31);
    await expectLedgerOk(t);
  });

  it('keeps orders handed to a new thread when the old one, failing, reports its exit afterwards', async () => {
    const t = await orderApp();
    const engine = tradingEngine(t.ctx);
    const { token, userId } = await fundedTrader(t, '100000.00');
    expect((await placeOrder(t, token, buy(1))).statusCode).toBe(200);
    const old = (engine.orders as unknown as { worker: Worker | null }).worker!;
    // Between the failing thread's 'error' and its 'exit', an order goes to a new thread.
    const placedMeanwhile = new Promise<Awaited<ReturnType<typeof engine.orders.place>>>((resolve, reject) => {
      old.once('error', () => {
        engine.orders
          .place({
            userId,
            order: checkOrderInput({ code: 'TST', side: 'buy', type: 'market', lots: 1, timeInForce: 'day' }),
            key: { userId, key: randomUUID(), requestHash: 'f'.repeat(64) },
            nowMs: t.clock.nowMs(),
            lang: 'de',
          })
          .then(resolve, reject);
      });
    });
    // A message the thread cannot read: it throws outside any order, and dies.
    old.postMessage({ type: 'place', orders: null });
    expect((await placedMeanwhile).kind).toBe('done');
    expect(await orderCount(t, userId)).toBe(2);
    await expectLedgerOk(t);
  });

  it('finishes the orders handed to it before the app closes, and refuses orders after', async () => {
    const t = await orderApp();
    const { userId } = await fundedTrader(t, '100000.00');
    const engine = tradingEngine(t.ctx);
    const place = () =>
      engine.orders.place({
        userId,
        order: checkOrderInput({ code: 'TST', side: 'buy', type: 'market', lots: 1, timeInForce: 'day' }),
        key: { userId, key: randomUUID(), requestHash: randomUUID().replace(/-/g, '').padEnd(64, '0') },
        nowMs: t.clock.nowMs(),
        lang: 'de',
      });
    const inFlight = Array.from({ length: 20 }, place);
    const [outcomes] = await Promise.all([Promise.all(inFlight), engine.stop()]);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(new Array(20).fill('done'));
    expect(await orderCount(t, userId)).toBe(20);
    // Closed: a clear error rather than a lost write.
    await expect(place()).rejects.toThrow(/closed/);
    await expectLedgerOk(t);
  });
});
