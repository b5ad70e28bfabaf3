import { z } from 'zod';
import { PRICE_PATTERN } from '../price.ts';
import { pageQuery } from './common.ts';
import { board, instrumentCode } from './market.ts';

/**
 * New shares (IPO) on the wire (DESIGN §4 "IPO", API.md "New shares and block trades"). Prices are
 * decimal strings with up to 4 decimals, amounts decimal strings with 2, quantities integers, times
 * ISO 8601 strings.
 */

/** `upcoming → open → closed → allocated → listed`, or `cancelled` by an operator before allocation. */
export const IPO_STATUSES = ['upcoming', 'open', 'closed', 'allocated', 'listed', 'cancelled'] as const;
export const ipoStatus = z.enum(IPO_STATUSES);
export type IpoStatus = z.infer<typeof ipoStatus>;

/** The calendar's tabs: `closed` lists closed and allocated issues (drawn, not yet trading). */
export const ipoCalendarTab = z.enum(['upcoming', 'open', 'closed', 'listed']);
export type IpoCalendarTab = z.infer<typeof ipoCalendarTab>;
export const ipoListQuery = pageQuery.extend({ status: ipoCalendarTab.default('open') });

export const issuePrice = z.string().regex(PRICE_PATTERN, 'must be a decimal price with at most 4 decimals');

export const subscriptionStatus = z.enum(['subscribed', 'allotted', 'not_allotted', 'cancelled']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

/** One investor's application for one issue, and its outcome. */
export const ipoSubscription = z.object({
  id: z.number().int(),
  issueId: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: subscriptionStatus,
  lots: z.number().int(),
  /** Shares applied for: lots × lot size. */
  quantity: z.number().int(),
  issuePrice: z.string(),
  /** Held at subscription: lots × lot size × issue price. */
  amountHeld: z.string(),
  lotsAllotted: z.number().int().nullable(),
  /** Paid for the allotted shares (captured from the hold), after the draw. */
  amountCaptured: z.string().nullable(),
  /** Returned to cash, after the draw (or on cancellation). */
  amountReleased: z.string().nullable(),
  subscribedAt: z.string(),
  allocatedAt: z.string().nullable(),
  /** The lot the allotted shares became on listing. */
  positionId: z.number().int().nullable(),
});
export type IpoSubscription = z.infer<typeof ipoSubscription>;

/** An issue as the calendar and the detail show it. */
export const ipoIssue = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The code investors apply with (the exchange's subscription code). */
  applicationCode: z.string(),
  sector: z.string(),
  board,
  status: ipoStatus,
  issuePrice: z.string(),
  /** Shares issued in all. */
  issueQuantity: z.number().int(),
  /** Shares offered to the public (the draw's pool). */
  publicQuantity: z.number().int(),
  /** The public pool in lots. */
  publicLots: z.number().int(),
  /** Shares of the company after the issue. */
  totalShares: z.number().int(),
  lotSize: z.number().int(),
  maxLotsPerInvestor: z.number().int(),
  /** The most one investor can hold for it: maxLotsPerInvestor × lotSize × issuePrice. */
  maxAmount: z.string(),
  pe: z.string().nullable(),
  industryPe: z.string().nullable(),
  subscribeStart: z.string(),
  subscribeEnd: z.string(),
  allocationAt: z.string(),
  listingAt: z.string(),
  /** Demand so far: investors and lots applied. */
  applicants: z.number().int(),
  appliedLots: z.number().int(),
  /** SHA-256 of the draw's seed (hex), published when the issue opens; null before. */
  seedHash: z.string().nullable(),
  /** The draw's algorithm (docs/architecture.md, "IPO draw"), its seed (hex) and when it ran: both null before the draw. */
  algorithm: z.string(),
  seed: z.string().nullable(),
  drawnAt: z.string().nullable(),
  /** The caller's own subscription to it, if any (null when signed out or not subscribed). */
  mySubscription: ipoSubscription.nullable(),
});
export type IpoIssue = z.infer<typeof ipoIssue>;

export const tradingPasswordField = z.string().regex(/^\d{6}$/, 'must be 6 digits');

