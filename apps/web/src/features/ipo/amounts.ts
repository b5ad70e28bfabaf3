import { marketValueMinor } from '@bourse/shared/fees';
import { formatMinor, parseAmount } from '@bourse/shared/money';
import { parsePrice } from '@bourse/shared/price';
import type { IpoIssue } from '@bourse/shared/schemas/ipo';

/**
 * The subscription arithmetic on wire figures, by the shared money and price helpers: an amount held
 * is lots × lot size × issue price, to the cent half-up, as the server holds it; never a float.
 */

type Terms = Pick<IpoIssue, 'issuePrice' | 'lotSize'>;

/** The amount `lots` lots hold, in cents; null when the issue price is not a wire price. */
export function heldMinor(terms: Terms, lots: number): number | null {
  const ticks = parsePrice(terms.issuePrice);
  if (ticks === null || !Number.isSafeInteger(lots) || lots < 0) return null;
  return marketValueMinor(ticks, lots * terms.lotSize);
}

/** The amount `lots` lots hold, as a wire amount ("1234.50"); null as above. */
export function heldAmount(terms: Terms, lots: number): string | null {
  const minor = heldMinor(terms, lots);
  return minor === null ? null : formatMinor(minor);
}

/** Available cash in cents; a negative or unreadable figure counts as nothing available. */
export function availableMinor(available: string | undefined): number {
  if (available === undefined) return 0;
  return parseAmount(available.trim()) ?? 0;
}

/** The most lots (up to the issue's maximum) whose amount fits in `budgetMinor` cents. */
export function affordableLots(issue: Terms & Pick<IpoIssue, 'maxLotsPerInvestor'>, budgetMinor: number): number {
  const perLot = heldMinor(issue, 1);
  if (perLot === null || perLot <= 0) return 0;
  let lots = Math.min(issue.maxLotsPerInvestor, Math.floor(budgetMinor / perLot));
  // Rounding happens on the whole amount, so a multiple of the per-lot figure may differ by a cent.
  while (lots > 0 && (heldMinor(issue, lots) ?? Infinity) > budgetMinor) lots -= 1;
  return Math.max(0, lots);
}

export interface OneClickLine {
  issue: IpoIssue;
  /** Lots it would apply for; 0 when the remaining cash does not cover one lot. */
  lots: number;
  /** What it would hold, in cents. */
  amountMinor: number;
}

export interface OneClickPlan {
  lines: OneClickLine[];
  totalMinor: number;
}

/**
 * What one-click would hold: every open issue not yet subscribed, in the calendar's order, each at
 * the largest number of lots the cash left after the earlier ones covers, up to its maximum. The
 * server decides in the end; this is the summary shown before the trading password is asked.
 */
export function planOneClick(openIssues: readonly IpoIssue[], available: string | undefined): OneClickPlan {
  let budget = availableMinor(available);
  const lines: OneClickLine[] = [];
  let totalMinor = 0;
  for (const issue of openIssues) {
    if (issue.status !== 'open' || issue.mySubscription) continue;
    const lots = affordableLots(issue, budget);
    const amountMinor = heldMinor(issue, lots) ?? 0;
    budget -= amountMinor;
    totalMinor += amountMinor;
    lines.push({ issue, lots, amountMinor });
  }
  return { lines, totalMinor };
}
