import { randomUUID } from 'node:crypto';
import { parsePrice } from '@bourse/shared/price';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/crypto.ts';
import { expectLedgerOk as expectLedgerOkOf } from '../../test/expect-ledger.ts';
import { body, createTestApp, DIALECTS, operator, type TestApp } from '../../test/harness.ts';
import { fundedTrader, instrument, TRADING_PASSWORD, TRADING_TEST_ENV } from '../../test/trading-fixture.ts';
import { insertInstrument } from '../market/instruments.service.ts';
import type { MarketSimulator } from '../market/simulator.ts';
import { tradingEngine } from './trading-engine.ts';
import { checkOrderInput } from './order-rules.ts';
import { placeOrderInTransaction } from './fill-units.ts';

/**
 * Trading through the API, once per dialect. Prices are set exactly (the simulator prints a trade
 * at a chosen price; the spread then puts the bid one cent below and the ask one cent above), so
 * every figure below is worked out by hand with the default fee schedule:
 *   commission 0.25 % (minimum 5.00), transaction fee 0.01 %, stamp duty 0.10 % on sells,
 *   every amount rounded half-up to the cent.
 */
const ENV = TRADING_TEST_ENV;
async function tradingApp(dialect: (typeof DIALECTS)[number], env: Record<string, string> = {}) {
  const t = await createTestApp(dialect, { ...ENV, ...env });
  await t.ctx.database.transaction(async (trx) => {
    for (const item of [
      instrument('TST', '12.33'),
      instrument('ONE', '20.00', { lotSize: 1 }),
      instrument('HALT', '10.00', { status: 'suspended' }),
      instrument('SWITCH', '10.00'),
      instrument('NEWCO', '10.00', { status: 'ipo' }),
    ]) {
      await insertInstrument(trx, item, t.clock.nowMs());
    }
  });
  const sim = t.ctx.market as MarketSimulator;
  await sim.start();
  return { t, sim };
}

/** Helpers bound to one app. */
function tools(getApp: () => TestApp, getSim: () => MarketSimulator) {
  const t = () => getApp();
  const placeOrder = (token: string, payload: Record<string, unknown>, key: string | null = randomUUID()) =>
    t().app.inject({
      method: 'POST',
      url: '/api/trade/orders',
      headers: { token, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { tradingPassword: TRADING_PASSWORD, ...payload },
    });
  const quote = (token: string, payload: Record<string, unknown>) =>
    t().app.inject({ method: 'POST', url: '/api/trade/quote', headers: { token }, payload });
  const get = async (token: string, url: string) =>
    body(await t().app.inject({ method: 'GET', url, headers: { token } }));
  const assets = async (token: string) => (await get(token, '/api/user/assets')).data;

  /** A registered investor with `cash` in their account and a trading password. */
  const trader = (cash = '10000.00') => fundedTrader(t(), cash);

  /** Moves an instrument's last price (bid one cent below, ask one cent above) and waits for matching. */
  async function setPrice(code: string, last: string) {
    await getSim().printTrade(code, parsePrice(last)!);
    await tradingEngine(t().ctx).matcher.idle();
  }

  async function counts() {
    const db = t().ctx.database.db;
    const n = async (table: 'orders' | 'positions' | 'positionSales' | 'journalEntries' | 'holds') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      orders: await n('orders'),
      positions: await n('positions'),
      sales: await n('positionSales'),
      entries: await n('journalEntries'),
      holds: await n('holds'),
    };
  }

  const expectLedgerOk = () => expectLedgerOkOf(t());

  /** The journal entries keyed by an order (its fill, cancellation, expiry), with their postings by account. */
  async function entriesOf(orderId: number) {
    const db = t().ctx.database.db;
    const entries = await db
      .selectFrom('journalEntries')
      .select(['id', 'idempotencyKey', 'kind'])
      .where('idempotencyKey', 'like', `order:${orderId}:%`)
      .orderBy('id')
      .execute();
    const postings = await db
      .selectFrom('postings as p')
      .innerJoin('ledgerAccounts as a', 'a.id', 'p.accountId')
      .select(['p.entryId', 'a.code', 'p.amountMinor'])
      .where('p.entryId', 'in', entries.length ? entries.map((e) => Number(e.id)) : [0])
      .execute();
    return entries.map((entry) => ({
      key: entry.idempotencyKey,
      kind: entry.kind,
      postings: Object.fromEntries(
        postings
          .filter((p) => Number(p.entryId) === Number(entry.id))
          .map((p) => [p.code.replace(/^user:\d+:/, 'user:').replace(/:EUR$/, ''), Number(p.amountMinor)]),
      ),
    }));
  }

  return { placeOrder, quote, get, assets, trader, setPrice, counts, expectLedgerOk, entriesOf };
}

