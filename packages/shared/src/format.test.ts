import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  dateTimeFormat,
  formatCompact,
  formatDateTime,
  formatDecimal,
  formatLongDate,
  formatMoney,
  formatNumber,
  formatPercent,
  numberFormat,
} from './format.ts';

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

  it('keeps the sign of amounts between -1 and 0', () => {
    expect(formatMoney('-0.07', { lang: 'de' })).toBe('-0,07');
    expect(formatMoney('-0.00', { lang: 'en' })).toBe('0.00');
  });
});

/** Intl may use narrow no-break spaces and the true minus sign; compare with plain characters. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-');

describe('formatDecimal', () => {
  it.each([
    ['1234.5678', 'de', {}, '1.234,5678'],
    ['1234.5', 'en', {}, '1,234.50'],
    ['12', 'en', {}, '12.00'],
    ['-12.3', 'sv', {}, '-12,30'],
    ['999999.99', 'fr', {}, '999 999,99'],
    ['0.05', 'de', { signed: true }, '+0,05'],
    ['-0.05', 'en', { signed: true }, '-0.05'],
    ['0.00', 'en', { signed: true }, '0.00'],
    ['15.2', 'en', { minFractionDigits: 0 }, '15.2'],
    ['15', 'en', { minFractionDigits: 0 }, '15'],
  ] as const)('%s in %s %o → %s', (value, lang, options, expected) => {
    expect(plain(formatDecimal(value, { lang, ...options }))).toBe(expected);
  });

  it('keeps every digit of prices beyond float precision', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999_999_999n }), (ticks) => {
        const value = `${ticks / 10_000n}.${String(ticks % 10_000n).padStart(4, '0')}`;
        expect(BigInt(formatDecimal(value, { lang: 'en' }).replace(/[^\d]/g, ''))).toBe(ticks);
      }),
    );
  });

  it('refuses what is not a decimal', () => {
    expect(() => formatDecimal('1e3')).toThrow();
    expect(() => formatDecimal('')).toThrow();
  });
});

describe('formatPercent', () => {
  it.each([
    ['1.25', 'de', '+1,25 %'],
    ['-0.40', 'en', '-0.40%'],
    ['0.00', 'fr', '0,00 %'],
    ['12.5', 'sv', '+12,50 %'],
  ] as const)('%s in %s → %s (signed)', (value, lang, expected) => {
    expect(plain(formatPercent(value, { lang, signed: true }))).toBe(expected);
  });

  it('writes no plus sign unless asked', () => {
    expect(formatPercent('3.10', { lang: 'en' })).toBe('3.10%');
  });
});

describe('formatCompact', () => {
  it('shortens large quantities and amounts in the language', () => {
    expect(plain(formatCompact(123_456_789, { lang: 'de' }))).toBe('123,5 Mio.');
    expect(formatCompact('2345678901234.55', { lang: 'en', currency: 'EUR' })).toBe('€2.3tn');
    expect(formatCompact(950, { lang: 'en' })).toBe('950');
  });
});

describe('formatDateTime', () => {
  it('formats YYYY-MM-DD HH:mm:ss in the given zone', () => {
    expect(formatDateTime('2026-11-21T23:05:09Z')).toBe('2026-11-21 23:05:09');
    expect(formatDateTime('2026-11-21T23:05:09Z', 'Europe/Berlin')).toBe('2026-11-22 00:05:09');
    expect(formatDateTime('2026-07-01T00:00:00Z', 'Asia/Taipei')).toBe('2026-07-01 08:00:00');
  });
});

describe('formatter caches', () => {
  it('builds each Intl formatter once per locale and options, however many figures a screen formats', () => {
    // Warm: the first call of each shape builds its formatter.
    formatMoney('1.00', { lang: 'fr', currency: 'EUR' });
    formatNumber(1, 'fr', 2);
    formatDateTime(0, 'Europe/Paris');
    formatLongDate(0, 'fr', 'Europe/Paris');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      for (let i = 0; i < 50; i += 1) {
        formatMoney(`${i}.25`, { lang: 'fr', currency: 'EUR' });
        formatNumber(i, 'fr', 2);
        formatDateTime(i * 86_400_000, 'Europe/Paris');
        formatLongDate(i * 86_400_000, 'fr', 'Europe/Paris');
      }
      expect(numbers).not.toHaveBeenCalled();
      expect(dates).not.toHaveBeenCalled();
    } finally {
      numbers.mockRestore();
      dates.mockRestore();
    }
    expect(formatMoney('1234.5', { lang: 'fr', currency: 'EUR' })).toBe('1\u202f234,50\u00a0€');
    expect(formatNumber(1234, 'de')).toBe('1.234');
  });

  it('keys the cache by every option: different options get different formatters', () => {
    expect(numberFormat('de-DE', { maximumFractionDigits: 1 })).toBe(
      numberFormat('de-DE', { maximumFractionDigits: 1 }),
    );
    expect(numberFormat('de-DE', { maximumFractionDigits: 1 }).format(1.25)).toBe('1,3');
    expect(numberFormat('de-DE', { maximumFractionDigits: 2 }).format(1.25)).toBe('1,25');
    expect(dateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit' }).format(0)).toBe('00');
    expect(dateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit' }).format(0)).toBe('09');
  });
});
