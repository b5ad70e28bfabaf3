import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changePercent,
  formatPrice,
  isOnTick,
  parsePrice,
  priceAtTick,
  priceDecimals,
  roundTicks,
  stepPrice,
  tickSizeText,
} from './price.ts';

describe('prices', () => {
  it('parses up to four decimals and refuses anything else', () => {
    expect(parsePrice('12.34')).toBe(123_400);
    expect(parsePrice('12.3456')).toBe(123_456);
    expect(parsePrice('0.0001')).toBe(1);
    for (const bad of ['12.34567', '-1', '1e3', '01.5', '', ' 1', '1.', '.5', '123456789']) {
      expect(parsePrice(bad), bad).toBeNull();
    }
  });

  it('formats with two to four decimals', () => {
    expect(formatPrice(123_400)).toBe('12.34');
    expect(formatPrice(123_450)).toBe('12.345');
    expect(formatPrice(123_456)).toBe('12.3456');
    expect(formatPrice(0)).toBe('0.00');
    expect(formatPrice(-500)).toBe('-0.05');
  });

  it('round-trips every price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (ticks) => {
        expect(parsePrice(formatPrice(ticks))).toBe(ticks);
      }),
    );
  });

  it('computes change percent in integers, half away from zero', () => {
    expect(changePercent(101_250, 100_000)).toBe('1.25');
    expect(changePercent(99_600, 100_000)).toBe('-0.40');
    // 1/3 % = 0.3333… → 0.33; 2/3 % → 0.67
    expect(changePercent(300_010, 300_000)).toBe('0.00');
    expect(changePercent(301_000, 300_000)).toBe('0.33');
    expect(changePercent(302_000, 300_000)).toBe('0.67');
    expect(changePercent(297_999, 300_000)).toBe('-0.67');
    expect(changePercent(5, 0)).toBe('0.00');
  });

  it('rounds to a step half up', () => {
    expect(roundTicks(123_449, 100)).toBe(123_400);
    expect(roundTicks(123_450, 100)).toBe(123_500);
  });
});

describe('priceAtTick', () => {
  it('writes a price with the tick grid’s decimals, rounded half up', () => {
    expect(priceAtTick('23.0895')).toBe('23.09');
    expect(priceAtTick('23.0849')).toBe('23.08');
    expect(priceAtTick('12.5')).toBe('12.50');
    expect(priceAtTick('0.5234')).toBe('0.523');
    expect(priceAtTick('0.5235')).toBe('0.524');
    expect(priceAtTick('0.9996')).toBe('1.00');
    expect(priceAtTick('1234.5')).toBe('1234.50');
    expect(priceAtTick('23.0895', 'down')).toBe('23.08');
    expect(priceAtTick('23.0805', 'up')).toBe('23.09');
    expect(priceAtTick('23.08', 'up')).toBe('23.08');
    expect(priceDecimals(9_999)).toBe(3);
    expect(priceDecimals(10_000)).toBe(2);
  });

  it('leaves text that is not a price alone', () => {
    expect(priceAtTick('')).toBe('');
    expect(priceAtTick('abc')).toBe('abc');
  });
});

describe('the price grid', () => {
  it('knows which prices lie on it and names its step', () => {
    for (const on of ['12.34', '1.00', '0.999', '0.001', '100.00']) expect(isOnTick(parsePrice(on)!), on).toBe(true);
    for (const off of ['12.345', '12.3401', '1.005', '0.9995', '0.0001'])
      expect(isOnTick(parsePrice(off)!), off).toBe(false);
    expect(tickSizeText(parsePrice('12.34')!)).toBe('0.01');
    expect(tickSizeText(parsePrice('0.5')!)).toBe('0.001');
  });

  it('steps along the grid, snapping an off-grid price in the step’s direction first', () => {
    expect(stepPrice('12.34', 1)).toBe('12.35');
    expect(stepPrice('12.34', -1)).toBe('12.33');
    expect(stepPrice('12.345', 1)).toBe('12.35');
    expect(stepPrice('12.345', -1)).toBe('12.34');
    expect(stepPrice('1.00', -1)).toBe('0.999');
    expect(stepPrice('0.999', 1)).toBe('1.00');
    expect(stepPrice('0.001', -1)).toBe('0.001');
    expect(stepPrice('abc', 1)).toBeNull();
  });

  it('every stepped price lies on the grid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: -3, max: 3 }), (ticks, steps) => {
        const stepped = stepPrice(formatPrice(ticks), steps === 0 ? 1 : steps);
        expect(isOnTick(parsePrice(stepped!)!)).toBe(true);
      }),
    );
  });
});
