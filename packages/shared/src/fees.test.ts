import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateCapital,
  collarPriceTicks,
  divideHalfUp,
  marketValueMinor,
  mulDivHalfUp,
  parseRate,
  percentOf,
  priceDifferenceMinor,
  tradeCosts,
  valueFits,
  type FeeSchedule,
} from './fees.ts';
import { parsePrice } from './price.ts';

/** The default schedule (settings.service SETTING_DEFAULTS). */
const DEFAULTS: FeeSchedule = {
  commissionRate: '0.0025',
  commissionMin: '5.00',
  transactionFeeRate: '0.0001',
  stampDutyRate: '0.0010',
};
const ticks = (price: string) => parsePrice(price)!;

describe('parseRate', () => {
  it.each([
    ['0', 0n],
    ['1', 100_000_000n],
    ['0.0025', 250_000n],
    ['0.0001', 10_000n],
    ['0.00000001', 1n],
    ['1.00000000', 100_000_000n],
  ])('%s → %d parts per 10^8', (text, parts) => {
    expect(parseRate(text)).toBe(parts);
  });

  it.each(['', '-0.1', '1.5', '2', '0.000000001', '.5', '0,25', '1e-3', 'NaN'])('refuses %j', (text) => {
    expect(parseRate(text)).toBeNull();
  });
});

describe('divideHalfUp', () => {
  it('rounds a half up and anything less down', () => {
    expect(divideHalfUp(5n, 10n)).toBe(1n); // 0.5 → 1
    expect(divideHalfUp(4n, 10n)).toBe(0n); // 0.4 → 0
    expect(divideHalfUp(15n, 10n)).toBe(2n); // 1.5 → 2
    expect(divideHalfUp(2_468n, 10_000n)).toBe(0n); // 0.2468 → 0
    expect(divideHalfUp(24_680n, 1_000n)).toBe(25n); // 24.68 → 25
  });
});

describe('mulDivHalfUp', () => {
  it('agrees with the BigInt arithmetic everywhere, fast path or not (property)', () => {
    const reference = (a: number, b: number, d: number) => Number(divideHalfUp(BigInt(a) * BigInt(b), BigInt(d)));
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 1_000_000_000 }), fc.maxSafeNat()),
        fc.oneof(fc.integer({ min: 0, max: 100_000_000 }), fc.maxSafeNat()),
        fc.oneof(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })),
        (a, b, d) => {
          const expected = divideHalfUp(BigInt(a) * BigInt(b), BigInt(d));
          // Only results that are themselves numbers are compared as numbers.
          if (expected <= BigInt(Number.MAX_SAFE_INTEGER)) expect(mulDivHalfUp(a, b, d)).toBe(reference(a, b, d));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('rounds a half up at the edge of the fast path', () => {
    // 2^52 × 1 ÷ 2 is exact; (2^52 + 1) ÷ 2 = 2^51 + 0.5 → 2^51 + 1.
    expect(mulDivHalfUp(2 ** 52, 1, 2)).toBe(2 ** 51);
    expect(mulDivHalfUp(2 ** 52 + 1, 1, 2)).toBe(2 ** 51 + 1);
    expect(mulDivHalfUp(5, 1, 10)).toBe(1);
    expect(mulDivHalfUp(4, 1, 10)).toBe(0);
  });
});

