/**
 * Money on the wire is a decimal string ("1234.50"); in the core and the database it is an integer
 * number of minor units (cents). Nothing in between is a float. Amounts are at most 12 integer
 * digits, so every value stays far inside Number's safe-integer range (2^53).
 */
declare const minorBrand: unique symbol;
export type MinorUnits = number & { readonly [minorBrand]: 'MinorUnits' };

export const MAX_AMOUNT_MINOR = 999_999_999_999_99 as MinorUnits;

/** The wire pattern: no sign, no exponent, no leading zeros, at most 12 integer digits and 2 decimals. */
export const AMOUNT_PATTERN = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;

export function asMinor(value: number): MinorUnits {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer amount of minor units: ${value}`);
  return value as MinorUnits;
}

/** Parses a wire amount into minor units; null when the string is not a valid amount. */
export function parseAmount(text: string): MinorUnits | null {
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').slice(1).padEnd(2, '0');
  return asMinor(Number(whole) * 100 + Number(fraction));
}

/** Formats minor units as a wire amount with exactly two decimals ("-12.30" for negatives). */
export function formatMinor(minor: number): string {
  const value = asMinor(minor);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
