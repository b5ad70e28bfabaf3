import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, normalizeSessions, parseSessions } from './exchanges.ts';

describe('exchange sessions and zones', () => {
  it('reads sessions in order, a lunch break included, and a close at midnight', () => {
    expect(parseSessions('09:30-11:30, 13:00-15:00')).toEqual([
      { open: 570, close: 690 },
      { open: 780, close: 900 },
    ]);
    expect(parseSessions('00:00-24:00')).toEqual([{ open: 0, close: 1440 }]);
    expect(normalizeSessions(' 09:30-11:30 , 13:00-15:00 ')).toBe('09:30-11:30,13:00-15:00');
  });

  it('refuses sessions that are malformed, close before they open, overlap or are out of order', () => {
    for (const hours of [
      '',
      '9:00-17:30',
      '09:00-17:60',
      '24:00-24:00',
      '09:00',
      '09:00-17:30,',
      '17:30-09:00',
      '10:00-10:00',
      '09:00-12:00,11:00-15:00',
      '13:00-15:00,09:30-11:30',
      '09:00–17:30',
    ]) {
      expect(parseSessions(hours), hours).toBeNull();
    }
  });

  it('knows IANA zones and nothing else', () => {
    expect(canonicalTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
    expect(canonicalTimeZone('Europe/Berlin; drop')).toBeNull();
  });
});
