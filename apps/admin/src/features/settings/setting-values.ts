import { AMOUNT_PATTERN, formatMinor, parseAmount } from '@bourse/shared/money';
import { numberFormat } from '@bourse/shared/format';
import { LOCALES, type Language } from '@bourse/shared/languages';
import {
  PERCENT_PATTERN,
  RATE_PATTERN,
  RETENTION_DAYS_PATTERN,
  RETENTION_HOURS_PATTERN,
  parseLoanTerms,
} from '@bourse/shared/schemas/settings-admin';

export const isAmount = (value: string): boolean => AMOUNT_PATTERN.test(value);
export const isRate = (value: string): boolean => RATE_PATTERN.test(value);
/** An annual percentage such as 8.00 (the loan rate). */
export const isPercent = (value: string): boolean => PERCENT_PATTERN.test(value);
/** Loan terms in days, comma-separated, such as 30,90,180,365. */
export const isTerms = (value: string): boolean => parseLoanTerms(value) !== null;
/** A retention window in whole hours, 24 to 8760. */
export const isRetentionHours = (value: string): boolean => RETENTION_HOURS_PATTERN.test(value);
/** A retention window in whole days, 7 to 3650. */
export const isRetentionDays = (value: string): boolean => RETENTION_DAYS_PATTERN.test(value);

/** "2.5" → "2.50": amounts are stored with exactly two decimals, as everywhere on the wire. */
export function normalizeAmount(value: string): string {
  const minor = parseAmount(value);
  if (minor === null) throw new Error(`not an amount: ${value}`);
  return formatMinor(minor);
}

const MILLIONTHS_PER_PERCENT = 10_000;

/**
 * A rate as a percentage in the language's notation ("0.0025" → "0.25%", "0,25 %" in German),
 * exact to the rate's six decimals: the digits are shifted as text, never multiplied as a float.
 * Null when the text is not a valid rate.
 */
export function formatRatePercent(rate: string, language: Language): string | null {
  if (!isRate(rate)) return null;
  const [whole = '0', fraction = ''] = rate.split('.');
  const millionths = Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
  const percentWhole = String(Math.trunc(millionths / MILLIONTHS_PER_PERCENT));
  const percentFraction = String(millionths % MILLIONTHS_PER_PERCENT)
    .padStart(4, '0')
    .replace(/0+$/, '');
  const digits = percentFraction.length;
  // Learn the locale's layout (separator, sign position, spacing) from a formatted zero, then put
  // the exact digits in.
  const parts = numberFormat(LOCALES[language], {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).formatToParts(0);
  return parts
    .map((part) => (part.type === 'integer' ? percentWhole : part.type === 'fraction' ? percentFraction : part.value))
    .join('');
}
