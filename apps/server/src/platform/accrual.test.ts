import { describe, expect, it } from 'vitest';
import { accrueDay, accrueDays, DAY_DENOMINATOR, percentToPpm, ppmToPercent } from './accrual.ts';

describe('daily accrual', () => {
  it('pays whole cents and carries the fraction', () => {
    // 1,000.00 at 2.5 %: 100000 × 25000 = 2.5e9 per day over 3.65e8 → 6 cents, 2.5e9 − 6 × 3.65e8 = 3.1e8 carried.
    const day1 = accrueDay(100_000, 25_000, 0n);
    expect(day1).toEqual({ interestMinor: 6, carry: 310_000_000n });
    // Day 2: 2.5e9 + 3.1e8 = 2.81e9 → 7 cents, carry 2.81e9 − 7 × 3.65e8 = 2.55e8.
    expect(accrueDay(100_000, 25_000, day1.carry)).toEqual({ interestMinor: 7, carry: 255_000_000n });
  });

  it('over 365 days pays exactly the closed-form figure: no cent created or lost', () => {
    for (const [balance, rate] of [
      [100_000, 25_000],
      [1, 1],
      [123_456_789, 23_456],
      [99_999_999_999_99, 1_000_000],
    ] as const) {
      let carry = 0n;
      let paid = 0;
      for (let day = 0; day < 365; day++) {
        const accrual = accrueDay(balance, rate, carry);
        paid += accrual.interestMinor;
        carry = accrual.carry;
      }
      // A year at rate r on b is b × r / 1e6 cents: the carry holds the rest, exactly.
      const closed = accrueDays(balance, rate, 365);
      expect(paid).toBe(closed.interestMinor);
      expect(carry).toBe(closed.carry);
      expect(BigInt(paid) * DAY_DENOMINATOR + carry).toBe(BigInt(balance) * BigInt(rate) * 365n);
    }
  });

  it('refuses what is not a balance, a rate or a carry', () => {
    expect(() => accrueDay(-1, 1, 0n)).toThrow(RangeError);
    expect(() => accrueDay(1.5, 1, 0n)).toThrow(RangeError);
    expect(() => accrueDay(1, 1_000_001, 0n)).toThrow(RangeError);
    expect(() => accrueDay(1, 1, DAY_DENOMINATOR)).toThrow(RangeError);
  });

  it('reads and writes rates as percent', () => {
    expect(percentToPpm('2.35')).toBe(23_500);
    expect(percentToPpm('0.0001')).toBe(1);
    expect(percentToPpm('100')).toBe(1_000_000);
    expect(percentToPpm('100.0001')).toBeNull();
    expect(percentToPpm('2.35001')).toBeNull();
    expect(percentToPpm('-1')).toBeNull();
    expect(ppmToPercent(23_500)).toBe('2.35');
    expect(ppmToPercent(25_000)).toBe('2.50');
    expect(ppmToPercent(1)).toBe('0.0001');
    expect(ppmToPercent(23_450)).toBe('2.345');
    expect(ppmToPercent(1_000_000)).toBe('100.00');
  });
});
