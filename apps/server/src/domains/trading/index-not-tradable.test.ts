import { randomUUID } from 'node:crypto';
import { parsePrice } from '@bourse/shared/price';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerOk } from '../../test/expect-ledger.ts';
import { body, createTestApp, DIALECTS, type TestApp } from '../../test/harness.ts';
import { fundedTrader, instrument, TRADING_PASSWORD } from '../../test/trading-fixture.ts';
import { INSTRUMENT_CATALOG } from '../../seed/instrument-catalog.ts';
import { insertInstrument } from '../market/instruments.service.ts';
import type { MarketSimulator } from '../market/simulator.ts';
import { tradingEngine } from './trading-engine.ts';

/**
 * An index (DAX, CSI 300 …) is a market indicator: it is listed and quoted on the market screens but
 * refused by the order ticket's quote and by order placement, on the main thread and on the order
 * writer thread alike, with nothing written.
 */
const ENV = {
  LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
  TRADE_ORDERS_PER_MINUTE: '100000',
  DUPLICATE_SUBMIT_WINDOW_MS: '0',
  MARKET_BACKFILL_DAYS: '0',
  MARKET_BACKFILL_INTRADAY_DAYS: '0',
};

const CSI300 = INSTRUMENT_CATALOG.find((item) => item.code === 'CSI300')!;

const setups = DIALECTS.flatMap((dialect): { dialect: (typeof DIALECTS)[number]; threaded: boolean }[] =>
  dialect === 'sqlite'
    ? [
        { dialect, threaded: true },
        { dialect, threaded: false },
      ]
    : [{ dialect, threaded: false }],
);

for (const { dialect, threaded } of setups) {
  describe(`an index cannot be traded (${dialect}, ${threaded ? 'writer thread' : 'main thread'})`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp(dialect, { ...ENV, ...(threaded ? {} : { TRADE_WRITER_THREAD: 'false' }) });
      await t.ctx.database.transaction(async (trx) => {
        await insertInstrument(trx, instrument('TST', '12.33'), t.clock.nowMs());
        await insertInstrument(
          trx,
          {
            code: CSI300.code,
            name: CSI300.name,
            names: CSI300.names,
            sector: CSI300.sector,
            board: CSI300.board,
            lotSize: CSI300.lotSize,
            currency: 'EUR',
            sharesOutstanding: CSI300.sharesOutstanding,
            startPrice: CSI300.startPrice,
          },
          t.clock.nowMs(),
        );
      });
      const sim = t.ctx.market as MarketSimulator;
      await sim.start();
      await sim.printTrade('TST', parsePrice('12.33')!);
      await sim.printTrade('CSI300', parsePrice('3900.00')!);
    }, 60_000);
    afterAll(async () => {
      await t.close();
    });

    const placeOrder = (token: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trade/orders',
        headers: { token, 'idempotency-key': randomUUID(), lang: 'en' },
        payload: { tradingPassword: TRADING_PASSWORD, ...payload },
      });

    async function counts() {
      const db = t.ctx.database.db;
      const n = async (table: 'orders' | 'positions' | 'journalEntries' | 'holds') =>
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
        entries: await n('journalEntries'),
        holds: await n('holds'),
      };
    }

    it('refuses market and limit orders on CSI300 with 422 INSTRUMENT_NOT_TRADABLE and writes nothing', async () => {
      expect(tradingEngine(t.ctx).orders.threaded).toBe(threaded);
      // 100,000.00 would pay for one "unit" of the index at 3,900.01 several times over.
      const { token } = await fundedTrader(t, '100000.00');
      const before = await counts();
      for (const payload of [
        { code: 'CSI300', side: 'buy', type: 'market', lots: 1 },
        { code: 'CSI300', side: 'buy', type: 'limit', lots: 1, limitPrice: '3900.00' },
      ]) {
        const res = await placeOrder(token, payload);
        expect(res.statusCode).toBe(422);
        expect(body(res).error).toBe('INSTRUMENT_NOT_TRADABLE');
        expect(body(res).msg).toBe('An index is a market indicator and cannot be traded');
      }
      expect(await counts()).toEqual(before);
      const assets = body<{ available: string; frozen: string }>(
        await t.app.inject({ method: 'GET', url: '/api/user/assets', headers: { token } }),
      ).data;
      expect(assets).toMatchObject({ available: '100000.00', frozen: '0.00' });
      await expectLedgerOk(t);

      // A share in the same app still fills: the refusal is about the index, not the order.
      const share = await placeOrder(token, { code: 'TST', side: 'buy', type: 'market', lots: 1 });
      expect(share.statusCode).toBe(200);
      expect(body<{ status: string }>(share).data.status).toBe('filled');
    });

    it('refuses the order ticket quote on CSI300 the same way', async () => {
      const { token } = await fundedTrader(t, '100000.00');
      const before = await counts();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trade/quote',
        headers: { token, lang: 'de' },
        payload: { code: 'CSI300', side: 'buy', type: 'market', lots: 1 },
      });
      expect(res.statusCode).toBe(422);
      expect(body(res).error).toBe('INSTRUMENT_NOT_TRADABLE');
      expect(body(res).msg).toBe('Ein Index ist ein Marktindikator und kann nicht gehandelt werden');
      expect(await counts()).toEqual(before);
      const share = await t.app.inject({
        method: 'POST',
        url: '/api/trade/quote',
        headers: { token },
        payload: { code: 'TST', side: 'buy', type: 'market', lots: 1 },
      });
      expect(share.statusCode).toBe(200);
    });

    it('still lists and quotes the index on the market screens', async () => {
      const overview = await t.app.inject({ method: 'GET', url: '/api/market/overview' });
      expect(overview.statusCode).toBe(200);
      const indices = body<{ indices: { code: string }[] }>(overview).data.indices;
      expect(indices.map((item) => item.code)).toContain('CSI300');
      const detail = await t.app.inject({ method: 'GET', url: '/api/market/instruments/CSI300' });
      expect(detail.statusCode).toBe(200);
      expect(body<{ code: string; board: string; last: string }>(detail).data).toMatchObject({
        code: 'CSI300',
        board: 'index',
        last: '3900.00',
      });
    });
  });
}
