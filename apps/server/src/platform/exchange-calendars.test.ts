import { describe, expect, it } from 'vitest';
import { BusinessCalendar } from './calendar.ts';
import { ExchangeCalendars } from './exchange-calendars.ts';

const EXCHANGES = [
  { code: 'XETRA', timeZone: 'Europe/Berlin', hours: '09:00-17:30' },
  { code: 'SSE', timeZone: 'Asia/Shanghai', hours: '09:30-11:30,13:00-15:00' },
  { code: 'NYSE', timeZone: 'America/New_York', hours: '09:30-16:00' },
];

function calendars(hours = '09:00-17:30', holidays: string[] = []) {
  const base = new BusinessCalendar({ hours, timeZone: 'Europe/Berlin', holidays });
  const exchanges = new ExchangeCalendars(base);
  exchanges.load(EXCHANGES);
  return { base, exchanges };
}

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('exchange calendars', () => {
  it('opens each exchange at its own hours in its own zone, with Shanghai’s lunch break', () => {
    const { exchanges } = calendars();
    // Monday 2026-11-23, 02:00Z: 10:00 in Shanghai, 03:00 in Berlin, 21:00 (Sunday) in New York.
    expect(exchanges.isOpen('SSE', at('2026-11-23T02:00:00Z'))).toBe(true);
    expect(exchanges.isOpen('XETRA', at('2026-11-23T02:00:00Z'))).toBe(false);
    expect(exchanges.isOpen('NYSE', at('2026-11-23T02:00:00Z'))).toBe(false);
    // 11:45 in Shanghai: lunch.
    const lunch = exchanges.status('SSE', at('2026-11-23T03:45:00Z'));
    expect(lunch).toEqual({ open: false, nextOpen: at('2026-11-23T05:00:00Z'), nextClose: at('2026-11-23T07:00:00Z') });
    // Open in the morning session: it closes for lunch at 11:30 local.
    expect(iso(exchanges.status('SSE', at('2026-11-23T02:00:00Z')).nextClose)).toBe('2026-11-23T03:30:00.000Z');
    // 15:00 local ends the day.
    expect(exchanges.isOpen('SSE', at('2026-11-23T06:59:00Z'))).toBe(true);
    expect(exchanges.isOpen('SSE', at('2026-11-23T07:00:00Z'))).toBe(false);
    // New York at 14:30Z (09:30 EST) and Berlin at 08:00Z (09:00 CET).
    expect(exchanges.isOpen('NYSE', at('2026-11-23T14:29:00Z'))).toBe(false);
    expect(exchanges.isOpen('NYSE', at('2026-11-23T14:30:00Z'))).toBe(true);
    expect(exchanges.isOpen('XETRA', at('2026-11-23T08:00:00Z'))).toBe(true);
  });

  it('follows daylight saving time per zone: New York moves two weeks before Berlin', () => {
    const { exchanges } = calendars();
    // Friday 2026-03-06, EST: 09:30 is 14:30Z.
    expect(exchanges.isOpen('NYSE', at('2026-03-06T13:45:00Z'))).toBe(false);
    expect(exchanges.isOpen('NYSE', at('2026-03-06T14:30:00Z'))).toBe(true);
    // From Friday's close the next open is Monday 2026-03-09, EDT: 09:30 is 13:30Z.
    expect(iso(exchanges.status('NYSE', at('2026-03-06T21:30:00Z')).nextOpen)).toBe('2026-03-09T13:30:00.000Z');
    expect(exchanges.isOpen('NYSE', at('2026-03-09T13:45:00Z'))).toBe(true);
    // Berlin is still on CET that Monday (08:00Z), on CEST from 2026-03-30 (07:00Z).
    expect(iso(exchanges.status('XETRA', at('2026-03-09T06:00:00Z')).nextOpen)).toBe('2026-03-09T08:00:00.000Z');
    expect(iso(exchanges.status('XETRA', at('2026-03-30T06:00:00Z')).nextOpen)).toBe('2026-03-30T07:00:00.000Z');
    // Shanghai has no daylight saving: 09:30 is 01:30Z all year.
    expect(iso(exchanges.status('SSE', at('2026-07-01T00:00:00Z')).nextOpen)).toBe('2026-07-01T01:30:00.000Z');
  });

  it('keeps each exchange’s own holidays, also when they change; the base calendar the default exchange’s', () => {
    const { base, exchanges } = calendars('09:00-17:30', ['2026-11-20']);
    exchanges.setHolidays({ SSE: ['2026-11-24'], XETRA: ['2026-11-26'] });
    // Shanghai's holiday closes Shanghai only.
    expect(exchanges.isOpen('SSE', at('2026-11-24T02:00:00Z'))).toBe(false);
    expect(iso(exchanges.status('SSE', at('2026-11-23T08:00:00Z')).nextOpen)).toBe('2026-11-25T01:30:00.000Z');
    expect(exchanges.isOpen('XETRA', at('2026-11-24T08:00:00Z'))).toBe(true);
    expect(exchanges.isOpen('NYSE', at('2026-11-24T15:00:00Z'))).toBe(true);
    // T+1 per exchange: a Monday sale settles on Wednesday in Shanghai, on Tuesday in Frankfurt.
    expect(exchanges.calendar('SSE').nextBusinessDay('2026-11-23')).toBe('2026-11-25');
    expect(exchanges.calendar('XETRA').nextBusinessDay('2026-11-23')).toBe('2026-11-24');
    // The base calendar follows the default exchange (Xetra): its old list is replaced.
    expect(base.holidayList()).toEqual(['2026-11-26']);
    expect(exchanges.calendar('XETRA').isBusinessDay('2026-11-26')).toBe(false);

    const heard: number[] = [];
    exchanges.onChange(() => heard.push(heard.length));
    exchanges.setHolidays({});
    expect(heard).toHaveLength(1);
    expect(exchanges.isOpen('SSE', at('2026-11-24T02:00:00Z'))).toBe(true);
    expect(base.holidayList()).toEqual([]);
  });

  it('hands its hours and holidays to another set of calendars (the order writer’s thread)', () => {
    const { exchanges } = calendars();
    exchanges.setHolidays({ HKEX: ['2026-12-25'] });
    exchanges.load([{ code: 'HKEX', timeZone: 'Asia/Hong_Kong', hours: '09:30-12:00,13:00-16:00' }]);
    const copy = new ExchangeCalendars(
      new BusinessCalendar({ hours: '09:00-17:30', timeZone: 'Europe/Berlin', holidays: [] }),
    );
    copy.restore(exchanges.snapshot());
    expect(copy.calendar('HKEX').isBusinessDay('2026-12-25')).toBe(false);
    // 12:30 in Hong Kong is its lunch; 13:30 trades.
    expect(copy.isOpen('HKEX', at('2026-12-24T04:30:00Z'))).toBe(false);
    expect(copy.isOpen('HKEX', at('2026-12-24T05:30:00Z'))).toBe(true);
  });

  it('changes an exchange’s hours on load and tells its listeners', () => {
    const { exchanges } = calendars();
    const heard: string[] = [];
    exchanges.onChange(() => heard.push('changed'));
    exchanges.load(EXCHANGES);
    expect(heard).toEqual([]);
    // Monday 2026-11-23, 16:45 in Berlin: open until 17:30, closed once Xetra closes at 16:30.
    expect(exchanges.isOpen('XETRA', at('2026-11-23T15:45:00Z'))).toBe(true);
    exchanges.load([{ code: 'XETRA', timeZone: 'Europe/Berlin', hours: '09:00-16:30' }]);
    expect(heard).toEqual(['changed']);
    expect(exchanges.isOpen('XETRA', at('2026-11-23T15:45:00Z'))).toBe(false);
  });

  it('with 24/7 every exchange is always open and never closes', () => {
    const { exchanges } = calendars('24/7');
    expect(exchanges.alwaysOpen).toBe(true);
    for (const { code } of EXCHANGES) {
      expect(exchanges.status(code, at('2026-11-22T03:00:00Z'))).toEqual({
        open: true,
        nextOpen: null,
        nextClose: null,
      });
    }
  });

  it('refuses sessions that overlap or close before they open', () => {
    const base = new BusinessCalendar({ hours: '09:00-17:30', timeZone: 'Europe/Berlin', holidays: [] });
    const exchanges = new ExchangeCalendars(base);
    expect(() => exchanges.load([{ code: 'X', timeZone: 'UTC', hours: '09:00-12:00,11:00-15:00' }])).toThrow(
      RangeError,
    );
    expect(() => exchanges.load([{ code: 'Y', timeZone: 'UTC', hours: '12:00-11:00' }])).toThrow(RangeError);
  });
});
