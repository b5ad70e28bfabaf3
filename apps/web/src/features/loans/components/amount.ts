import { AMOUNT_PATTERN, parseAmount } from '@bourse/shared/money';

/** The typed amount in minor units when it is a positive amount with at most two decimals, else null. */
export function positiveMinor(text: string): number | null {
  const value = text.trim();
  if (!AMOUNT_PATTERN.test(value)) return null;
  const minor = parseAmount(value);
  return minor !== null && minor > 0 ? minor : null;
}