describe('tradeCosts: worked examples', () => {
  it('buy 2 lots × 100 shares at 12.34', () => {
    // gross      = 12.34 × 200                      = 2,468.00
    // commission = 2,468.00 × 0.25 % = 6.17 (above the 5.00 minimum)
    // tx fee     = 2,468.00 × 0.01 % = 0.2468 → 0.25 (half-up to the cent)
    // stamp duty = 0 (buys pay none)
    // total      = 2,468.00 + 6.17 + 0.25           = 2,474.42
    expect(tradeCosts({ side: 'buy', priceTicks: ticks('12.34'), quantity: 200, fees: DEFAULTS })).toEqual({
      grossMinor: 246_800,
      commissionMinor: 617,
      transactionFeeMinor: 25,
      stampDutyMinor: 0,
      feesMinor: 642,
      totalMinor: 247_442,
    });
  });

  it('sell 150 shares at 13.00: stamp duty on the sell', () => {
    // gross      = 13.00 × 150                      = 1,950.00
    // commission = 1,950.00 × 0.25 % = 4.875 → 4.88, below the minimum → 5.00
    // tx fee     = 1,950.00 × 0.01 % = 0.195 → 0.20 (half-up)
    // stamp duty = 1,950.00 × 0.10 % = 1.95
    // proceeds   = 1,950.00 − 5.00 − 0.20 − 1.95    = 1,942.85
    expect(tradeCosts({ side: 'sell', priceTicks: ticks('13.00'), quantity: 150, fees: DEFAULTS })).toEqual({
      grossMinor: 195_000,
      commissionMinor: 500,
      transactionFeeMinor: 20,
      stampDutyMinor: 195,
      feesMinor: 715,
      totalMinor: 194_285,
    });
  });

  it('commission exactly at the minimum and just above it', () => {
    // 2,000.00 × 0.25 % = 5.00: the rate and the minimum agree.
    const at = tradeCosts({ side: 'buy', priceTicks: ticks('20.00'), quantity: 100, fees: DEFAULTS });
    expect(at.commissionMinor).toBe(500);
    // 2,000.20 × 0.25 % = 5.0005 → 5.00 (the minimum either way).
    const justAbove = tradeCosts({ side: 'buy', priceTicks: ticks('20.0020'), quantity: 100, fees: DEFAULTS });
    expect(justAbove.grossMinor).toBe(200_020);
    expect(justAbove.commissionMinor).toBe(500);
    // 2,002.00 × 0.25 % = 5.005 → 5.01 (half-up), above the minimum.
    const above = tradeCosts({ side: 'buy', priceTicks: ticks('20.02'), quantity: 100, fees: DEFAULTS });
    expect(above.commissionMinor).toBe(501);
  });

  it('a small buy pays the minimum commission', () => {
    // gross 1.00 × 100 = 100.00; 0.25 % would be 0.25 → minimum 5.00; tx fee 0.01 → 0.01.
    const costs = tradeCosts({ side: 'buy', priceTicks: ticks('1.00'), quantity: 100, fees: DEFAULTS });
    expect(costs).toMatchObject({
      grossMinor: 10_000,
      commissionMinor: 500,
      transactionFeeMinor: 1,
      totalMinor: 10_501,
    });
  });

  it('rounds the gross half-up at half a cent', () => {
    // 0.0050 × 1 = 0.005 → 0.01; 0.0049 × 1 = 0.0049 → 0.00.
    expect(marketValueMinor(50, 1)).toBe(1);
    expect(marketValueMinor(49, 1)).toBe(0);
    // 12.3450 × 1 = 12.345 → 12.35
    expect(marketValueMinor(ticks('12.345'), 1)).toBe(1_235);
  });

  it('a sale whose fees exceed its gross has negative proceeds', () => {
    // gross 0.50 × 1 = 0.50; commission minimum 5.00; tx 0.00005 → 0.00; duty 0.0005 → 0.00 → −4.50
    const costs = tradeCosts({ side: 'sell', priceTicks: ticks('0.50'), quantity: 1, fees: DEFAULTS });
    expect(costs.totalMinor).toBe(-450);
  });

  it('zero rates and no minimum cost nothing', () => {
    const free = { commissionRate: '0', commissionMin: '0.00', transactionFeeRate: '0', stampDutyRate: '0' };
    expect(tradeCosts({ side: 'sell', priceTicks: ticks('10.00'), quantity: 3, fees: free })).toMatchObject({
      grossMinor: 3_000,
      feesMinor: 0,
      totalMinor: 3_000,
    });
  });

  it('refuses values beyond the largest amount', () => {
    expect(valueFits(ticks('99999999.9999'), 10_000)).toBe(true);
    expect(valueFits(ticks('99999999.9999'), 10_001)).toBe(false);
    expect(() =>
      tradeCosts({ side: 'buy', priceTicks: ticks('99999999.9999'), quantity: 100_000, fees: DEFAULTS }),
    ).toThrow(RangeError);
  });
});

describe('percentOf', () => {
  it('gives two decimals, half away from zero', () => {
    expect(percentOf(617, 246_800)).toBe('0.25');
    expect(percentOf(25, 246_800)).toBe('0.01'); // 0.0101 %
    expect(percentOf(500, 10_000)).toBe('5.00');
    expect(percentOf(1, 200)).toBe('0.50');
    expect(percentOf(1, 80_000)).toBe('0.00'); // 0.00125 % → 0.00
    expect(percentOf(1, 40_000)).toBe('0.00'); // 0.0025 % → 0.00
    expect(percentOf(1, 20_000)).toBe('0.01'); // 0.005 % → 0.01
    expect(percentOf(-1, 20_000)).toBe('-0.01');
    expect(percentOf(-1, 80_000)).toBe('0.00');
    expect(percentOf(5, 0)).toBe('0.00');
  });
});

