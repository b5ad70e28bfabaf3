import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, DIALECTS, operator, type TestApp } from '../../test/harness.ts';
import { fundedTrader, instrument, TRADING_PASSWORD, TRADING_TEST_ENV } from '../../test/trading-fixture.ts';
import { insertInstrument } from './instruments.service.ts';
import type { MarketSimulator } from './simulator.ts';

/** Tuesday 2026-11-24 10:00 in Shanghai (02:00Z) and in Berlin (09:00Z). */
const TUESDAY_SHANGHAI = Date.parse('2026-11-24T02:00:00Z');
const TUESDAY_BERLIN = Date.parse('2026-11-24T09:00:00Z');

describe.each(DIALECTS)('each exchange its own holidays and hours, edited in the console (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, string>,
    lang = 'en',
  ) => t.app.inject({ method, url, headers: { token: admin, lang }, ...(payload === undefined ? {} : { payload }) });
  const audit = async (action: string) =>
    (
      await t.ctx.database.db
        .selectFrom('auditLog')
        .select(['target', 'details'])
        .where('action', '=', action)
        .orderBy('id')
        .execute()
    ).map((row) => ({ target: row.target, details: JSON.parse(row.details ?? 'null') as unknown }));
  const exchangeRow = (code: string) =>
    t.ctx.database.db
      .selectFrom('exchanges')
      .select(['hours', 'timeZone'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    // The harness clock: Monday 2026-11-23 09:00Z, 10:00 in Berlin (Xetra trades).
    t = await createTestApp(dialect, { ...TRADING_TEST_ENV, MARKET_HOURS: '09:00-17:30' });
    await t.ctx.database.transaction(async (trx) => {
      for (const item of [instrument('SAP', '180.00'), instrument('600519', '1500.00')]) {
        await insertInstrument(trx, item, t.clock.nowMs());
      }
    });
    await (t.ctx.market as MarketSimulator).start();
    admin = (await operator(t, ['admin'])).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a holiday of one exchange closes that exchange only, and settles only its sales a day later', async () => {
    const added = await send('POST', '/api/admin/calendar/holidays', {
      date: '2026-11-24',
      name: '上海休市',
      exchange: 'SSE',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(body(added).data).toEqual({ exchange: 'SSE', date: '2026-11-24', name: '上海休市', source: 'operator' });
    expect(t.ctx.exchanges.isOpen('SSE', TUESDAY_SHANGHAI)).toBe(false);
    expect(t.ctx.exchanges.isOpen('XETRA', TUESDAY_BERLIN)).toBe(true);
    // The base calendar (the fund's confirmations) keeps the default exchange's days.
    expect(t.ctx.calendar.isBusinessDay('2026-11-24')).toBe(true);

    // Each exchange lists its own days; without `exchange` the default exchange's (Xetra).
    const sse = body(await send('GET', '/api/admin/calendar/holidays?exchange=SSE')).data;
    expect(sse).toMatchObject({ exchange: 'SSE', today: '2026-11-23' });
    expect(sse.items.map((item: { date: string }) => item.date)).toEqual(['2026-11-24']);
    const home = body(await send('GET', '/api/admin/calendar/holidays')).data;
    expect(home).toMatchObject({ exchange: 'XETRA', items: [] });

    // A Xetra share sold on Monday settles on Tuesday: Shanghai's holiday is not Xetra's.
    const { token } = await fundedTrader(t, '100000.00');
    const order = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trade/orders',
        headers: { token, 'idempotency-key': randomUUID() },
        payload: { tradingPassword: TRADING_PASSWORD, code: 'SAP', type: 'market', ...payload },
      });
    const bought = await order({ side: 'buy', lots: 2 });
    expect(bought.statusCode, bought.body).toBe(200);
    const lotId = body<{ positionId: number }>(bought).data.positionId;
    const settled = async () =>
      (
        await t.ctx.database.db
          .selectFrom('positionSales')
          .select('settleDate')
          .where('positionId', '=', lotId)
          .orderBy('id')
          .execute()
      ).map((row) => row.settleDate);
    expect((await order({ side: 'sell', quantity: 50, positionId: lotId })).statusCode).toBe(200);
    expect(await settled()).toEqual(['2026-11-24']);

    // The same day may be a holiday of Xetra too; then Xetra's next sale settles on Wednesday.
    const xetra = await send('POST', '/api/admin/calendar/holidays', {
      date: '2026-11-24',
      name: 'Bank holiday',
      exchange: 'XETRA',
    });
    expect(xetra.statusCode, xetra.body).toBe(200);
    expect(t.ctx.exchanges.isOpen('XETRA', TUESDAY_BERLIN)).toBe(false);
    expect((await order({ side: 'sell', quantity: 50, positionId: lotId })).statusCode).toBe(200);
    expect(await settled()).toEqual(['2026-11-24', '2026-11-25']);

    // Twice on one exchange is refused; an exchange that does not exist too.
    const twice = await send('POST', '/api/admin/calendar/holidays', {
      date: '2026-11-24',
      name: 'x',
      exchange: 'SSE',
    });
    expect(twice.statusCode).toBe(409);
    expect(body(twice).error).toBe('HOLIDAY_EXISTS');
    const nowhere = await send('POST', '/api/admin/calendar/holidays', {
      date: '2026-11-25',
      name: 'x',
      exchange: 'XXX',
    });
    expect(nowhere.statusCode).toBe(404);
    expect(body(nowhere).error).toBe('EXCHANGE_NOT_FOUND');

    // Removing Shanghai's day leaves Xetra's.
    const removed = await send('DELETE', '/api/admin/calendar/holidays/2026-11-24?exchange=SSE');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(t.ctx.exchanges.isOpen('SSE', TUESDAY_SHANGHAI)).toBe(true);
    expect(t.ctx.exchanges.isOpen('XETRA', TUESDAY_BERLIN)).toBe(false);
    expect(body(await send('GET', '/api/admin/calendar/holidays?exchange=SSE')).data.items).toEqual([]);

    expect(await audit('calendar.holiday.add')).toEqual([
      { target: '2026-11-24', details: { exchange: 'SSE', name: '上海休市' } },
      { target: '2026-11-24', details: { exchange: 'XETRA', name: 'Bank holiday' } },
    ]);
    expect(await audit('calendar.holiday.remove')).toEqual([
      { target: '2026-11-24', details: { exchange: 'SSE', name: '上海休市', source: 'operator' } },
    ]);
  });

  it('an operator’s new hours decide whether the exchange is open, here and in the quotes', async () => {
    const list = body(await send('GET', '/api/admin/exchanges')).data as Array<Record<string, string>>;
    expect(list.find((e) => e['code'] === 'XETRA')).toEqual({
      code: 'XETRA',
      name: 'Xetra',
      timeZone: 'Europe/Berlin',
      hours: '09:00-17:30',
    });
    expect(body(await t.app.inject({ method: 'GET', url: '/api/market/instruments/SAP' })).data.quote.marketOpen).toBe(
      true,
    );

    // From now on Xetra opens at 11:00 with a lunch break: at 10:00 it is closed.
    const res = await send('PUT', '/api/admin/exchanges/XETRA', {
      hours: '11:00-13:00, 14:00-17:30',
      timeZone: 'Europe/Berlin',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({
      code: 'XETRA',
      name: 'Xetra',
      timeZone: 'Europe/Berlin',
      hours: '11:00-13:00,14:00-17:30',
    });
    expect(t.ctx.exchanges.isOpen('XETRA', t.clock.nowMs())).toBe(false);
    const market = body(await t.app.inject({ method: 'GET', url: '/api/market/exchanges' })).data as Array<
      Record<string, unknown>
    >;
    expect(market.find((e) => e['code'] === 'XETRA')).toMatchObject({
      open: false,
      sessions: [
        { open: '11:00', close: '13:00' },
        { open: '14:00', close: '17:30' },
      ],
      nextOpen: '2026-11-23T10:00:00.000Z',
    });
    expect(body(await t.app.inject({ method: 'GET', url: '/api/market/instruments/SAP' })).data.quote.marketOpen).toBe(
      false,
    );
    // A new zone: 10:00 in Berlin is 18:00 in Tokyo, inside 11:00–19:00 there.
    const tokyo = await send('PUT', '/api/admin/exchanges/XETRA', { hours: '11:00-19:00', timeZone: 'Asia/Tokyo' });
    expect(tokyo.statusCode, tokyo.body).toBe(200);
    expect(t.ctx.exchanges.isOpen('XETRA', t.clock.nowMs())).toBe(true);

    expect(await audit('exchange.hours')).toEqual([
      {
        target: 'XETRA',
        details: {
          before: { hours: '09:00-17:30', timeZone: 'Europe/Berlin' },
          after: { hours: '11:00-13:00,14:00-17:30', timeZone: 'Europe/Berlin' },
        },
      },
      {
        target: 'XETRA',
        details: {
          before: { hours: '11:00-13:00,14:00-17:30', timeZone: 'Europe/Berlin' },
          after: { hours: '11:00-19:00', timeZone: 'Asia/Tokyo' },
        },
      },
    ]);
  });

  it('refuses hours that are malformed, out of order or overlapping, and an unknown zone, changing nothing', async () => {
    const before = await exchangeRow('SSE');
    const audited = (await audit('exchange.hours')).length;
    for (const hours of [
      '9:30-11:30',
      '09:30-11:30,11:00-15:00',
      '13:00-15:00,09:30-11:30',
      '15:00-09:30',
      'all day',
    ]) {
      const res = await send('PUT', '/api/admin/exchanges/SSE', { hours, timeZone: 'Asia/Shanghai' }, 'de');
      expect(res.statusCode, hours).toBe(400);
      expect(body(res).error).toBe('EXCHANGE_HOURS_INVALID');
      expect(body(res).msg).toContain('Handelszeiten');
    }
    const zone = await send('PUT', '/api/admin/exchanges/SSE', { hours: '09:30-15:00', timeZone: 'Asia/Atlantis' });
    expect(zone.statusCode).toBe(400);
    expect(body(zone).error).toBe('EXCHANGE_TIME_ZONE_INVALID');
    const missing = await send('PUT', '/api/admin/exchanges/MOON', { hours: '09:30-15:00', timeZone: 'UTC' });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).error).toBe('EXCHANGE_NOT_FOUND');

    expect(await exchangeRow('SSE')).toEqual(before);
    expect(await audit('exchange.hours')).toHaveLength(audited);
    expect(t.ctx.exchanges.isOpen('SSE', TUESDAY_SHANGHAI)).toBe(true);
  });

  it('is for administrators only', async () => {
    const finance = (await operator(t, ['finance'])).token;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/exchanges/SSE',
      headers: { token: finance },
      payload: { hours: '09:30-15:00', timeZone: 'Asia/Shanghai' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('another instance’s change reaches this one through the hub', async () => {
    // As another instance does: the row changes there, and its notice arrives here.
    await t.ctx.database.db.updateTable('exchanges').set({ hours: '13:00-15:00' }).where('code', '=', 'SSE').execute();
    expect(t.ctx.exchanges.isOpen('SSE', TUESDAY_SHANGHAI)).toBe(true);
    t.ctx.hub.notify('exchanges-changed', '');
    await expect.poll(() => t.ctx.exchanges.isOpen('SSE', TUESDAY_SHANGHAI)).toBe(false);
  });
});