/** `lots` takes any number so the service can say precisely what is wrong with 0, −1 or 1.5. */
export const subscribeBody = z.strictObject({ lots: z.number(), tradingPassword: tradingPasswordField });
export type SubscribeBody = z.infer<typeof subscribeBody>;
export const subscribeAllBody = z.strictObject({ tradingPassword: tradingPasswordField });

/** One-click: per open issue, what was subscribed or the stable code of why not. */
export const subscribeAllResult = z.object({
  items: z.array(
    z.object({
      issueId: z.number().int(),
      code: z.string(),
      name: z.string(),
      subscribed: z.boolean(),
      lots: z.number().int().nullable(),
      amountHeld: z.string().nullable(),
      subscriptionId: z.number().int().nullable(),
      /** Why not (e.g. IPO_ALREADY_SUBSCRIBED, INSUFFICIENT_FUNDS), in `error` and the reader's language in `reason`. */
      error: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  subscribedCount: z.number().int(),
  totalHeld: z.string(),
});
export type SubscribeAllResult = z.infer<typeof subscribeAllResult>;

export const subscriptionsQuery = pageQuery.extend({ status: subscriptionStatus.optional() });

/** The published draw of one issue: enough to recompute the winners (`npm run ipo:verify`). */
export const ipoDraw = z.object({
  issueId: z.number().int(),
  status: ipoStatus,
  /** The name and version of the algorithm (documented in docs/architecture.md, "IPO draw"). */
  algorithm: z.string(),
  seedHash: z.string().nullable(),
  /** The seed (hex), published at the draw; null before. */
  seed: z.string().nullable(),
  publicLots: z.number().int(),
  appliedLots: z.number().int(),
  /** True when demand exceeded the public lots and a draw decided. */
  oversubscribed: z.boolean(),
  /** Every subscription in id order with lots applied and, after the draw, lots allotted. */
  entries: z.array(
    z.object({ subscriptionId: z.number().int(), lots: z.number().int(), allotted: z.number().int().nullable() }),
  ),
  drawnAt: z.string().nullable(),
});
export type IpoDraw = z.infer<typeof ipoDraw>;

// ── the console ─────────────────────────────────────────────────────────────────────────────────────

const ratio = z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, 'must be a decimal ratio with at most 2 decimals');

/** Creating an issue: its instrument (status `ipo`) and its terms. Times are ISO 8601. */
export const ipoIssueBody = z.strictObject({
  code: instrumentCode,
  name: z.string().trim().min(1).max(80),
  applicationCode: z.string().trim().min(1).max(16),
  sector: z.string().trim().min(1).max(40),
  board: board.default('main'),
  issuePrice,
  issueQuantity: z.number().int().positive().max(1e12),
  publicQuantity: z.number().int().positive().max(1e12),
  totalShares: z.number().int().positive().max(1e13),
  lotSize: z.number().int().positive().max(1_000_000),
  maxLotsPerInvestor: z.number().int().positive().max(1_000_000),
  pe: ratio.nullable().optional(),
  industryPe: ratio.nullable().optional(),
  subscribeStart: z.iso.datetime(),
  subscribeEnd: z.iso.datetime(),
  allocationAt: z.iso.datetime(),
  listingAt: z.iso.datetime(),
});
export type IpoIssueBody = z.infer<typeof ipoIssueBody>;
/**
 * An edit names what it changes; terms of a running subscription cannot change (IPO_TERMS_LOCKED).
 * `board` loses the body's default here: an edit that does not name the board leaves it as it is.
 */
export const ipoIssuePatch = ipoIssueBody.omit({ code: true }).extend({ board: board.optional() }).partial().strict();
export type IpoIssuePatch = z.infer<typeof ipoIssuePatch>;

export const adminIpoIssue = ipoIssue.omit({ mySubscription: true }).extend({
  /** Applied lots ÷ public lots (e.g. "12.50"); null before anyone applied. */
  oversubscription: z.string().nullable(),
  heldTotal: z.string(),
  cancelledReason: z.string().nullable(),
});
export type AdminIpoIssue = z.infer<typeof adminIpoIssue>;

export const adminIpoQuery = pageQuery.extend({ status: ipoStatus.optional() });

/** The results after the draw, per subscription, with the investor. */
export const adminIpoResult = ipoSubscription.extend({ userId: z.number().int(), phone: z.string() });
export type AdminIpoResult = z.infer<typeof adminIpoResult>;