describe('allocateCapital', () => {
  it('splits a lot’s capital over three sales so the parts add up exactly', () => {
    // Capital 2,474.42 for 200 shares.
    // Sell 70 of 200: 2,474.42 × 70 / 200 = 866.047 → 866.05; remaining 1,608.37 for 130.
    const first = allocateCapital({ remainingCapitalMinor: 247_442, remainingQuantity: 200, soldQuantity: 70 });
    expect(first).toBe(86_605);
    // Sell 65 of 130: 1,608.37 × 65 / 130 = 804.185 → 804.19 (half-up); remaining 804.18 for 65.
    const second = allocateCapital({
      remainingCapitalMinor: 247_442 - first,
      remainingQuantity: 130,
      soldQuantity: 65,
    });
    expect(second).toBe(80_419);
    // The last 65 take what remains: 804.18.
    const third = allocateCapital({
      remainingCapitalMinor: 247_442 - first - second,
      remainingQuantity: 65,
      soldQuantity: 65,
    });
    expect(third).toBe(80_418);
    expect(first + second + third).toBe(247_442);
  });

  it('refuses to sell more than remains', () => {
    expect(() => allocateCapital({ remainingCapitalMinor: 100, remainingQuantity: 5, soldQuantity: 6 })).toThrow();
    expect(() => allocateCapital({ remainingCapitalMinor: 100, remainingQuantity: 5, soldQuantity: 0 })).toThrow();
  });

  it('always allocates the whole capital over any sequence of sales (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 20 }),
        (capital, quantity, parts) => {
          let remainingCapital = capital;
          let remaining = quantity;
          let allocated = 0;
          for (const part of parts) {
            if (remaining === 0) break;
            const sold = Math.min(part, remaining);
            const share = allocateCapital({
              remainingCapitalMinor: remainingCapital,
              remainingQuantity: remaining,
              soldQuantity: sold,
            });
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(remainingCapital);
            remainingCapital -= share;
            remaining -= sold;
            allocated += share;
          }
          if (remaining > 0)
            allocated += allocateCapital({
              remainingCapitalMinor: remainingCapital,
              remainingQuantity: remaining,
              soldQuantity: remaining,
            });
          expect(allocated).toBe(capital);
        },
      ),
    );
  });
});

describe('priceDifferenceMinor', () => {
  it('is (last − buy) × quantity, half away from zero', () => {
    // (12.50 − 12.34) × 200 = 32.00
    expect(priceDifferenceMinor(123_400, 125_000, 200)).toBe(3_200);
    // (12.30 − 12.34) × 200 = −8.00
    expect(priceDifferenceMinor(123_400, 123_000, 200)).toBe(-800);
    // (0.0005 more) × 1 = 0.0005 → 0.00; × 10 = 0.005 → 0.01; the negative mirrors it.
    expect(priceDifferenceMinor(100, 105, 1)).toBe(0);
    expect(priceDifferenceMinor(100, 105, 10)).toBe(1);
    expect(priceDifferenceMinor(105, 100, 10)).toBe(-1);
  });
});

describe('collarPriceTicks', () => {
  it('allows 5 % around the last price, on the grid of ticks', () => {
    // 12.34 × 1.05 = 12.957; 12.34 × 0.95 = 11.723.
    expect(collarPriceTicks('buy', ticks('12.34'), 5)).toBe(129_570);
    expect(collarPriceTicks('sell', ticks('12.34'), 5)).toBe(117_230);
    // 0.0333 × 1.05 = 0.034965 → 0.0349 (down, never above the collar); × 0.95 = 0.031635 → 0.0317 (up).
    expect(collarPriceTicks('buy', 333, 5)).toBe(349);
    expect(collarPriceTicks('sell', 333, 5)).toBe(317);
  });
});

describe('tradeCosts: properties', () => {
  const rate = fc.integer({ min: 0, max: 1_000_000 }).map((parts) => `0.${String(parts).padStart(8, '0')}`);
  const minimum = fc
    .integer({ min: 0, max: 10_000 })
    .map((minor) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`);
  const schedule = fc.record({
    commissionRate: rate,
    commissionMin: minimum,
    transactionFeeRate: rate,
    stampDutyRate: rate,
  });

  it('fees ≥ 0, buy total ≥ gross ≥ sell total, commission ≥ the minimum when gross > 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        schedule,
        (priceTicks, quantity, fees) => {
          const buy = tradeCosts({ side: 'buy', priceTicks, quantity, fees });
          const sell = tradeCosts({ side: 'sell', priceTicks, quantity, fees });
          for (const costs of [buy, sell]) {
            expect(costs.commissionMinor).toBeGreaterThanOrEqual(0);
            expect(costs.transactionFeeMinor).toBeGreaterThanOrEqual(0);
            expect(costs.stampDutyMinor).toBeGreaterThanOrEqual(0);
            expect(costs.feesMinor).toBe(costs.commissionMinor + costs.transactionFeeMinor + costs.stampDutyMinor);
            if (costs.grossMinor > 0) {
              const min = Math.round(Number(fees.commissionMin) * 100);
              expect(costs.commissionMinor).toBeGreaterThanOrEqual(min);
            }
          }
          expect(buy.stampDutyMinor).toBe(0);
          expect(buy.grossMinor).toBe(sell.grossMinor);
          expect(buy.totalMinor).toBeGreaterThanOrEqual(buy.grossMinor);
          expect(buy.grossMinor).toBeGreaterThanOrEqual(sell.totalMinor);
        },
      ),
    );
  });

  it('a lower price never costs more: a limit buy’s hold covers its fill (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        schedule,
        (limit, below, quantity, fees) => {
          const fill = Math.max(1, limit - below);
          const held = tradeCosts({ side: 'buy', priceTicks: limit, quantity, fees }).totalMinor;
          expect(tradeCosts({ side: 'buy', priceTicks: fill, quantity, fees }).totalMinor).toBeLessThanOrEqual(held);
        },
      ),
    );
  });
});
