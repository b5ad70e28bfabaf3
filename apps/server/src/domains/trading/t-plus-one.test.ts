import { randomUUID } from 'node:crypto';
import { parsePrice } from '@bourse/shared/price';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerOk } from '../../test/expect-ledger.ts';
import { body, createTestApp, DIALECTS, operator, type TestApp } from '../../test/harness.ts';
import { fundedTrader, instrument, TRADING_PASSWORD, TRADING_TEST_ENV } from '../../test/trading-fixture.ts';
import { insertInstrument } from '../market/instruments.service.ts';
import type { MarketSimulator } from '../market/simulator.ts';
import { writeSettings } from '../settings/settings.service.ts';
import { tradingEngine } from './trading-engine.ts';

/**
 * The T+1 rule counts the business days of the exchange a lot's instrument is listed on, dated in
 * that exchange's zone: the calendar its sales settle on. SAP trades on Xetra (Europe/Berlin, the
 * home market and the base calendar), 600519 on Shanghai (Asia/Shanghai, seven hours ahead in
 * November). MARKET_HOURS is 24/7 (the default): every exchange is open, holidays only move
 * business days.
 */
describe.each(DIALECTS)('T+1 on the exchange’s own calendar (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let admin: string;

  const get = async (url: string) => body(await t.app.inject({ method: 'GET', url, headers: { token } })).data;
  const sell = (code: string, positionId: number, quantity = 100) =>
    t.app.inject({
      method: 'POST',
      url: '/api/trade/orders',
      headers: { token, 'idempotency-key': randomUUID(), lang: 'en' },
      payload: { tradingPassword: TRADING_PASSWORD, code, side: 'sell', type: 'market', quantity, positionId },
    });
  const buy = async (code: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trade/orders',
      headers: { token, 'idempotency-key': randomUUID() },
      payload: { tradingPassword: TRADING_PASSWORD, code, side: 'buy', type: 'market', lots: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ positionId: number }>(res).data.positionId;
  };
  /** What the investor sees of a lot now: the lot, the holding of its instrument, the ticket's quote. */
  const sellable = async (code: string, positionId: number) => {
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/trade/quote',
      headers: { token },
      payload: { code, side: 'sell', type: 'market', quantity: 100, positionId },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const holdings = (await get('/api/trade/holdings')) as Array<{ code: string; sellable: number }>;
    return {
      lot: (await get(`/api/trade/positions/${positionId}`)).sellable as number,
      holding: holdings.find((holding) => holding.code === code)?.sellable,
      quote: body(quote).data.sellable as number,
    };
  };
  /** Moves the clock to an instant (running the jobs due), and prints the prices again there. */
  const advanceTo = async (iso: string) => {
    const ms = Date.parse(iso) - t.clock.nowMs();
    expect(ms).toBeGreaterThanOrEqual(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/clock/advance',
      headers: { token: admin },
      payload: { ms },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Operator sessions do not outlast the days the clock moves: sign in again for the next move.
    admin = (await operator(t, ['admin'])).token;
    await setPrices();
  };
  const setPrices = async () => {
    const sim = t.ctx.market as MarketSimulator;
    await sim.printTrade('SAP', parsePrice('180.00')!);
    await sim.printTrade('600519', parsePrice('1500.00')!);
    await tradingEngine(t.ctx).matcher.idle();
  };
  const settleDates = async (positionId: number) =>
    (
      await t.ctx.database.db
        .selectFrom('positionSales')
        .select(['tradeDate', 'settleDate'])
        .where('positionId', '=', positionId)
        .execute()
    ).map((row) => `${row.tradeDate}→${row.settleDate}`);

  beforeAll(async () => {
    // The harness clock: Monday 2026-11-23 09:00Z, 10:00 in Berlin and 17:00 in Shanghai.
    t = await createTestApp(dialect, TRADING_TEST_ENV);
    await t.ctx.database.transaction(async (trx) => {
      for (const item of [instrument('SAP', '180.00'), instrument('600519', '1500.00')]) {
        await insertInstrument(trx, item, t.clock.nowMs());
      }
      await writeSettings(trx, [['tPlusOne', 'true']], { operatorId: null, nowMs: t.clock.nowMs() });
    });
    await (t.ctx.market as MarketSimulator).start();
    await setPrices();
    admin = (await operator(t, ['admin'])).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('holds a lot back over a holiday of its own exchange, not over the home market’s days', async () => {
    // Tuesday is a holiday in Shanghai only; Xetra (and the base calendar) trade.
    const holiday = await t.app.inject({
      method: 'POST',
      url: '/api/admin/calendar/holidays',
      headers: { token: admin },
      payload: { date: '2026-11-24', name: '上海休市', exchange: 'SSE' },
    });
    expect(holiday.statusCode, holiday.body).toBe(200);
    expect(t.ctx.calendar.nextBusinessDay('2026-11-23')).toBe('2026-11-24');
    token = (await fundedTrader(t, '1000000.00')).token;

    // Monday: both lots bought today, neither sellable.
    const xetraLot = await buy('SAP');
    const shanghaiLot = await buy('600519');
    expect(await sellable('SAP', xetraLot)).toEqual({ lot: 0, holding: 0, quote: 0 });
    expect(await sellable('600519', shanghaiLot)).toEqual({ lot: 0, holding: 0, quote: 0 });

    // Tuesday 09:00Z: Xetra's next business day, Shanghai's holiday. The Xetra lot sells; the
    // Shanghai lot waits for Wednesday, Shanghai's next business day after Monday.
    await advanceTo('2026-11-24T09:00:00Z');
    expect(await sellable('SAP', xetraLot)).toEqual({ lot: 100, holding: 100, quote: 100 });
    expect((await sell('SAP', xetraLot)).statusCode).toBe(200);
    expect(await sellable('600519', shanghaiLot)).toEqual({ lot: 0, holding: 0, quote: 0 });
    const refused = await sell('600519', shanghaiLot);
    expect(refused.statusCode).toBe(422);
    expect(body(refused).error).toBe('T_PLUS_ONE_NOT_SELLABLE');
    expect(body(refused).msg).toBe('Shares bought today can be sold from 2026-11-25 (T+1)');

    // Wednesday 09:00Z: it sells, and settles on Shanghai's next business day, Thursday.
    await advanceTo('2026-11-25T09:00:00Z');
    expect(await sellable('600519', shanghaiLot)).toEqual({ lot: 100, holding: 100, quote: 100 });
    const sold = await sell('600519', shanghaiLot);
    expect(sold.statusCode, sold.body).toBe(200);
    expect(await settleDates(shanghaiLot)).toEqual(['2026-11-25→2026-11-26']);
    expect(await settleDates(xetraLot)).toEqual(['2026-11-24→2026-11-25']);
    await expectLedgerOk(t);
  });

  it('dates the buy and today in the exchange’s zone: after midnight in Shanghai it is already Thursday there', async () => {
    // Wednesday 17:00Z: 18:00 on Wednesday in Berlin, 01:00 on Thursday in Shanghai.
    await advanceTo('2026-11-25T17:00:00Z');
    token = (await fundedTrader(t, '1000000.00')).token;
    const lot = await buy('600519');
    const bought = await get(`/api/trade/positions/${lot}`);
    // The lot's date as shown stays the home market's; T+1 counts from Thursday in Shanghai.
    expect(bought.buyDate).toBe('2026-11-25');
    expect(await sellable('600519', lot)).toEqual({ lot: 0, holding: 0, quote: 0 });
    const refused = await sell('600519', lot);
    expect(refused.statusCode).toBe(422);
    expect(body(refused).msg).toBe('Shares bought today can be sold from 2026-11-27 (T+1)');

    // Thursday 17:00Z: still Thursday in Berlin, but Friday in Shanghai — its next business day.
    await advanceTo('2026-11-26T17:00:00Z');
    expect(await sellable('600519', lot)).toEqual({ lot: 100, holding: 100, quote: 100 });
    const sold = await sell('600519', lot);
    expect(sold.statusCode, sold.body).toBe(200);
    await expectLedgerOk(t);
  });
});
