import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, DIALECTS, type TestApp } from '../../test/harness.ts';
import { fundedTrader, instrument, TRADING_PASSWORD, TRADING_TEST_ENV } from '../../test/trading-fixture.ts';
import { insertInstrument } from './instruments.service.ts';
import type { MarketSimulator } from './simulator.ts';

/** Codes that tell their exchange: a Shanghai A-share, a Xetra share, a New York one, an index. */
async function appWith(dialect: (typeof DIALECTS)[number], env: Record<string, string>) {
  const t = await createTestApp(dialect, { ...TRADING_TEST_ENV, ...env });
  await t.ctx.database.transaction(async (trx) => {
    for (const item of [
      instrument('600519', '1500.00'),
      instrument('SAP', '180.00'),
      instrument('JPM', '200.00'),
      instrument('HSI', '20000.00', { board: 'index', sharesOutstanding: 0 }),
    ]) {
      await insertInstrument(trx, item, t.clock.nowMs());
    }
  });
  await (t.ctx.market as MarketSimulator).start();
  return t;
}

const get = async (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe.each(DIALECTS)('exchanges and their hours on %s', (dialect) => {
  describe('with hours (MARKET_HOURS set)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith(dialect, { MARKET_HOURS: '09:00-17:30' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('GET /api/market/exchanges: each exchange open or not on the injected clock, with its next open and close', async () => {
      // The harness clock: Monday 2026-11-23 09:00Z — 10:00 in Berlin, 17:00 in Shanghai, 04:00 in New York.
      const res = await get(t, '/api/market/exchanges');
      expect(res.statusCode).toBe(200);
      const list = body(res).data as Array<Record<string, unknown>>;
      expect(list.map((e) => e['code'])).toEqual([
        'XETRA',
        'XPAR',
        'XAMS',
        'XMAD',
        'XSWX',
        'XCSE',
        'XATH',
        'SSE',
        'SZSE',
        'HKEX',
        'TWSE',
        'NYSE',
        'NASDAQ',
      ]);
      const byCode = new Map(list.map((e) => [e['code'], e]));
      expect(byCode.get('XETRA')).toMatchObject({
        name: 'Xetra',
        timeZone: 'Europe/Berlin',
        sessions: [{ open: '09:00', close: '17:30' }],
        alwaysOpen: false,
        open: true,
        nextClose: '2026-11-23T16:30:00.000Z',
        nextOpen: '2026-11-24T08:00:00.000Z',
      });
      expect(byCode.get('SSE')).toMatchObject({
        timeZone: 'Asia/Shanghai',
        sessions: [
          { open: '09:30', close: '11:30' },
          { open: '13:00', close: '15:00' },
        ],
        open: false,
        nextOpen: '2026-11-24T01:30:00.000Z',
        nextClose: '2026-11-24T03:30:00.000Z',
      });
      expect(byCode.get('NYSE')).toMatchObject({ open: false, nextOpen: '2026-11-23T14:30:00.000Z' });
    });

    it('names an exchange in the request’s language where it has a name in it', async () => {
      const list = body(await get(t, '/api/market/exchanges', { lang: 'zh-CN' })).data as Array<{
        code: string;
        name: string;
      }>;
      expect(list.find((e) => e.code === 'SSE')?.name).toBe('上海证券交易所');
      expect(list.find((e) => e.code === 'NYSE')?.name).toBe('New York Stock Exchange');
    });

    it('instrument detail and lists carry the exchange; the quote’s "market open" is the exchange’s', async () => {
      const moutai = body(await get(t, '/api/market/instruments/600519')).data;
      expect(moutai.exchange).toBe('SSE');
      expect(moutai.exchangeInfo).toMatchObject({ code: 'SSE', open: false });
      expect(moutai.quote.marketOpen).toBe(false);
      const sap = body(await get(t, '/api/market/instruments/SAP')).data;
      expect(sap.exchangeInfo).toMatchObject({ code: 'XETRA', open: true });
      expect(sap.quote.marketOpen).toBe(true);
      expect(body(await get(t, '/api/market/instruments/HSI')).data.exchange).toBe('HKEX');
      const list = body(await get(t, '/api/market/instruments?pageSize=100')).data.items as Array<{
        code: string;
        exchange: string;
      }>;
      expect(Object.fromEntries(list.map((i) => [i.code, i.exchange]))).toMatchObject({
        '600519': 'SSE',
        SAP: 'XETRA',
        JPM: 'NYSE',
      });
    });

    it('lists shares and indices apart (kind=shares / kind=indices)', async () => {
      const codes = async (kind: string) =>
        (body(await get(t, `/api/market/instruments?kind=${kind}&pageSize=100`)).data.items as Array<{ code: string }>)
          .map((item) => item.code)
          .sort();
      expect(await codes('shares')).toEqual(['600519', 'JPM', 'SAP']);
      expect(await codes('indices')).toEqual(['HSI']);
      expect((await get(t, '/api/market/instruments?kind=bonds')).statusCode).toBe(400);
    });

    it('takes orders by the instrument’s exchange: Xetra open, Shanghai closed', async () => {
      const { token } = await fundedTrader(t, '100000.00');
      const order = (code: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/trade/orders',
          headers: { token, 'idempotency-key': randomUUID(), lang: 'fr' },
          payload: { tradingPassword: TRADING_PASSWORD, code, side: 'buy', type: 'market', lots: 1 },
        });
      expect((await order('SAP')).statusCode).toBe(200);
      const closed = await order('600519');
      expect(closed.statusCode).toBe(422);
      expect(body(closed).error).toBe('MARKET_CLOSED');
    });

    it('moves with the clock (run last: it advances the clock)', async () => {
      // 17:00Z: New York trades (12:00), Berlin has closed (18:00).
      t.clock.advance(8 * 3_600_000);
      const later = new Map(
        (body(await get(t, '/api/market/exchanges')).data as Array<Record<string, unknown>>).map((e) => [e['code'], e]),
      );
      expect(later.get('NYSE')).toMatchObject({ open: true, nextClose: '2026-11-23T21:00:00.000Z' });
      expect(later.get('XETRA')).toMatchObject({ open: false });
    });
  });

  describe('24/7 (the demo default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith(dialect, {});
    });
    afterAll(async () => {
      await t.close();
    });

    it('keeps every exchange open, with no next open or close', async () => {
      const list = body(await get(t, '/api/market/exchanges')).data as Array<Record<string, unknown>>;
      expect(list).toHaveLength(13);
      for (const exchange of list) {
        expect(exchange).toMatchObject({ alwaysOpen: true, open: true, nextOpen: null, nextClose: null });
      }
      expect(body(await get(t, '/api/market/instruments/600519')).data.quote.marketOpen).toBe(true);
    });
  });
});
