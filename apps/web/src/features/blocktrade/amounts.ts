import { marketValueMinor } from '@bourse/shared/fees';
import { formatMinor, parseAmount } from '@bourse/shared/money';
import { parsePrice } from '@bourse/shared/price';

/** A block order's amount, quantity × price to the cent half-up as the server holds it, in cents; null if unreadable. */
export function orderAmountMinor(price: string, quantity: number): number | null {
  const ticks = parsePrice(price);
  if (ticks === null || !Number.isSafeInteger(quantity) || quantity < 0) return null;
  return marketValueMinor(ticks, quantity);
}

/** The same amount as a wire amount ("1234.50"). */
export function orderAmount(price: string, quantity: number): string | null {
  const minor = orderAmountMinor(price, quantity);
  return minor === null ? null : formatMinor(minor);
}

/** Available cash in cents; an unreadable figure counts as nothing available. */
export function cashMinor(available: string): number {
  return parseAmount(available.trim()) ?? 0;
}
