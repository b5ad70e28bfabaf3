import { z } from 'zod';
import { amount, pageQuery } from './common.ts';
import { PERIODS } from './wallet.ts';

/**
 * The balance product on the wire (DESIGN §4 "Balance product"): a money-market fund with an annual
 * rate set by operators; purchases confirm on the next business day (T+1) and then earn daily;
 * redemptions are paid into cash on T+1.
 */

/** `YYYY-MM-DD`. */
export const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/** An annual rate in percent, up to four decimals (`"2.35"`). */
export const RATE_PATTERN = /^\d{1,3}(\.\d{1,4})?$/;

export const fundOrderKind = z.enum(['purchase', 'redeem']);
export type FundOrderKind = z.infer<typeof fundOrderKind>;

export const fundOrder = z.object({
  id: z.number().int(),
  kind: fundOrderKind,
  amount: z.string(),
  /** The day it was placed and the day it is confirmed (purchase) or paid (redemption). */
  tradeDate: z.string(),
  confirmDate: z.string(),
  status: z.enum(['pending', 'confirmed']),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type FundOrder = z.infer<typeof fundOrder>;

export const fundSummary = z.object({
  /** The annual rate in force today, percent. */
  rate: z.string(),
  fund: z.string(),
  fundPending: z.string(),
  redeemPending: z.string(),
  /** Free cash a purchase can take. */
  available: z.string(),
  /** Earnings of yesterday's accrual, and of all accruals. */
  yesterdayEarnings: z.string(),
  totalEarnings: z.string(),
  /** When a purchase (or redemption) placed now is confirmed (paid). */
  nextConfirmDate: z.string(),
  /** Purchases and redemptions not yet confirmed, oldest first. */
  pending: z.array(fundOrder),
  currency: z.string(),
});
export type FundSummary = z.infer<typeof fundSummary>;

export const fundOrderBody = z.strictObject({
  amount,
  tradingPassword: z.string().regex(/^\d{6}$/, 'must be 6 digits'),
});
export type FundOrderBody = z.infer<typeof fundOrderBody>;

export const fundLogType = z.enum(['purchase', 'purchase_confirmed', 'redeem', 'redeem_paid', 'earnings']);
export type FundLogType = z.infer<typeof fundLogType>;

export const fundLogEntry = z.object({
  /** Stable per movement: `order:<id>`, `order:<id>:confirmed`, `accrual:<id>`. */
  id: z.string(),
  type: fundLogType,
  /** Signed from the fund's point of view is not used: always positive, the type says the direction. */
  amount: z.string(),
  /** The calendar day it belongs to (an accrual's day, an order's trade or confirmation date). */
  date: z.string(),
  at: z.string(),
  /** For purchases and redemptions still pending: when they are confirmed (paid). */
  confirmDate: z.string().nullable(),
});
export type FundLogEntry = z.infer<typeof fundLogEntry>;

export const fundLogQuery = pageQuery.extend({ period: z.enum(PERIODS).default('month') });

// ── the console ──

export const fundRateVersion = z.object({
  id: z.number().int(),
  rate: z.string(),
  effectiveDate: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type FundRateVersion = z.infer<typeof fundRateVersion>;

export const fundRates = z.object({
  /** The rate in force today (0 before any was set) and since when. */
  current: z.object({ rate: z.string(), effectiveDate: z.string().nullable() }),
  today: z.string(),
  /** Every version, newest first. */
  versions: z.array(fundRateVersion),
});
export type FundRates = z.infer<typeof fundRates>;

export const fundRateBody = z.strictObject({
  rate: z.string().regex(RATE_PATTERN, 'must be a percentage like "2.35"'),
  effectiveDate: isoDay,
});
export type FundRateBody = z.infer<typeof fundRateBody>;

/** An exchange's code (`XETRA`, `SSE` …); holidays are per exchange. */
const exchangeCode = z.string().trim().min(1).max(16);

export const holiday = z.object({
  /** The exchange the day is a holiday of. */
  exchange: z.string(),
  date: z.string(),
  name: z.string(),
  source: z.enum(['config', 'operator']),
});
export type Holiday = z.infer<typeof holiday>;

export const holidays = z.object({ exchange: z.string(), today: z.string(), items: z.array(holiday) });
export type Holidays = z.infer<typeof holidays>;

/** Without `exchange`: the default exchange (the deployment's home market). */
export const holidayBody = z.strictObject({
  date: isoDay,
  name: z.string().trim().min(1).max(100),
  exchange: exchangeCode.optional(),
});
export type HolidayBody = z.infer<typeof holidayBody>;

export const holidayParams = z.strictObject({ date: isoDay });
/** Which exchange's holidays a list or a removal is about; the default exchange without it. */
export const holidayQuery = z.strictObject({ exchange: exchangeCode.optional() });
