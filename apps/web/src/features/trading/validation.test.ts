import { describe, expect, it } from 'vitest';
import { checkLimitPrice, checkLots, checkShares, checkTradingPassword, QUANTITY_MAX } from './validation';

describe('order ticket checks', () => {
  it('lots: a whole number above 0 (product spec §5)', () => {
    expect(checkLots('')).toEqual({ ok: false, problem: { key: 'trading.validation.lotsRequired' } });
    expect(checkLots('0')).toEqual({ ok: false, problem: { key: 'trading.validation.lotsZero' } });
    expect(checkLots('000')).toEqual({ ok: false, problem: { key: 'trading.validation.lotsZero' } });
    expect(checkLots('1.5')).toEqual({ ok: false, problem: { key: 'trading.validation.lotsInvalid' } });
    expect(checkLots('-1')).toEqual({ ok: false, problem: { key: 'trading.validation.lotsInvalid' } });
    expect(checkLots(String(QUANTITY_MAX + 1))).toEqual({
      ok: false,
      problem: { key: 'trading.validation.lotsInvalid' },
    });
    expect(checkLots(' 2 ')).toEqual({ ok: true, count: 2 });
  });

  it('shares: a whole number above 0, at most what the lot can sell', () => {
    expect(checkShares('0', 20)).toEqual({ ok: false, problem: { key: 'trading.validation.sharesZero' } });
    expect(checkShares('', 20)).toEqual({ ok: false, problem: { key: 'trading.validation.sharesRequired' } });
    expect(checkShares('21', 20)).toEqual({
      ok: false,
      problem: { key: 'trading.validation.sharesAboveSellable', params: { max: 20 } },
    });
    expect(checkShares('20', 20)).toEqual({ ok: true, count: 20 });
    // Without a lot chosen yet, only the number itself is checked.
    expect(checkShares('500', null)).toEqual({ ok: true, count: 500 });
  });

  it('limit price: above 0, at most 4 decimals, a decimal comma read as a point', () => {
    expect(checkLimitPrice('')).toEqual({ ok: false, problem: { key: 'trading.validation.priceRequired' } });
    expect(checkLimitPrice('30.12345')).toEqual({ ok: false, problem: { key: 'trading.validation.priceDecimals' } });
    expect(checkLimitPrice('0')).toEqual({ ok: false, problem: { key: 'trading.validation.priceZero' } });
    expect(checkLimitPrice('0.0000')).toEqual({ ok: false, problem: { key: 'trading.validation.priceZero' } });
    expect(checkLimitPrice('1e3')).toEqual({ ok: false, problem: { key: 'trading.validation.priceInvalid' } });
    expect(checkLimitPrice('-5')).toEqual({ ok: false, problem: { key: 'trading.validation.priceInvalid' } });
    expect(checkLimitPrice('123456789')).toEqual({ ok: false, problem: { key: 'trading.validation.priceInvalid' } });
    expect(checkLimitPrice('30,12')).toEqual({ ok: true, price: '30.12' });
    expect(checkLimitPrice('0,525')).toEqual({ ok: true, price: '0.525' });
    // Off the exchange's price grid: whole cents from 1.00 up, tenths of a cent below.
    expect(checkLimitPrice('30,1234')).toEqual({
      ok: false,
      problem: { key: 'errors.PRICE_OFF_TICK', prices: { tick: '0.01' } },
    });
    expect(checkLimitPrice('0.5255')).toEqual({
      ok: false,
      problem: { key: 'errors.PRICE_OFF_TICK', prices: { tick: '0.001' } },
    });
    expect(checkLimitPrice('007.5')).toEqual({ ok: true, price: '7.50' });
    expect(checkLimitPrice('.25')).toEqual({ ok: true, price: '0.25' });
  });

  it('trading password: six digits', () => {
    expect(checkTradingPassword('')).toEqual({ key: 'wallet.validation.tradingPasswordRequired' });
    expect(checkTradingPassword('12345')).toEqual({ key: 'wallet.validation.tradingPasswordFormat' });
    expect(checkTradingPassword('123456')).toBeNull();
  });
});
