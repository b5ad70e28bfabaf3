import type { MessageKey } from '@bourse/shared/i18n/types';
import { formatPrice, isOnTick, MAX_PRICE_TICKS, parsePrice, tickSizeText } from '@bourse/shared/price';
import { tradingPasswordPattern } from '@bourse/shared/schemas/auth';

/**
 * The order ticket's own checks, made before anything is sent; the server makes them again and
 * answers what only it can know (cash, the lot's shares, the trading password) in the user's
 * language. A problem is a catalog key with its parameters.
 */
export interface Problem {
  key: MessageKey;
  params?: Record<string, string | number>;
  /** Parameters that are wire prices ("0.01"), shown with the interface language's decimal mark. */
  prices?: Record<string, string>;
}

/** More lots or shares than this are typing mistakes, not orders. */
export const QUANTITY_MAX = 10_000_000;

export type CountCheck = { ok: true; count: number } | { ok: false; problem: Problem };

function checkCount(text: string, keys: { required: MessageKey; invalid: MessageKey; zero: MessageKey }): CountCheck {
  const value = text.trim();
  if (!value) return { ok: false, problem: { key: keys.required } };
  if (!/^\d+$/.test(value)) return { ok: false, problem: { key: keys.invalid } };
  const count = Number(value);
  if (count === 0) return { ok: false, problem: { key: keys.zero } };
  if (count > QUANTITY_MAX) return { ok: false, problem: { key: keys.invalid } };
  return { ok: true, count };
}

/** Buying is in whole lots, at least one (product spec §5: "number of lots cannot be 0"). */
export function checkLots(text: string): CountCheck {
  return checkCount(text, {
    required: 'trading.validation.lotsRequired',
    invalid: 'trading.validation.lotsInvalid',
    zero: 'trading.validation.lotsZero',
  });
}

/**
 * Selling is in shares of one lot, at least one and at most what the lot has sellable (product
 * spec §5: "number of shares cannot be 0").
 */
export function checkShares(text: string, sellable: number | null): CountCheck {
  const check = checkCount(text, {
    required: 'trading.validation.sharesRequired',
    invalid: 'trading.validation.sharesInvalid',
    zero: 'trading.validation.sharesZero',
  });
  if (check.ok && sellable !== null && check.count > sellable) {
    return { ok: false, problem: { key: 'trading.validation.sharesAboveSellable', params: { max: sellable } } };
  }
  return check;
}

export type PriceCheck = { ok: true; price: string } | { ok: false; problem: Problem };

/**
 * A limit price as typed: a plain decimal (a decimal comma is read as a point), above zero, with
 * at most four decimals, on the exchange's price grid (whole cents from 1.00, tenths of a cent
 * below), as the server requires. On success gives the wire price ("12.5" → "12.50").
 */
export function checkLimitPrice(text: string): PriceCheck {
  let value = text.replace(/[\s\u00a0\u202f]/g, '');
  if (value.includes(',') && !value.includes('.') && value.indexOf(',') === value.lastIndexOf(',')) {
    value = value.replace(',', '.');
  }
  if (value.startsWith('.')) value = `0${value}`;
  if (!value) return { ok: false, problem: { key: 'trading.validation.priceRequired' } };
  if (!/^\d+(\.\d+)?$/.test(value)) return { ok: false, problem: { key: 'trading.validation.priceInvalid' } };
  if (/\.\d{5,}$/.test(value)) return { ok: false, problem: { key: 'trading.validation.priceDecimals' } };
  const ticks = parsePrice(value.replace(/^0+(?=\d)/, ''));
  if (ticks === null || ticks > MAX_PRICE_TICKS)
    return { ok: false, problem: { key: 'trading.validation.priceInvalid' } };
  if (ticks === 0) return { ok: false, problem: { key: 'trading.validation.priceZero' } };
  if (!isOnTick(ticks))
    return { ok: false, problem: { key: 'errors.PRICE_OFF_TICK', prices: { tick: tickSizeText(ticks) } } };
  return { ok: true, price: formatPrice(ticks) };
}

/** The trading password confirming an order: six digits, as the server requires. */
export function checkTradingPassword(value: string): Problem | null {
  if (!value) return { key: 'wallet.validation.tradingPasswordRequired' };
  return tradingPasswordPattern.test(value) ? null : { key: 'wallet.validation.tradingPasswordFormat' };
}