for (const dialect of DIALECTS) {
  describe(`trading on ${dialect}`, () => {
    let t: TestApp;
    let sim: MarketSimulator;
    const h = tools(
      () => t,
      () => sim,
    );

    beforeAll(async () => {
      ({ t, sim } = await tradingApp(dialect));
    }, 60_000);
    afterAll(async () => {
      await t.close();
    });

    describe('the ex-ante quote', () => {
      it('shows the buy breakdown of 2 lots at the ask, and writes nothing', async () => {
        await h.setPrice('TST', '12.33');
        const { token } = await h.trader('10000.00');
        const before = await h.counts();
        const res = await h.quote(token, { code: 'TST', side: 'buy', type: 'market', lots: 2 });
        expect(res.statusCode).toBe(200);
        // gross 12.34 × 200 = 2,468.00; commission 0.25 % = 6.17 (above 5.00); tx 0.01 % = 0.2468 → 0.25;
        // fees 6.42 (0.26 % of gross); total 2,474.42. Collar: 12.33 × 1.05 = 12.9465.
        expect(body(res).data).toEqual({
          code: 'TST',
          side: 'buy',
          type: 'market',
          price: '12.34',
          quantity: 200,
          lots: 2,
          lotSize: 100,
          gross: '2468.00',
          commission: { amount: '6.17', pct: '0.25' },
          transactionFee: { amount: '0.25', pct: '0.01' },
          stampDuty: { amount: '0.00', pct: '0.00' },
          fees: { amount: '6.42', pct: '0.26' },
          total: '2474.42',
          rates: {
            commissionRate: '0.0025',
            commissionMin: '5.00',
            transactionFeeRate: '0.0001',
            stampDutyRate: '0.0010',
          },
          available: '10000.00',
          sellable: null,
          collarPrice: '12.9465',
        });
        expect(await h.counts()).toEqual(before);
      });

      it('prices a limit sell at its limit, with stamp duty, and refuses bad input like an order', async () => {
        await h.setPrice('TST', '12.33');
        const { token } = await h.trader();
        const bought = body(await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'market', lots: 2 })).data;
        const res = await h.quote(token, {
          code: 'TST',
          side: 'sell',
          type: 'limit',
          quantity: 150,
          positionId: bought.positionId,
          limitPrice: '13.00',
        });
        // gross 13.00 × 150 = 1,950.00; commission 4.875 → 4.88 < 5.00 → 5.00; tx 0.195 → 0.20;
        // stamp duty 0.10 % = 1.95; proceeds 1,950.00 − 7.15 = 1,942.85.
        expect(body(res).data).toMatchObject({
          price: '13.00',
          gross: '1950.00',
          commission: { amount: '5.00', pct: '0.26' },
          transactionFee: { amount: '0.20', pct: '0.01' },
          stampDuty: { amount: '1.95', pct: '0.10' },
          fees: { amount: '7.15', pct: '0.37' },
          total: '1942.85',
          sellable: 200,
          available: null,
          collarPrice: null,
        });
        const zero = await h.quote(token, { code: 'TST', side: 'buy', type: 'market', lots: 0 });
        expect(zero.statusCode).toBe(400);
        expect(body(zero).error).toBe('LOTS_NOT_POSITIVE');
      });
    });

    describe('market orders', () => {
      it('buys 2 lots at the ask: one entry, one lot with the exact fees', async () => {
        await h.setPrice('TST', '12.33');
        const { token, userId } = await h.trader('10000.00');
        const res = await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'market', lots: 2 });
        expect(res.statusCode).toBe(200);
        const placed = body(res).data;
        expect(placed).toMatchObject({
          code: 'TST',
          side: 'buy',
          type: 'market',
          status: 'filled',
          lots: 2,
          quantity: 200,
          fillPrice: '12.34',
          gross: '2468.00',
          commission: '6.17',
          transactionFee: '0.25',
          stampDuty: '0.00',
          fees: '6.42',
          total: '2474.42',
          rejectReason: null,
        });
        // The answer is the order as stored (it is built from the rows just written).
        const listed = (await h.get(token, '/api/trade/orders')).data as Array<{ id: number }>;
        expect(listed.find((o) => o.id === placed.id)).toEqual(placed);
        // One movement: cash −2,474.42; the market gets the gross 2,468.00, fee income the 6.42.
        expect(await h.entriesOf(placed.id)).toEqual([
          {
            key: `order:${placed.id}:fill`,
            kind: 'trade.buy',
            postings: { 'user:cash': -247_442, 'system:market_settlement': 246_800, 'system:fee_income': 642 },
          },
        ]);
        const lot = (await h.get(token, `/api/trade/positions/${placed.positionId}`)).data;
        expect(lot).toMatchObject({
          status: 'open',
          quantity: 200,
          originalQuantity: 200,
          sellable: 200,
          buyPrice: '12.34',
          buyValue: '2468.00',
          buyCommission: '6.17',
          buyTransactionFee: '0.25',
          buyFees: '6.42',
          capital: '2474.42',
          remainingCapital: '2474.42',
          buyDate: '2026-11-23',
          trades: 1,
          sales: [],
          realizedPnl: '0.00',
          // Last 12.33: market value 2,466.00; floating P/L (12.33 − 12.34) × 200 = −2.00.
          lastPrice: '12.33',
          marketValue: '2466.00',
          floatingPnl: '-2.00',
          floatingPnlPct: '-0.08',
        });
        // Cash 10,000.00 − 2,474.42 = 7,525.58; total assets 7,525.58 + 2,466.00 = 9,991.58.
        expect(await h.assets(token)).toMatchObject({
          available: '7525.58',
          withdrawable: '7525.58',
          marketValue: '2466.00',
          floatingPnl: '-2.00',
          totalAssets: '9991.58',
        });
        const holdings = (await h.get(token, '/api/trade/holdings')).data;
        expect(holdings).toEqual([
          expect.objectContaining({
            code: 'TST',
            quantity: 200,
            sellable: 200,
            lots: 1,
            averagePrice: '12.34',
            capital: '2474.42',
          }),
        ]);
        expect(userId).toBeGreaterThan(0);
        await h.expectLedgerOk();
      });

      it('sells part, then the rest: realized P/L to the cent, the lot sold out, proceeds settle T+1', async () => {
        await h.setPrice('TST', '12.33');
        const { token } = await h.trader('10000.00');
        const bought = body(await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'market', lots: 2 })).data;
        // Capital of the lot: 2,474.42 for 200 shares (bought at 12.34).
        await h.setPrice('TST', '13.01');
        const part = await h.placeOrder(token, {
          code: 'TST',
          side: 'sell',
          type: 'market',
          quantity: 150,
          positionId: bought.positionId,
        });
        expect(part.statusCode).toBe(200);
        // Sold at the bid 13.00: gross 1,950.00, commission 5.00 (minimum), tx 0.20, stamp duty 1.95,
        // proceeds 1,942.85. Capital share 2,474.42 × 150 / 200 = 1,855.815 → 1,855.82.
        // Realized P/L 1,942.85 − 1,855.82 = 87.03.
        expect(body(part).data).toMatchObject({
          status: 'filled',
          fillPrice: '13.00',
          gross: '1950.00',
          commission: '5.00',
          transactionFee: '0.20',
          stampDuty: '1.95',
          fees: '7.15',
          total: '1942.85',
          positionId: bought.positionId,
        });
        expect(await h.entriesOf(body(part).data.id)).toEqual([
          {
            key: `order:${body(part).data.id}:fill`,
            kind: 'trade.sell',
            postings: { 'system:market_settlement': -195_000, 'user:cash': 194_285, 'system:fee_income': 715 },
          },
        ]);
        let lot = (await h.get(token, `/api/trade/positions/${bought.positionId}`)).data;
        expect(lot).toMatchObject({
          status: 'open',
          quantity: 50,
          sellable: 50,
          remainingCapital: '618.60',
          trades: 2,
          realizedPnl: '87.03',
          // 87.03 / 1,855.82 = 4.689… %
          realizedPnlPct: '4.69',
          sellPrice: '13.00',
          sellType: 'market',
        });
        // Cash 10,000.00 − 2,474.42 + 1,942.85 = 9,468.43; the proceeds settle tomorrow (T+1).
        expect(await h.assets(token)).toMatchObject({ available: '9468.43', withdrawable: '7525.58' });

        const rest = await h.placeOrder(token, {
          code: 'TST',
          side: 'sell',
          type: 'market',
          quantity: 50,
          positionId: bought.positionId,
        });
        expect(rest.statusCode).toBe(200);
        // 50 × 13.00 = 650.00; commission 1.625 → 1.63 → 5.00; tx 0.065 → 0.07; stamp 0.65;
        // proceeds 644.28; the last shares carry the rest of the capital, 618.60: P/L 25.68.
        expect(body(rest).data).toMatchObject({ gross: '650.00', fees: '5.72', total: '644.28' });
        lot = (await h.get(token, `/api/trade/positions/${bought.positionId}`)).data;
        // Σ realized 87.03 + 25.68 = 112.71 = Σ proceeds (1,942.85 + 644.28) − capital 2,474.42.
        expect(lot).toMatchObject({
          status: 'closed',
          quantity: 0,
          sellable: 0,
          remainingCapital: '0.00',
          trades: 3,
          realizedPnl: '112.71',
          marketValue: '0.00',
          floatingPnl: '0.00',
        });
        expect(lot.sales.map((s: { realizedPnl: string; proceeds: string }) => [s.proceeds, s.realizedPnl])).toEqual([
          ['1942.85', '87.03'],
          ['644.28', '25.68'],
        ]);
        expect((await h.get(token, '/api/trade/positions')).data).toEqual([]);
        const history = (await h.get(token, '/api/trade/history?period=today')).data;
        expect(history.totals).toEqual({ realizedPnl: '112.71', count: 1 });
        expect(history.items[0]).toMatchObject({ id: bought.positionId, status: 'closed', realizedPnl: '112.71' });
        const selling = await h.placeOrder(token, {
          code: 'TST',
          side: 'sell',
          type: 'market',
          quantity: 1,
          positionId: bought.positionId,
        });
        expect(selling.statusCode).toBe(422);
        expect(body(selling).error).toBe('POSITION_CLOSED');
        await h.expectLedgerOk();
      });
    });

    describe('limit orders', () => {
      it('rest with their cash held, and fill when the ask crosses: at the ask, fees at the fill price', async () => {
        await h.setPrice('TST', '12.33');
        const { token } = await h.trader('10000.00');
        const res = await h.placeOrder(token, {
          code: 'TST',
          side: 'buy',
          type: 'limit',
          lots: 1,
          limitPrice: '12.00',
        });
        expect(res.statusCode).toBe(200);
        const resting = body(res).data;
        // Held at the limit: 1,200.00 + commission 3.00 → 5.00 + tx 0.12 = 1,205.12.
        expect(resting).toMatchObject({ status: 'new', limitPrice: '12.00', fillPrice: null, total: '1205.12' });
        expect(resting.expiresAt).toBe('2026-11-23T23:00:00.000Z');
        expect(await h.assets(token)).toMatchObject({ available: '8794.88', frozen: '1205.12', cash: '10000.00' });
        await h.expectLedgerOk();

        // The ask falls to 11.91 (last 11.90): at or below the limit, so the order fills at 11.91.
        await h.setPrice('TST', '11.90');
        const filled = (await h.get(token, '/api/trade/orders?status=filled')).data;
        expect(filled).toHaveLength(1);
        // 11.91 × 100 = 1,191.00; commission 2.9775 → 2.98 → 5.00; tx 0.1191 → 0.12; total 1,196.12.
        expect(filled[0]).toMatchObject({
          id: resting.id,
          status: 'filled',
          fillPrice: '11.91',
          total: '1196.12',
          fees: '5.12',
        });
        // The hold is captured for 1,196.12; the other 9.00 goes back to cash.
        expect(await h.assets(token)).toMatchObject({ available: '8803.88', frozen: '0.00' });
        const lot = (await h.get(token, `/api/trade/positions/${filled[0].positionId}`)).data;
        expect(lot).toMatchObject({ buyPrice: '11.91', capital: '1196.12', quantity: 100 });
        await h.expectLedgerOk();
      });

      it('fills at once when the market is already at the limit or better', async () => {
        await h.setPrice('TST', '12.33');
        const { token } = await h.trader();
        const res = await h.placeOrder(token, {
          code: 'TST',
          side: 'buy',
          type: 'limit',
          lots: 1,
          limitPrice: '12.50',
        });
        expect(body(res).data).toMatchObject({ status: 'filled', fillPrice: '12.34', limitPrice: '12.50' });
        await h.expectLedgerOk();
      });

      it('rest as sells with their shares reserved, and fill when the bid crosses', async () => {
        await h.setPrice('TST', '12.33');
        const { token } = await h.trader();
        const bought = body(await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'market', lots: 2 })).data;
        const res = await h.placeOrder(token, {
          code: 'TST',
          side: 'sell',
          type: 'limit',
          quantity: 120,
          positionId: bought.positionId,
          limitPrice: '12.80',
          timeInForce: 'gtc',
        });
        expect(body(res).data).toMatchObject({ status: 'new', timeInForce: 'gtc', expiresAt: null });
        let lot = (await h.get(token, `/api/trade/positions/${bought.positionId}`)).data;
        expect(lot).toMatchObject({ quantity: 200, sellable: 80 });
        const tooMany = await h.placeOrder(token, {
          code: 'TST',
          side: 'sell',
          type: 'market',
          quantity: 81,
          positionId: bought.positionId,
        });
        expect(body(tooMany).error).toBe('QUANTITY_EXCEEDS_SELLABLE');
        expect(body(tooMany).msg).toContain('80');
        // Bid 12.80 (last 12.81): fills at 12.80 × 120 = 1,536.00; commission 3.84 → 5.00; tx 0.1536 → 0.15;
        // stamp 1.536 → 1.54; proceeds 1,529.31. Capital share 2,474.42 × 120/200 = 1,484.652 → 1,484.65.
        await h.setPrice('TST', '12.81');
        lot = (await h.get(token, `/api/trade/positions/${bought.positionId}`)).data;
        expect(lot).toMatchObject({ quantity: 80, sellable: 80, realizedPnl: '44.66', trades: 2 });
        expect(lot.sales[0]).toMatchObject({
          price: '12.80',
          sellType: 'limit',
          proceeds: '1529.31',
          realizedPnl: '44.66',
        });
        await h.expectLedgerOk();
      });

      it('can be cancelled: the hold is voided, and only its owner can cancel, once', async () => {
        await h.setPrice('TST', '12.33');
        const { token } = await h.trader('10000.00');
        const other = await h.trader();
        const resting = body(
          await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'limit', lots: 1, limitPrice: '12.00' }),
        ).data;
        const cancel = (as: string) =>
          t.app.inject({ method: 'POST', url: `/api/trade/orders/${resting.id}/cancel`, headers: { token: as } });
        const foreign = await cancel(other.token);
        expect(foreign.statusCode).toBe(404);
        expect(body(foreign).error).toBe('ORDER_NOT_FOUND');
        const done = await cancel(token);
        expect(done.statusCode).toBe(200);
        expect(body(done).data).toMatchObject({ status: 'cancelled', total: null });
        expect(body(done).data.cancelledAt).not.toBeNull();
        expect(await h.assets(token)).toMatchObject({ available: '10000.00', frozen: '0.00' });
        const again = await cancel(token);
        expect(again.statusCode).toBe(409);
        expect(body(again).error).toBe('ORDER_NOT_OPEN');
        expect(await h.entriesOf(resting.id)).toEqual([
          expect.objectContaining({ key: `order:${resting.id}:cancelled`, kind: 'order.cancelled' }),
        ]);
        await h.expectLedgerOk();
      });

      it('is rejected with its reason when trading was switched off before it could fill', async () => {
        await h.setPrice('SWITCH', '10.00');
        const { token } = await h.trader();
        const admin = await operator(t, ['admin']);
        const resting = body(
          await h.placeOrder(token, { code: 'SWITCH', side: 'buy', type: 'limit', lots: 1, limitPrice: '9.50' }),
        ).data;
        const off = await t.app.inject({
          method: 'PUT',
          url: '/api/admin/instruments/SWITCH',
          headers: { token: admin.token },
          payload: { tradingEnabled: false },
        });
        expect(off.statusCode).toBe(200);
        const refused = await h.placeOrder(token, { code: 'SWITCH', side: 'buy', type: 'market', lots: 1 });
        expect(refused.statusCode).toBe(422);
        expect(body(refused).error).toBe('TRADING_DISABLED');
        await h.setPrice('SWITCH', '9.00');
        const orders = (await h.get(token, '/api/trade/orders?status=rejected')).data;
        expect(orders).toEqual([
          expect.objectContaining({ id: resting.id, status: 'rejected', rejectCode: 'TRADING_DISABLED' }),
        ]);
        expect(orders[0].rejectReason).toMatch(/\S/);
        expect(await h.assets(token)).toMatchObject({ frozen: '0.00', available: '10000.00' });
        const on = await t.app.inject({
          method: 'PUT',
          url: '/api/admin/instruments/SWITCH',
          headers: { token: admin.token },
          payload: { tradingEnabled: true },
        });
        expect(on.statusCode).toBe(200);
        await h.expectLedgerOk();
      });
    });

    describe('bad input gets a clear error and changes nothing', () => {
      const buy = { code: 'TST', side: 'buy', type: 'market' };
      const cases: Array<[string, Record<string, unknown>, number, string]> = [
        ['zero lots', { ...buy, lots: 0 }, 400, 'LOTS_NOT_POSITIVE'],
        ['negative lots', { ...buy, lots: -2 }, 400, 'LOTS_NOT_POSITIVE'],
        ['missing lots', { ...buy }, 400, 'LOTS_NOT_POSITIVE'],
        ['fractional lots', { ...buy, lots: 1.5 }, 400, 'LOTS_NOT_WHOLE'],
        ['lots as a string', { ...buy, lots: '2' }, 400, 'VALIDATION_FAILED'],
        ['enormous lots', { ...buy, lots: 1e15 }, 400, 'LOTS_TOO_LARGE'],
        ['lots just above the share limit', { ...buy, lots: 1_000_001 }, 400, 'LOTS_TOO_LARGE'],
        [
          'a limit price with 5 decimals',
          { ...buy, type: 'limit', lots: 1, limitPrice: '12.34567' },
          400,
          'LIMIT_PRICE_INVALID',
        ],
        ['a zero limit price', { ...buy, type: 'limit', lots: 1, limitPrice: '0.00' }, 400, 'LIMIT_PRICE_INVALID'],
        [
          'a negative limit price',
          { ...buy, type: 'limit', lots: 1, limitPrice: '-12.00' },
          400,
          'LIMIT_PRICE_INVALID',
        ],
        ['a limit order without a price', { ...buy, type: 'limit', lots: 1 }, 400, 'LIMIT_PRICE_REQUIRED'],
        [
          'a limit price between two cents',
          { ...buy, type: 'limit', lots: 1, limitPrice: '12.345' },
          400,
          'PRICE_OFF_TICK',
        ],
        [
          'a limit price below 1.00 between two tenths of a cent',
          { ...buy, type: 'limit', lots: 1, limitPrice: '0.9995' },
          400,
          'PRICE_OFF_TICK',
        ],
        ['a market order with a limit price', { ...buy, lots: 1, limitPrice: '12.00' }, 400, 'VALIDATION_FAILED'],
        ['an unknown field', { ...buy, lots: 1, leverage: 10 }, 400, 'UNKNOWN_FIELD'],
        ['an unknown instrument', { ...buy, code: 'NOPE', lots: 1 }, 404, 'INSTRUMENT_NOT_FOUND'],
        ['a suspended instrument', { ...buy, code: 'HALT', lots: 1 }, 422, 'INSTRUMENT_SUSPENDED'],
        ['an instrument not listed yet', { ...buy, code: 'NEWCO', lots: 1 }, 422, 'INSTRUMENT_NOT_LISTED'],
        ['a buy beyond the cash', { ...buy, lots: 9 }, 422, 'INSUFFICIENT_FUNDS'],
        ['a wrong trading password', { ...buy, lots: 1, tradingPassword: '000000' }, 422, 'TRADING_PASSWORD_WRONG'],
        ['a sell without a lot', { code: 'TST', side: 'sell', type: 'market', quantity: 1 }, 400, 'POSITION_REQUIRED'],
      ];
      it.each(cases)('%s', async (_name, payload, status, error) => {
        await h.setPrice('TST', '12.33');
        // 10,000.00 covers 8 lots at 12.34 (9,872.00 + fees) but not 9 (11,106.00 + fees).
        const { token } = await h.trader('10000.00');
        const before = await h.counts();
        const res = await h.placeOrder(token, payload);
        expect(res.statusCode).toBe(status);
        expect(body(res).error).toBe(error);
        expect(body(res).msg).not.toBe(`errors.${error}`);
        expect(await h.counts()).toEqual(before);
        expect(await h.assets(token)).toMatchObject({ available: '10000.00', frozen: '0.00' });
        await h.expectLedgerOk();
      });

      it('an off-grid limit price is refused by name of the tick, for a quote as for an order', async () => {
        const { token } = await h.trader('10000.00');
        const order = { code: 'TST', side: 'buy', type: 'limit', lots: 1 };
        const placed = await h.placeOrder(token, { ...order, limitPrice: '12.3401' });
        expect(body(placed).msg).toContain('0.01');
        const quoted = await h.quote(token, { ...order, limitPrice: '0.5005' });
        expect(quoted.statusCode).toBe(400);
        expect(body(quoted)).toMatchObject({ error: 'PRICE_OFF_TICK' });
        expect(body(quoted).msg).toContain('0.001');
        // On the grid at both levels: accepted.
        expect((await h.quote(token, { ...order, limitPrice: '12.35' })).statusCode).toBe(200);
        expect((await h.quote(token, { ...order, limitPrice: '0.505' })).statusCode).toBe(200);
      });

      it('a missing Idempotency-Key', async () => {
        const { token } = await h.trader();
        const res = await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'market', lots: 1 }, null);
        expect(res.statusCode).toBe(400);
        expect(body(res).error).toBe('IDEMPOTENCY_KEY_REQUIRED');
      });

      describe('sells', () => {
        let token: string;
        let positionId: number;
        let foreignPositionId: number;
        let closedPositionId: number;
        beforeAll(async () => {
          await h.setPrice('TST', '12.33');
          const me = await h.trader('10000.00');
          token = me.token;
          positionId = body(await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'market', lots: 1 })).data
            .positionId;
          closedPositionId = body(await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'market', lots: 1 })).data
            .positionId;
          expect(
            (
              await h.placeOrder(token, {
                code: 'TST',
                side: 'sell',
                type: 'market',
                quantity: 100,
                positionId: closedPositionId,
              })
            ).statusCode,
          ).toBe(200);
          const other = await h.trader();
          foreignPositionId = body(
            await h.placeOrder(other.token, { code: 'TST', side: 'buy', type: 'market', lots: 1 }),
          ).data.positionId;
        });
        const sell = (extra: Record<string, unknown>) => ({ code: 'TST', side: 'sell', type: 'market', ...extra });
        const sellCases: Array<[string, () => Record<string, unknown>, number, string]> = [
          ['more than held', () => sell({ quantity: 101, positionId }), 422, 'QUANTITY_EXCEEDS_SELLABLE'],
          ['zero shares', () => sell({ quantity: 0, positionId }), 400, 'QUANTITY_NOT_POSITIVE'],
          ['negative shares', () => sell({ quantity: -5, positionId }), 400, 'QUANTITY_NOT_POSITIVE'],
          ['fractional shares', () => sell({ quantity: 2.5, positionId }), 400, 'QUANTITY_NOT_WHOLE'],
          ['someone else’s lot', () => sell({ quantity: 1, positionId: foreignPositionId }), 404, 'POSITION_NOT_FOUND'],
          ['a lot that does not exist', () => sell({ quantity: 1, positionId: 999_999 }), 404, 'POSITION_NOT_FOUND'],
          [
            'a lot of another instrument',
            () => sell({ code: 'ONE', quantity: 1, positionId }),
            404,
            'POSITION_NOT_FOUND',
          ],
          ['a closed lot', () => sell({ quantity: 1, positionId: closedPositionId }), 422, 'POSITION_CLOSED'],
          ['lots on a sell', () => sell({ lots: 1, positionId }), 400, 'VALIDATION_FAILED'],
        ];
        it.each(sellCases)('%s', async (_name, payload, status, error) => {
          const before = await h.counts();
          const cash = (await h.assets(token)).available;
          const res = await h.placeOrder(token, payload());
          expect(res.statusCode).toBe(status);
          expect(body(res).error).toBe(error);
          expect(await h.counts()).toEqual(before);
          expect((await h.assets(token)).available).toBe(cash);
          expect((await h.get(token, `/api/trade/positions/${positionId}`)).data).toMatchObject({
            quantity: 100,
            sellable: 100,
          });
          await h.expectLedgerOk();
        });
      });
    });

    describe('idempotency and concurrency', () => {
      it('replays the same Idempotency-Key: the same answer, one order, one entry', async () => {
        await h.setPrice('TST', '12.33');
        const { token } = await h.trader();
        const key = randomUUID();
        const payload = { code: 'TST', side: 'buy', type: 'market', lots: 1 };
        const first = await h.placeOrder(token, payload, key);
        const before = await h.counts();
        const replay = await h.placeOrder(token, payload, key);
        expect(replay.statusCode).toBe(200);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(replay.body).toBe(first.body);
        expect(await h.counts()).toEqual(before);
        const other = await h.placeOrder(token, { ...payload, lots: 2 }, key);
        expect(other.statusCode).toBe(409);
        expect(body(other).error).toBe('IDEMPOTENCY_KEY_REUSED');
        expect(await h.entriesOf(body(first).data.id)).toHaveLength(1);
        await h.expectLedgerOk();
      });

      it('answers two simultaneous requests with the same key with one order', async () => {
        await h.setPrice('TST', '12.33');
        const { token } = await h.trader();
        const key = randomUUID();
        const payload = { code: 'TST', side: 'buy', type: 'market', lots: 1 };
        await h.placeOrder(token, { ...payload, lots: 3 }); // warms the trading-password check
        const before = await h.counts();
        const [a, b] = await Promise.all([h.placeOrder(token, payload, key), h.placeOrder(token, payload, key)]);
        const ok = [a, b].filter((res) => res.statusCode === 200);
        expect(ok.length).toBeGreaterThanOrEqual(1);
        for (const res of ok) expect(body(res).data.id).toBe(body(ok[0]!).data.id);
        for (const res of [a, b].filter((r) => r.statusCode !== 200)) expect(body(res).error).toBe('CONFLICT');
        const after = await h.counts();
        expect(after.orders - before.orders).toBe(1);
        expect(after.entries - before.entries).toBe(1);
        await h.expectLedgerOk();
      });

      it('lets one of two simultaneous sells of the same lot through', async () => {
        await h.setPrice('TST', '12.33');
        const { token } = await h.trader();
        const lot = body(await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'market', lots: 1 })).data
          .positionId;
        const sell = { code: 'TST', side: 'sell', type: 'market', quantity: 100, positionId: lot };
        const results = await Promise.all([h.placeOrder(token, sell), h.placeOrder(token, sell)]);
        const statuses = results.map((res) => res.statusCode).sort();
        expect(statuses).toEqual([200, 422]);
        const refused = results.find((res) => res.statusCode === 422)!;
        expect(['POSITION_CLOSED', 'QUANTITY_EXCEEDS_SELLABLE']).toContain(body(refused).error);
        const sales = await t.ctx.database.db
          .selectFrom('positionSales')
          .select('id')
          .where('positionId', '=', lot)
          .execute();
        expect(sales).toHaveLength(1);
        await h.expectLedgerOk();
      });

      it('refuses the same order under a new key inside the duplicate-submit window', async () => {
        const strict = await createTestApp(dialect, { ...ENV, DUPLICATE_SUBMIT_WINDOW_MS: '1000' });
        try {
          await strict.ctx.database.transaction((trx) =>
            insertInstrument(trx, instrument('TST', '12.33'), strict.clock.nowMs()),
          );
          await (strict.ctx.market as MarketSimulator).start();
          const s = tools(
            () => strict,
            () => strict.ctx.market as MarketSimulator,
          );
          const { token } = await s.trader();
          const payload = { code: 'TST', side: 'buy', type: 'market', lots: 1 };
          expect((await s.placeOrder(token, payload)).statusCode).toBe(200);
          const again = await s.placeOrder(token, payload);
          expect(again.statusCode).toBe(409);
          expect(body(again).error).toBe('DUPLICATE_SUBMIT');
          strict.clock.advance(1_001);
          expect((await s.placeOrder(token, payload)).statusCode).toBe(200);
          await s.expectLedgerOk();
        } finally {
          await strict.close();
        }
      });

      it('commits a batch of orders together, and one failing order rolls back alone', async () => {
        await h.setPrice('TST', '12.33');
        const rich = await h.trader('10000.00');
        const poor = await h.trader('100.00');
        const engine = tradingEngine(t.ctx);
        const before = { ...engine.writer.stats };
        const counted = await h.counts();
        const place = (userId: number, lots: number) =>
          engine.writer.run((trx) =>
            placeOrderInTransaction(t.ctx, trx, {
              userId,
              order: checkOrderInput({ code: 'TST', side: 'buy', type: 'market', lots, timeInForce: 'day' }),
              requestKey: randomUUID(),
              nowMs: t.clock.nowMs(),
            }),
          );
        const results = await Promise.allSettled([place(rich.userId, 1), place(poor.userId, 1), place(rich.userId, 2)]);
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
        expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
        if (dialect === 'sqlite') {
          // One BEGIN … COMMIT for all three (one fsync), each order in its own savepoint.
          expect(engine.writer.stats.batches - before.batches).toBe(1);
          expect(engine.writer.stats.items - before.items).toBe(3);
        }
        const after = await h.counts();
        expect(after.orders - counted.orders).toBe(2);
        expect(after.positions - counted.positions).toBe(2);
        expect(after.entries - counted.entries).toBe(2);
        expect(await h.assets(poor.token)).toMatchObject({ available: '100.00' });
        await h.expectLedgerOk();
      });
    });

    describe('the trading password', () => {
      it('is checked in full when wrong even right after a correct one, and locks after repeated failures', async () => {
        await h.setPrice('TST', '12.33');
        const { token } = await h.trader();
        const payload = { code: 'TST', side: 'buy', type: 'market', lots: 1 };
        expect((await h.placeOrder(token, payload)).statusCode).toBe(200);
        for (let i = 0; i < 4; i++) {
          const wrong = await h.placeOrder(token, { ...payload, tradingPassword: '111111' });
          expect(body(wrong).error).toBe('TRADING_PASSWORD_WRONG');
        }
        const fifth = await h.placeOrder(token, { ...payload, tradingPassword: '111111' });
        expect(body(fifth).error).toBe('TRADING_PASSWORD_LOCKED');
        // The right password does not slip through a remembered check while the lock holds.
        const locked = await h.placeOrder(token, payload);
        expect(body(locked).error).toBe('TRADING_PASSWORD_LOCKED');
      });

      it('is remembered per session for TRADING_PASSWORD_CACHE_SECONDS, then checked in full again', async () => {
        await h.setPrice('TST', '12.33');
        const user = await h.trader();
        const payload = { code: 'TST', side: 'buy', type: 'market', lots: 1 };
        expect((await h.placeOrder(user.token, payload)).statusCode).toBe(200);
        // Behind the API's back (so nothing tells the memory), the stored password changes.
        await t.ctx.database.db
          .updateTable('users')
          .set({ tradingPasswordHash: await hashPassword('999999') })
          .where('id', '=', user.userId)
          .execute();
        // Within the window the session's remembered check still holds…
        expect((await h.placeOrder(user.token, payload)).statusCode).toBe(200);
        // …and after it (300 s by default) the full check decides.
        t.clock.advance(301_000);
        const expired = await h.placeOrder(user.token, payload);
        expect(body(expired).error).toBe('TRADING_PASSWORD_WRONG');
        expect((await h.placeOrder(user.token, { ...payload, tradingPassword: '999999' })).statusCode).toBe(200);
      });

      it('stops accepting the old password as soon as it is changed', async () => {
        await h.setPrice('TST', '12.33');
        const user = await h.trader();
        const payload = { code: 'TST', side: 'buy', type: 'market', lots: 1 };
        const firstKey = randomUUID();
        const first = await h.placeOrder(user.token, payload, firstKey);
        expect(first.statusCode).toBe(200);
        const change = await t.app.inject({
          method: 'POST',
          url: '/api/user/tradingPassword',
          headers: { token: user.token },
          payload: { password: '246802', confirmPassword: '246802', oldPassword: TRADING_PASSWORD },
        });
        expect(change.statusCode).toBe(200);
        const old = await h.placeOrder(user.token, payload);
        expect(body(old).error).toBe('TRADING_PASSWORD_WRONG');
        // A replay of the first order is still answered as the first time, one order only.
        const before = await h.counts();
        const replay = await h.placeOrder(user.token, payload, firstKey);
        expect(replay.statusCode).toBe(200);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(replay.body).toBe(first.body);
        expect(await h.counts()).toEqual(before);
        expect((await h.placeOrder(user.token, { ...payload, tradingPassword: '246802' })).statusCode).toBe(200);
      });
    });

    describe('events', () => {
      it('publishes the fill’s message, the order, the lot and a balance change to the investor after the commit', async () => {
        await h.setPrice('TST', '12.33');
        const { token, userId } = await h.trader();
        const messages: Array<{ event: string; data: { id?: number; status?: string } | null }> = [];
        const stop = t.ctx.hub.subscribe(`user:${userId}`, (message) => messages.push(JSON.parse(message)));
        try {
          const placed = body(await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'market', lots: 1 })).data;
          // The fill's message in the message centre first (its transaction's after-commit hook), then the order.
          expect(messages.map((m) => m.event)).toEqual(['message', 'order', 'position', 'assets']);
          expect(messages[0]!.data).toEqual({ kind: 'notification' });
          expect(messages[1]!.data).toMatchObject({ id: placed.id, status: 'filled' });
          expect(messages[2]!.data).toEqual((await h.get(token, `/api/trade/positions/${placed.positionId}`)).data);
        } finally {
          stop();
        }
      });
    });

    describe('console', () => {
      it('searches orders and fills by user, code and status, and lists a user’s lots', async () => {
        await h.setPrice('TST', '12.33');
        const { token, userId, phone } = await h.trader();
        const filled = body(await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'market', lots: 1 })).data;
        const resting = body(
          await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'limit', lots: 1, limitPrice: '10.00' }),
        ).data;
        // Support sees no amounts or lots (users.admin.test.ts); compliance does.
        const compliance = await operator(t, ['compliance']);
        const search = async (query: string) =>
          t.app.inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers: { token: compliance.token } });
        const mine = body(await search(`userId=${userId}`)).data;
        expect(mine.total).toBe(2);
        expect(mine.items.map((o: { id: number }) => o.id)).toEqual([resting.id, filled.id]);
        expect(mine.items[0]).toMatchObject({ userId, phone, status: 'new' });
        const fills = body(await search(`userId=${userId}&fills=true`)).data;
        expect(fills.items.map((o: { id: number }) => o.id)).toEqual([filled.id]);
        const open = body(await search(`userId=${userId}&status=new&code=TST`)).data;
        expect(open.items.map((o: { id: number }) => o.id)).toEqual([resting.id]);
        expect(open.items[0]).toMatchObject({ code: 'TST', name: resting.name });
        // A code no instrument has finds no order.
        const unknown = body(await search(`userId=${userId}&code=NOPE`)).data;
        expect(unknown).toMatchObject({ items: [], total: 0 });
        const later = body(await search(`userId=${userId}&from=2027-01-01T00:00:00Z`)).data;
        expect(later.total).toBe(0);
        expect((await search('status=bogus')).statusCode).toBe(400);
        expect((await search('from=2026-12-01T00:00:00Z&to=2026-11-01T00:00:00Z')).statusCode).toBe(400);
        const lots = await t.app.inject({
          method: 'GET',
          url: `/api/admin/users/${userId}/positions`,
          headers: { token: compliance.token },
        });
        expect(body(lots).data).toEqual([expect.objectContaining({ id: filled.positionId, quantity: 100 })]);
        const nobody = await t.app.inject({
          method: 'GET',
          url: '/api/admin/users/999999/positions',
          headers: { token: compliance.token },
        });
        expect(nobody.statusCode).toBe(404);
        const asInvestor = await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: { token } });
        expect(asInvestor.statusCode).toBe(401);
      });

      it('edits the T+1 switch with the fee settings', async () => {
        const finance = await operator(t, ['finance']);
        const put = (payload: Record<string, string>) =>
          t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { token: finance.token }, payload });
        expect((await put({ tPlusOne: 'maybe' })).statusCode).toBe(400);
        const on = await put({ tPlusOne: 'true' });
        expect(body(on).data.tPlusOne).toBe('true');
        const off = await put({ tPlusOne: 'false' });
        expect(body(off).data.tPlusOne).toBe('false');
      });
    });
  });

  describe(`trading over time on ${dialect}`, () => {
    let t: TestApp;
    let sim: MarketSimulator;
    const h = tools(
      () => t,
      () => sim,
    );
    beforeAll(async () => {
      ({ t, sim } = await tradingApp(dialect));
    }, 60_000);
    afterAll(async () => {
      await t.close();
    });

    const advance = async (ms: number) => {
      const admin = await operator(t, ['admin']);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/clock/advance',
        headers: { token: admin.token },
        payload: { ms },
      });
      expect(res.statusCode).toBe(200);
      return body(res).data as { now: string; jobs: Array<{ name: string; dueAt: string }> };
    };

    it('expires day orders at the end of the trading day; good-till-cancelled ones stay', async () => {
      await h.setPrice('TST', '12.33');
      const { token } = await h.trader('10000.00');
      const day = body(
        await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'limit', lots: 1, limitPrice: '12.00' }),
      ).data;
      const gtc = body(
        await h.placeOrder(token, {
          code: 'TST',
          side: 'buy',
          type: 'limit',
          lots: 1,
          limitPrice: '11.00',
          timeInForce: 'gtc',
        }),
      ).data;
      // Held: 1,205.12 (day) + 1,105.11 (gtc: 1,100.00 + 5.00 + 0.11).
      expect(await h.assets(token)).toMatchObject({ frozen: '2310.23' });
      // 09:00Z → 23:00Z: midnight in Berlin, the end of the (24/7) trading day.
      const moved = await advance(14 * 3_600_000);
      expect(moved.jobs).toContainEqual({ name: 'trading.expire-day-orders', dueAt: '2026-11-23T23:00:00.000Z' });
      const orders = (await h.get(token, '/api/trade/orders')).data as Array<{ id: number; status: string }>;
      expect(orders.find((o) => o.id === day.id)?.status).toBe('expired');
      expect(orders.find((o) => o.id === gtc.id)?.status).toBe('new');
      expect(await h.assets(token)).toMatchObject({ frozen: '1105.11', available: '8894.89' });
      expect(await h.entriesOf(day.id)).toEqual([expect.objectContaining({ key: `order:${day.id}:expired` })]);
      // A second day passes: the good-till-cancelled order is still there.
      await advance(24 * 3_600_000);
      const still = (await h.get(token, '/api/trade/orders?status=open')).data;
      expect(still.map((o: { id: number }) => o.id)).toEqual([gtc.id]);
      await h.expectLedgerOk();
    });

    it('with T+1 on: no same-day sale, and sale proceeds are withdrawable from the next business day', async () => {
      const setT1 = async (value: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/admin/settings',
          headers: { token: (await operator(t, ['finance'])).token },
          payload: { tPlusOne: value },
        });
      expect((await setT1('true')).statusCode).toBe(200);
      try {
        await h.setPrice('TST', '12.33');
        const { token } = await h.trader('10000.00');
        const bought = body(await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'market', lots: 1 })).data;
        const today = (await h.get(token, `/api/trade/positions/${bought.positionId}`)).data;
        expect(today.sellable).toBe(0);
        const sell = { code: 'TST', side: 'sell', type: 'market', quantity: 100, positionId: bought.positionId };
        const refused = await h.placeOrder(token, sell);
        expect(refused.statusCode).toBe(422);
        expect(body(refused).error).toBe('T_PLUS_ONE_NOT_SELLABLE');
        // The clock stands on a Wednesday (two days were advanced above); the lot was bought today.
        const { date } = { date: today.buyDate as string };
        expect(body(refused).msg).toContain(t.ctx.calendar.nextBusinessDay(date));
        await advance(24 * 3_600_000);
        await h.setPrice('TST', '12.33');
        const sold = await h.placeOrder(token, sell);
        expect(sold.statusCode).toBe(200);
        // 12.32 × 100 = 1,232.00; commission 3.08 → 5.00; tx 0.1232 → 0.12; stamp 1.232 → 1.23; proceeds 1,225.65.
        expect(body(sold).data.total).toBe('1225.65');
        // Cash 10,000.00 − 1,239.12 (the buy: 1,234.00 + 5.00 + 0.12) + 1,225.65 = 9,986.53, of which
        // 1,225.65 settles on the next business day.
        expect(await h.assets(token)).toMatchObject({ available: '9986.53', withdrawable: '8760.88' });
        await advance(24 * 3_600_000);
        expect(await h.assets(token)).toMatchObject({ available: '9986.53', withdrawable: '9986.53' });
        await h.expectLedgerOk();
      } finally {
        expect((await setT1('false')).statusCode).toBe(200);
      }
    });
  });

  describe(`the price collar on ${dialect}`, () => {
    it('refuses market orders whose fill price lies beyond it; a limit order still rests', async () => {
      // A 10 % spread puts the ask 5 % above the last price and the bid 5 % below: outside a 2 % collar.
      const { t, sim } = await tradingApp(dialect, { MARKET_SPREAD_BP: '1000', TRADE_PRICE_COLLAR_PCT: '2' });
      try {
        const h = tools(
          () => t,
          () => sim,
        );
        await h.setPrice('TST', '12.00');
        const { token } = await h.trader();
        const before = await h.counts();
        const res = await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'market', lots: 1 });
        expect(res.statusCode).toBe(422);
        expect(body(res).error).toBe('PRICE_OUTSIDE_COLLAR');
        expect(body(res).msg).toContain('2');
        expect(await h.counts()).toEqual(before);
        const quote = body(await h.quote(token, { code: 'TST', side: 'buy', type: 'market', lots: 1 })).data;
        // Collar 12.00 × 1.02 = 12.24; the ask is 12.60.
        expect(quote).toMatchObject({ price: '12.60', collarPrice: '12.24' });
        const limit = await h.placeOrder(token, {
          code: 'TST',
          side: 'buy',
          type: 'limit',
          lots: 1,
          limitPrice: '12.10',
        });
        expect(body(limit).data).toMatchObject({ status: 'new' });
        await h.expectLedgerOk();
      } finally {
        await t.close();
      }
    }, 60_000);
  });

  describe(`a closed market on ${dialect}`, () => {
    it('refuses orders outside trading hours and writes nothing', async () => {
      const { t, sim } = await tradingApp(dialect, { MARKET_HOURS: '09:00-17:30' });
      try {
        const h = tools(
          () => t,
          () => sim,
        );
        const { token } = await h.trader();
        // 09:00Z is 10:00 in Berlin: open. 17:00Z is 18:00: closed.
        expect((await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'market', lots: 1 })).statusCode).toBe(200);
        t.clock.advance(8 * 3_600_000);
        const before = await h.counts();
        const res = await h.placeOrder(token, { code: 'TST', side: 'buy', type: 'market', lots: 1 });
        expect(res.statusCode).toBe(422);
        expect(body(res).error).toBe('MARKET_CLOSED');
        expect(await h.counts()).toEqual(before);
        await h.expectLedgerOk();
      } finally {
        await t.close();
      }
    }, 60_000);
  });
}
