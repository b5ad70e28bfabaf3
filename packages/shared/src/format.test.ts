import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney } from './format.ts';

describe('formatMoney', () => {
  it.each([
    ['1234.5', 'de', '1.234,50'],
    ['1234.5', 'en', '1,234.50'],
    ['0.07', 'fr', '0,07'],
    ['-12.3', 'de', '-12,30'],
    ['1000000', 'sv', '1 000 000,00'],
    ['999999999999.99', 'en', '999,999,999,999.99'],
  ] as const)('%s in %s → %s', (amount, lang, expected) => {
    // Intl may use narrow no-break spaces as group separators; compare with plain spaces.
    expect(formatMoney(amount, { lang }).replace(/[\u00a0\u202f]/g, ' ')).toBe(expected);
  });

  it('adds the currency in the locale’s position', () => {
    expect(formatMoney('12.5', { lang: 'de', currency: 'EUR' }).replace(/\u00a0/g, ' ')).toBe('12,50 €');
    expect(formatMoney('12.5', { lang: 'en', currency: 'EUR' })).toBe('€12.50');
  });

  it('keeps every cent of amounts beyond float precision', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999_999_99n }), (cents) => {
        const amount = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        const digits = formatMoney(amount, { lang: 'en' }).replace(/[^\d]/g, '');
        expect(BigInt(digits)).toBe(cents);
      }),
    );
  });

  it('refuses what is not a decimal amount', () => {
    expect(() => formatMoney('1e3')).toThrow();
    expect(() => formatMoney('12,50')).toThrow();
  });
});

describe('formatDateTime', () => {
  it('formats YYYY-MM-DD HH:mm:ss in the given zone', () => {
    expect(formatDateTime('2026-11-21T23:05:09Z')).toBe('2026-11-21 23:05:09');
    expect(formatDateTime('2026-11-21T23:05:09Z', 'Europe/Berlin')).toBe('2026-11-22 00:05:09');
    expect(formatDateTime('2026-07-01T00:00:00Z', 'Asia/Taipei')).toBe('2026-07-01 08:00:00');
  });
});
