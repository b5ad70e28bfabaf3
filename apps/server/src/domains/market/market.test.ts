import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, DIALECTS, investor, type TestApp } from '../../test/harness.ts';
import { insertInstrument, type NewInstrument } from './instruments.service.ts';
import type { MarketSimulator } from './simulator.ts';

const ENV = {
  LOGIN_RATE_PER_IP_PER_MINUTE: '10000',
  MARKET_BACKFILL_DAYS: '400',
  MARKET_BACKFILL_INTRADAY_DAYS: '1',
};

const SAP: NewInstrument = {
  code: 'SAP',
  name: 'SAP SE',
  sector: 'technology',
  lotSize: 1,
  currency: 'EUR',
  pe: '41.20',
  industryPe: '30.05',
  sharesOutstanding: 1_228_000_000,
  startPrice: '182.50',
  volatilityBp: 3000,
};
const MOUTAI: NewInstrument = {
  code: '600519',
  name: 'Kweichow Moutai',
  names: { 'zh-CN': '贵州茅台', 'zh-TW': '貴州茅臺' },
  sector: 'consumer',
  lotSize: 100,
  currency: 'EUR',
  pe: '28.00',
  industryPe: '25.00',
  sharesOutstanding: 1_256_000_000,
  startPrice: '1650.00',
};
const UNDERSCORE: NewInstrument = { ...SAP, code: 'AB', name: 'A_B 100% Holdings', startPrice: '10.00' };

