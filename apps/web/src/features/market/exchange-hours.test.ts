import { describe, expect, it } from 'vitest';
import { sessionsInZone, zonedInstant } from './exchange-hours';

const NYSE = [{ open: '09:30', close: '16:00' }];
const SSE = [
  { open: '09:30', close: '11:30' },
  { open: '13:00', close: '15:00' },
];

describe('trading hours in the investor’s zone', () => {
  it('finds the instant of a local time across daylight saving', () => {
    expect(new Date(zonedInstant('2026-11-23', '09:30', 'America/New_York')).toISOString()).toBe(
      '2026-11-23T14:30:00.000Z',
    );
    expect(new Date(zonedInstant('2026-07-01', '09:30', 'America/New_York')).toISOString()).toBe(
      '2026-07-01T13:30:00.000Z',
    );
    expect(new Date(zonedInstant('2026-07-01', '09:30', 'Asia/Shanghai')).toISOString()).toBe(
      '2026-07-01T01:30:00.000Z',
    );
  });

  it('shows New York’s session from Berlin, an hour earlier while only the US is on summer time', () => {
    const berlin = { locale: 'de-DE', timeZone: 'Europe/Berlin' };
    expect(sessionsInZone(NYSE, 'America/New_York', Date.parse('2026-11-23T12:00:00Z'), berlin)).toEqual([
      '15:30–22:00',
    ]);
    // 2026-03-10: New York on EDT since the 8th, Berlin on CET until the 29th.
    expect(sessionsInZone(NYSE, 'America/New_York', Date.parse('2026-03-10T12:00:00Z'), berlin)).toEqual([
      '14:30–21:00',
    ]);
  });

  it('keeps the lunch break as two sessions', () => {
    expect(
      sessionsInZone(SSE, 'Asia/Shanghai', Date.parse('2026-11-23T02:00:00Z'), {
        locale: 'de-DE',
        timeZone: 'Europe/Berlin',
      }),
    ).toEqual(['02:30–04:30', '06:00–08:00']);
  });
});
