import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMinor, MAX_AMOUNT_MINOR, parseAmount } from './money.ts';

describe('money', () => {
  it.each([
    ['0', 0],
    ['0.5', 50],
    ['0.05', 5],
    ['12', 1200],
    ['1234.56', 123456],
    ['999999999999.99', 99999999999999],
  ])('parses %s as %d minor units', (text, minor) => {
    expect(parseAmount(text)).toBe(minor);
  });

  it.each([
    '',
    '-1',
    '+1',
    '1.',
    '.5',
    '1.234',
    '01',
    '1e3',
    '1e309',
    '1,50',
    ' 1',
    '1 ',
    '1000000000000',
    'NaN',
    'Infinity',
    '0x10',
  ])('refuses %j', (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  it('formats with two decimals, negatives included', () => {
    expect(formatMinor(0)).toBe('0.00');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(-1230)).toBe('-12.30');
    expect(() => formatMinor(1.5)).toThrow();
  });

  it('round-trips every amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_MINOR }), (minor) => {
        expect(parseAmount(formatMinor(minor))).toBe(minor);
      }),
    );
  });
});