for (const dialect of DIALECTS) {
  describe(`market data (${dialect})`, () => {
    let t: TestApp;
    let sim: MarketSimulator;
    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

    beforeAll(async () => {
      t = await createTestApp(dialect, ENV);
      const now = t.clock.nowMs();
      await t.ctx.database.transaction(async (trx) => {
        for (const instrument of [SAP, MOUTAI, UNDERSCORE]) await insertInstrument(trx, instrument, now);
      });
      sim = t.ctx.market as MarketSimulator;
      await sim.start();
    }, 60_000);
    afterAll(() => t.close());

    it('back-fills history that ends at the start price', async () => {
      const res = await get('/api/market/instruments/SAP/candles?interval=1d');
      expect(res.statusCode).toBe(200);
      const candles = body<{ t: string; c: string }[]>(res).data;
      // 400 days back, every calendar day in 24/7 mode (the first day may fall outside the default 3-year window: no).
      expect(candles.length).toBeGreaterThanOrEqual(400);
      expect(candles.at(-1)?.c).toBe('182.50');
      const intraday = body<unknown[]>(await get('/api/market/instruments/SAP/candles?interval=1m')).data;
      expect(intraday.length).toBe(1440);
    });

    it('ticks: prices move, the day figures follow, and a completed minute is stored', async () => {
      const before = body<{ quote: { last: string; volume: number } }>(await get('/api/market/instruments/SAP')).data;
      for (let i = 0; i < 70; i++) {
        t.clock.advance(1000);
        await sim.tick();
      }
      const after = body<{ quote: { last: string; high: string; low: string; volume: number } }>(
        await get('/api/market/instruments/SAP'),
      ).data;
      expect(after.quote.volume).toBeGreaterThan(before.quote.volume);
      expect(Number(after.quote.high)).toBeGreaterThanOrEqual(Number(after.quote.last));
      expect(Number(after.quote.low)).toBeLessThanOrEqual(Number(after.quote.last));
      const stored = await t.ctx.database.db
        .selectFrom('minuteBars')
        .select(({ fn }) => fn.max('t').as('t'))
        .executeTakeFirstOrThrow();
      expect(Number(stored.t)).toBe(Math.floor(t.clock.nowMs() / 60_000) * 60_000 - 60_000);
    });

    it('aggregates weeks from Monday and months by calendar month', async () => {
      const days = body<{ t: string; o: string; h: string; l: string; c: string; v: number }[]>(
        await get('/api/market/instruments/SAP/candles?interval=1d&from=2026-06-01T00:00:00Z&to=2026-06-30T23:59:59Z'),
      ).data;
      const weeks = body<typeof days>(
        await get('/api/market/instruments/SAP/candles?interval=1w&from=2026-06-01T00:00:00Z&to=2026-06-28T23:59:59Z'),
      ).data;
      // 2026-06-01 is a Monday: four whole weeks.
      expect(weeks.map((w) => w.t.slice(0, 10))).toEqual(['2026-06-01', '2026-06-08', '2026-06-15', '2026-06-22']);
      const firstWeek = days.slice(0, 7);
      expect(weeks[0]).toEqual({
        t: '2026-06-01T00:00:00.000Z',
        o: firstWeek[0]?.o,
        h: firstWeek.map((d) => d.h).reduce((a, b) => (Number(a) > Number(b) ? a : b)),
        l: firstWeek.map((d) => d.l).reduce((a, b) => (Number(a) < Number(b) ? a : b)),
        c: firstWeek[6]?.c,
        v: firstWeek.reduce((sum, d) => sum + d.v, 0),
      });
      const months = body<typeof days>(
        await get('/api/market/instruments/SAP/candles?interval=1M&from=2026-06-15T00:00:00Z&to=2026-07-31T00:00:00Z'),
      ).data;
      expect(months[0]?.t).toBe('2026-06-01T00:00:00.000Z');
      expect(months[0]?.o).toBe(days[0]?.o);
      expect(months[0]?.c).toBe(days.at(-1)?.c);
    });

    it('refuses bad candle queries', async () => {
      const cases: [string, number, string][] = [
        ['/api/market/instruments/NOPE/candles?interval=1d', 404, 'INSTRUMENT_NOT_FOUND'],
        ['/api/market/instruments/SAP/candles?interval=2h', 400, 'VALIDATION_FAILED'],
        [
          '/api/market/instruments/SAP/candles?interval=1d&from=2026-06-02T00:00:00Z&to=2026-06-01T00:00:00Z',
          400,
          'CANDLE_RANGE_INVALID',
        ],
        [
          '/api/market/instruments/SAP/candles?interval=1m&from=2026-01-01T00:00:00Z&to=2026-06-01T00:00:00Z',
          400,
          'CANDLE_RANGE_TOO_LARGE',
        ],
        ['/api/market/instruments/SAP/candles?interval=1d&from=yesterday', 400, 'VALIDATION_FAILED'],
        ['/api/market/instruments/sap%20x/candles?interval=1d', 400, 'VALIDATION_FAILED'],
      ];
      for (const [url, status, error] of cases) {
        const res = await get(url, { 'accept-language': 'en' });
        expect(res.statusCode, url).toBe(status);
        expect(body(res).error, url).toBe(error);
        expect(body(res).msg.length, url).toBeGreaterThan(3);
      }
    });

    it('searches by code, name, Chinese name and pinyin, with wildcards escaped', async () => {
      const codes = async (q: string) =>
        body<{ code: string }[]>(await get(`/api/market/search?q=${encodeURIComponent(q)}`)).data.map((i) => i.code);
      expect(await codes('sap')).toEqual(['SAP']);
      expect(await codes('6005')).toEqual(['600519']);
      expect(await codes('moutai')).toEqual(['600519']);
      expect(await codes('茅台')).toEqual(['600519']);
      expect(await codes('gzmt')).toEqual(['600519']);
      expect(await codes('guizhou')).toEqual(['600519']);
      expect(await codes('%')).toEqual(['AB']);
      expect(await codes('_')).toEqual(['AB']);
      expect(await codes('A_B')).toEqual(['AB']);
      expect(await codes('zzz')).toEqual([]);
      for (const [q, error] of [
        ['', 'SEARCH_REQUIRED'],
        ['   ', 'SEARCH_REQUIRED'],
        ['x'.repeat(1000), 'SEARCH_TOO_LONG'],
      ] as const) {
        const res = await get(`/api/market/search?q=${q}`, { 'accept-language': 'de' });
        expect(res.statusCode).toBe(400);
        expect(body(res).error).toBe(error);
      }
      expect(body(await get('/api/market/search')).error).toBe('SEARCH_REQUIRED');
    });

    it('shows the Chinese name to a Chinese reader', async () => {
      const res = await get('/api/market/instruments/600519', { 'accept-language': 'zh-CN' });
      expect(body<{ name: string }>(res).data.name).toBe('贵州茅台');
      const en = await get('/api/market/instruments/600519', { 'accept-language': 'en' });
      expect(body<{ name: string; pe: string; marketValue: string }>(en).data).toMatchObject({
        name: 'Kweichow Moutai',
        pe: '28.00',
      });
    });

    it('keeps favorites in order, per user', async () => {
      const { token } = await investor(t);
      const headers = { token };
      const post = (code: string) =>
        t.app.inject({ method: 'POST', url: '/api/market/favorites', headers, payload: { code } });
      expect((await post('SAP')).statusCode).toBe(200);
      expect((await post('600519')).statusCode).toBe(200);
      expect((await post('SAP')).statusCode).toBe(200); // again: unchanged
      const list = async () =>
        body<{ code: string }[]>(await get('/api/market/favorites', headers)).data.map((i) => i.code);
      expect(await list()).toEqual(['SAP', '600519']);
      const reorder = await t.app.inject({
        method: 'PUT',
        url: '/api/market/favorites',
        headers,
        payload: { codes: ['600519', 'SAP'] },
      });
      expect(reorder.statusCode).toBe(200);
      expect(await list()).toEqual(['600519', 'SAP']);
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/market/favorites',
        headers,
        payload: { codes: ['SAP'] },
      });
      expect(body(bad).error).toBe('FAVORITES_ORDER_MISMATCH');
      expect(await list()).toEqual(['600519', 'SAP']);
      expect(body<{ isFavorite: boolean }>(await get('/api/market/instruments/SAP', headers)).data.isFavorite).toBe(
        true,
      );
      expect(body<{ isFavorite: boolean }>(await get('/api/market/instruments/SAP')).data.isFavorite).toBe(false);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/market/favorites/SAP', headers })).statusCode).toBe(
        200,
      );
      expect(await list()).toEqual(['600519']);
      expect(body(await post('NOPE')).error).toBe('INSTRUMENT_NOT_FOUND');
      expect((await get('/api/market/favorites')).statusCode).toBe(401);
    });

    it('sorts the market list', async () => {
      const res = await get('/api/market/instruments?sort=-changePct&pageSize=10');
      const items = body<{ items: { changePct: string }[]; total: number }>(res).data;
      expect(items.total).toBe(3);
      const pct = items.items.map((i) => Number(i.changePct));
      expect(pct).toEqual([...pct].sort((a, b) => b - a));
    });

    it('computes market value exactly where shares × price passes 2^53', async () => {
      await t.ctx.database.transaction((trx) =>
        insertInstrument(
          trx,
          { ...SAP, code: 'BIG', name: 'Big Cap', sharesOutstanding: 15_000_000_048, startPrice: '200.0151' },
          t.clock.nowMs(),
        ),
      );
      // 15,000,000,048 × 2,000,151 ten-thousandths = 30,002,265,096,007,248 (> 2^53) → ÷ 100 = 300,022,650,960,072.48
      // minor units → 3,000,226,509,600.72 (a float product ends in .73).
      const res = await get('/api/market/instruments/BIG');
      expect(body<{ marketValue: string }>(res).data.marketValue).toBe('3000226509600.72');
    });
  });
}
