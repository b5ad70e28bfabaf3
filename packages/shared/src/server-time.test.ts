import { describe, expect, it } from 'vitest';
import { parseServerTime, serverClockOffset } from './server-time.ts';

describe('server time header', () => {
  it('reads a whole positive millisecond count and nothing else', () => {
    expect(parseServerTime('1764158400000')).toBe(1_764_158_400_000);
    for (const bad of [
      null,
      undefined,
      '',
      '-5',
      '0',
      '1.5',
      '1e12',
      ' 1764158400000',
      'Thu, 26 Nov 2026',
      '99999999999999999',
    ]) {
      expect(parseServerTime(bad)).toBeNull();
    }
  });

  it('compares the server’s stamp with the midpoint of the round trip', () => {
    // Sent at 1,000, received at 1,200: the server's 61,100 was stamped around 1,100 → 60 s ahead.
    expect(serverClockOffset(61_100, 1_000, 1_200)).toBe(60_000);
    expect(serverClockOffset(1_000, 1_000, 1_000)).toBe(0);
    expect(serverClockOffset(500, 1_000, 1_001)).toBe(-500);
  });
});
