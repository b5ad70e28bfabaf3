import { describe, expect, it } from 'vitest';
import { describeSupportHours, isSupportOnline } from './support-hours.ts';

const hours = { openHour: 8, closeHour: 20, timeZone: 'Europe/Berlin' };

describe('support hours', () => {
  it.each([
    ['2026-11-23T06:59:00Z', false], // Monday 07:59 in Berlin (UTC+1)
    ['2026-11-23T07:00:00Z', true], // Monday 08:00
    ['2026-11-27T18:59:00Z', true], // Friday 19:59
    ['2026-11-27T19:00:00Z', false], // Friday 20:00
    ['2026-11-28T12:00:00Z', false], // Saturday noon
    ['2026-07-01T06:30:00Z', true], // Wednesday 08:30 in summer time (UTC+2)
  ])('%s → %s', (at, online) => {
    expect(isSupportOnline(new Date(at), hours)).toBe(online);
  });

  it('names the weekdays in the reader’s language', () => {
    // ICU versions differ on the abbreviation's full stop ("Mo" or "Mo.").
    expect(describeSupportHours(hours, 'de')).toMatch(/^Mo\.?–Fr\.? 08:00–20:00 \(Europe\/Berlin\)$/);
    expect(describeSupportHours(hours, 'en')).toBe('Mon–Fri 08:00–20:00 (Europe/Berlin)');
    expect(describeSupportHours(hours, 'fr')).toMatch(/^lun\.?–ven\.? 08:00–20:00/);
    expect(describeSupportHours({ ...hours, openHour: 9, closeHour: 17 }, 'zh-CN')).toMatch(/^周一–周五 09:00–17:00/);
  });
});
