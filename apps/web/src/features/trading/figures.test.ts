import { describe, expect, it } from 'vitest';
import { closedLot, dteHolding, openLot } from '../../test/trading-samples';
import { amountToCents, centsToAmount, formatDecimal, revalueHolding, revalueLot, sumAmounts, toneOf } from './figures';

describe('trading figures', () => {
  it('reads and writes signed amounts exactly', () => {
    expect(amountToCents('-0.05')).toBe(-5n);
    expect(amountToCents('90071992547409.99')).toBe(9_007_199_254_740_999n);
    expect(amountToCents('1.5')).toBe(150n);
    expect(amountToCents('1.555')).toBeNull();
    expect(amountToCents('1e3')).toBeNull();
    expect(centsToAmount(-5n)).toBe('-0.05');
    expect(centsToAmount(123_456n)).toBe('1234.56');
    expect(sumAmounts(['9.80', '-20.20', '0.01'])).toBe('-10.39');
    expect(sumAmounts(['1', 'x'])).toBeNull();
  });

  it('values a lot at a new price as the server does: half-up cents, change against the buy price', () => {
    // 33.335 × 7 = 233.345 → 233.35; (33.335 − 30.01) × 7 = 23.275 → 23.28; 3.325 / 30.01 = 11.08 %.
    const lot = { ...openLot, quantity: 7 };
    expect(revalueLot(lot, '33.335')).toMatchObject({
      lastPrice: '33.335',
      marketValue: '233.35',
      floatingPnl: '23.28',
      floatingPnlPct: '11.08',
    });
    // A loss rounds away from zero: (30.0049 − 30.01) × 7 = −0.0357 → −0.04.
    expect(revalueLot(lot, '30.0049')).toMatchObject({ floatingPnl: '-0.04', floatingPnlPct: '-0.02' });
    // The server's own price, or no live price: the server's figures unchanged.
    expect(revalueLot(openLot, '30.50')).toBe(openLot);
    expect(revalueLot(openLot, undefined)).toBe(openLot);
  });

  it('sums a holding over its lots at the live price', () => {
    const second = { ...openLot, id: 12, quantity: 10, buyPrice: '28.00' };
    // 31.00 × 30 = 930.00; (31.00 − 30.01) × 20 + (31.00 − 28.00) × 10 = 19.80 + 30.00 = 49.80;
    // buy value 600.20 + 280.00 = 880.20; 49.80 / 880.20 = 5.66 %.
    expect(revalueHolding({ ...dteHolding, quantity: 30 }, [openLot, second], '31.00')).toMatchObject({
      lastPrice: '31.00',
      marketValue: '930.00',
      floatingPnl: '49.80',
      floatingPnlPct: '5.66',
    });
    // Without its lots the holding keeps the server's figures.
    expect(revalueHolding(dteHolding, undefined, '31.00')).toBe(dteHolding);
    expect(closedLot.status).toBe('closed');
  });

  it('formats decimals in the interface language without losing digits', () => {
    expect(formatDecimal('1234.5678', 'de')).toBe('1.234,5678');
    expect(formatDecimal('30.1', 'en')).toBe('30.10');
    expect(formatDecimal('-0.05', 'fr')).toBe('-0,05');
    expect(formatDecimal('12345678.9', 'en')).toBe('12,345,678.90');
    expect(formatDecimal('not a number', 'en')).toBe('not a number');
  });

  it('gives gains a plus tone, losses a minus tone, and zero neither', () => {
    expect(toneOf('0.01')).toBe('gain');
    expect(toneOf('-0.01')).toBe('loss');
    expect(toneOf('0.00')).toBe('flat');
    expect(toneOf('-0')).toBe('flat');
  });
});
