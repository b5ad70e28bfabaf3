import { describe, expect, it } from 'vitest';
import { BusinessCalendar } from './calendar.ts';

const berlin = (hours: string, holidays: string[] = []) =>
  new BusinessCalendar({ hours, timeZone: 'Europe/Berlin', holidays });

describe('business calendar', () => {
  it('takes new holidays at once, tells its listeners, and hands them on in its options', () => {
    const calendar = berlin('24/7', ['2026-12-25']);
    const heard: string[][] = [];
    const stop = calendar.onHolidays((holidays) => heard.push([...holidays]));
    calendar.setHolidays(['2026-12-25', '2026-11-30']);
    expect(calendar.isBusinessDay('2026-11-30')).toBe(false);
    expect(calendar.nextBusinessDay('2026-11-27')).toBe('2026-12-01'); // Friday → weekend, the holiday → Tuesday
    expect(calendar.options.holidays).toEqual(['2026-11-30', '2026-12-25']);
    expect(heard).toEqual([['2026-12-25', '2026-11-30']]);
    stop();
    calendar.setHolidays([]);
    expect(heard).toHaveLength(1);
    expect(calendar.isBusinessDay('2026-12-25')).toBe(true);
  });

  it('is always open in 24/7 mode but still knows business days', () => {
    const calendar = berlin('24/7', ['2026-12-25']);
    expect(calendar.isOpen(Date.parse('2026-11-22T03:00:00Z'))).toBe(true); // a Sunday
    expect(calendar.isBusinessDay('2026-11-22')).toBe(false);
    expect(calendar.nextBusinessDay('2026-12-24')).toBe('2026-12-28'); // Christmas Day, then a weekend
    expect(calendar.nextBusinessDay('2026-11-20')).toBe('2026-11-23'); // Friday → Monday
  });

  it('opens and closes at local hours, across daylight saving time', () => {
    const calendar = berlin('09:00-17:30', ['2026-12-24']);
    // Winter (UTC+1): 09:00 local is 08:00 UTC.
    expect(calendar.isOpen(Date.parse('2026-11-23T07:59:00Z'))).toBe(false);
    expect(calendar.isOpen(Date.parse('2026-11-23T08:00:00Z'))).toBe(true);
    expect(calendar.isOpen(Date.parse('2026-11-23T16:29:00Z'))).toBe(true);
    expect(calendar.isOpen(Date.parse('2026-11-23T16:30:00Z'))).toBe(false);
    // Summer (UTC+2): 09:00 local is 07:00 UTC.
    expect(calendar.isOpen(Date.parse('2026-07-01T07:00:00Z'))).toBe(true);
    expect(calendar.isOpen(Date.parse('2026-07-01T06:59:00Z'))).toBe(false);
    // Weekend and holiday.
    expect(calendar.isOpen(Date.parse('2026-11-21T10:00:00Z'))).toBe(false);
    expect(calendar.isOpen(Date.parse('2026-12-24T10:00:00Z'))).toBe(false);
  });

  it('ends the session at the close, or at local midnight in 24/7 mode', () => {
    expect(berlin('09:00-17:30').sessionEnd(Date.parse('2026-11-23T10:00:00Z'))).toBe(
      Date.parse('2026-11-23T16:30:00Z'),
    );
    expect(berlin('24/7').sessionEnd(Date.parse('2026-11-23T10:00:00Z'))).toBe(Date.parse('2026-11-23T23:00:00Z'));
    // 23:30 UTC on the 23rd is already the 24th in Berlin.
    expect(berlin('24/7').tradingDate(Date.parse('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
  });

  it('refuses hours that close before they open', () => {
    expect(() => berlin('17:00-09:00')).toThrow(RangeError);
  });
});
