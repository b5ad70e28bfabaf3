import { describe, expect, it } from 'vitest';
import { formatRatePercent, isAmount, isRate, normalizeAmount } from './setting-values.ts';

describe('setting values', () => {
  it('accepts amounts only in the wire pattern', () => {
    for (const good of ['0', '5', '100.00', '2.5', '999999999999.99']) expect(isAmount(good), good).toBe(true);
    for (const bad of ['', '-1', '01', '1.234', '1e3', '1,50', ' 1', '1000000000000']) {
      expect(isAmount(bad), bad).toBe(false);
    }
  });

  it('accepts rates as fractions from 0 to 1 with at most 6 decimals', () => {
    for (const good of ['0', '1', '0.0025', '0.000001', '1.000000']) expect(isRate(good), good).toBe(true);
    for (const bad of ['1.5', '0.0000001', '25%', '.5', '-0.1', '1.01', '2']) expect(isRate(bad), bad).toBe(false);
  });

  it('stores amounts with exactly two decimals', () => {
    expect(normalizeAmount('2.5')).toBe('2.50');
    expect(normalizeAmount('100')).toBe('100.00');
    expect(normalizeAmount('0')).toBe('0.00');
  });

  it('shows a rate as an exact percentage in the console language', () => {
    // 0.0025 × 100 = 0.25 %; 0.000001 × 100 = 0.0001 %; 1 × 100 = 100 %.
    expect(formatRatePercent('0.0025', 'en')).toBe('0.25%');
    expect(formatRatePercent('0.000001', 'en')).toBe('0.0001%');
    expect(formatRatePercent('1', 'en')).toBe('100%');
    expect(formatRatePercent('0.0010', 'en')).toBe('0.1%');
    expect(formatRatePercent('0.0025', 'de')).toBe('0,25\u00a0%');
    expect(formatRatePercent('1.5', 'en')).toBeNull();
  });
});
