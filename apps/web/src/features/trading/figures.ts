import { LOCALES, type Language } from '@bourse/shared/languages';
import { numberFormat } from '@bourse/shared/format';
import { marketValueMinor, percentOf, priceDifferenceMinor } from '@bourse/shared/fees';
import { formatMinor } from '@bourse/shared/money';
import { changePercent, parsePrice } from '@bourse/shared/price';

/**
 * The trading screens' arithmetic on wire figures: amounts ("-12.30") and prices ("12.3456") are
 * decimal strings, turned into integers (cents, ten-thousandths) and back, never into floats.
 */

const SIGNED_AMOUNT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** A signed wire amount in cents as a BigInt; null when it is not one. */
export function amountToCents(amount: string): bigint | null {
  const match = SIGNED_AMOUNT.exec(amount.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** Cents back to a wire amount with two decimals ("-0.05"). */
export function centsToAmount(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export interface LotFigures {
  quantity: number;
  buyPrice: string;
  lastPrice: string;
  marketValue: string;
  floatingPnl: string;
  floatingPnlPct: string;
}

/**
 * A lot's figures at a newer last price, by the server's own arithmetic (packages/shared fees.ts):
 * market value = last × shares, floating P/L = (last − buy price) × shares, both half-up to the
 * cent, and the change of last against the buy price in percent.
 */
export function revalueLot<T extends LotFigures>(lot: T, livePrice: string | undefined): T {
  const live = livePrice === undefined ? null : parsePrice(livePrice);
  const buy = parsePrice(lot.buyPrice);
  if (live === null || buy === null || livePrice === lot.lastPrice) return lot;
  return {
    ...lot,
    lastPrice: livePrice,
    marketValue: formatMinor(marketValueMinor(live, lot.quantity)),
    floatingPnl: formatMinor(priceDifferenceMinor(buy, live, lot.quantity)),
    floatingPnlPct: changePercent(live, buy),
  };
}

export interface HoldingFigures {
  lastPrice: string;
  marketValue: string;
  floatingPnl: string;
  floatingPnlPct: string;
}

/**
 * An instrument's holding at a newer last price, summed over its open lots as the server sums it:
 * Σ last × shares, Σ (last − buy price) × shares, and that P/L against Σ buy price × shares.
 * Without the lots (still loading) the holding keeps the server's figures.
 */
export function revalueHolding<T extends HoldingFigures>(
  holding: T,
  lots: readonly Pick<LotFigures, 'quantity' | 'buyPrice'>[] | undefined,
  livePrice: string | undefined,
): T {
  const live = livePrice === undefined ? null : parsePrice(livePrice);
  if (live === null || !lots || lots.length === 0 || livePrice === holding.lastPrice) return holding;
  let marketValue = 0;
  let floatingPnl = 0;
  let buyValue = 0;
  for (const lot of lots) {
    const buy = parsePrice(lot.buyPrice);
    if (buy === null) return holding;
    marketValue += marketValueMinor(live, lot.quantity);
    floatingPnl += priceDifferenceMinor(buy, live, lot.quantity);
    buyValue += marketValueMinor(buy, lot.quantity);
  }
  return {
    ...holding,
    lastPrice: livePrice,
    marketValue: formatMinor(marketValue),
    floatingPnl: formatMinor(floatingPnl),
    floatingPnlPct: percentOf(floatingPnl, buyValue),
  };
}

/** The sum of wire amounts (null when one is not an amount). */
export function sumAmounts(amounts: readonly string[]): string | null {
  let total = 0n;
  for (const amount of amounts) {
    const cents = amountToCents(amount);
    if (cents === null) return null;
    total += cents;
  }
  return centsToAmount(total);
}

/**
 * A decimal string in the interface language, its digits kept exactly: the integer part through
 * Intl (grouping), the fraction as given but with at least `minFractionDigits` digits.
 */
export function formatDecimal(value: string, lang: Language, minFractionDigits = 2): string {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const digits = fraction.padEnd(minFractionDigits, '0');
  const formatter = numberFormat(LOCALES[lang], {
    minimumFractionDigits: digits.length ? 1 : 0,
    maximumFractionDigits: digits.length ? 1 : 0,
  });
  // A sentinel fraction of one digit shows where the locale puts it; the real digits replace it.
  // The sign is written separately: −0.05 has an integer part of 0, which Intl would show unsigned.
  const parts = formatter.formatToParts(BigInt(whole));
  return `${sign ? '-' : ''}${parts.map((part) => (part.type === 'fraction' ? digits : part.value)).join('')}`;
}

/** Sign and tone of a signed figure: gains get a "+", losses keep their "−", zero has neither. */
export function toneOf(value: string): 'gain' | 'loss' | 'flat' {
  const trimmed = value.trim();
  if (/^-?0*(\.0*)?$/.test(trimmed)) return 'flat';
  return trimmed.startsWith('-') ? 'loss' : 'gain';
}
