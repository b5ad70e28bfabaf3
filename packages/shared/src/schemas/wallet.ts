import { z } from 'zod';
import { PAYMENT_RETURN_PATH } from '../payment-return.ts';
import { amount, pageQuery } from './common.ts';

export const bankCard = z.object({
  id: z.number().int(),
  bankName: z.string(),
  branch: z.string(),
  holderName: z.string(),
  ibanMasked: z.string(),
  createdAt: z.string(),
});
export type BankCard = z.infer<typeof bankCard>;

const text = (max: number) => z.string().trim().min(1).max(max);

export const bindCardBody = z.strictObject({
  bankName: text(100),
  branch: text(100),
  holderName: text(100),
  iban: z.string().min(1).max(64),
  agree: z.boolean(),
});

export const depositBody = z.strictObject({ amount, method: z.literal('quick') });
export const transferBody = z.strictObject({ cardId: z.number().int().positive(), amount });
export const withdrawalBody = z.strictObject({
  cardId: z.number().int().positive(),
  amount,
  tradingPassword: z.string().regex(/^\d{6}$/, 'must be 6 digits'),
});

export const paymentStatus = z.enum(['pending', 'succeeded', 'failed']);

export { PAYMENT_RETURN_PATH } from '../payment-return.ts';
/** The way back from the provider's checkout for one payment (a path of the app's own origin). */
export const paymentReturnUrl = (paymentId: number) => `/#${PAYMENT_RETURN_PATH}?id=${paymentId}`;
export const payment = z.object({
  id: z.number().int(),
  type: z.enum(['deposit', 'transfer']),
  amount: z.string(),
  status: paymentStatus,
  checkoutUrl: z.string().nullable(),
  createdAt: z.string(),
});

export const withdrawalStatus = z.enum(['pending', 'paid', 'rejected']);
export const withdrawal = z.object({
  id: z.number().int(),
  cardId: z.number().int(),
  amount: z.string(),
  fee: z.string(),
  status: withdrawalStatus,
  reason: z.string().nullable(),
  createdAt: z.string(),
});

export const PERIODS = ['today', 'week', 'month', 'quarter', 'year'] as const;
export const recordsQuery = z.strictObject({
  direction: z.enum(['in', 'out']).optional(),
  period: z.enum(PERIODS).optional(),
});
export const financeRecord = z.object({
  id: z.string(),
  type: z.enum(['deposit', 'transfer', 'withdrawal']),
  direction: z.enum(['in', 'out']),
  amount: z.string(),
  fee: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type FinanceRecord = z.infer<typeof financeRecord>;

export const assets = z.object({
  cash: z.string(),
  frozen: z.string(),
  available: z.string(),
  withdrawable: z.string(),
  marketValue: z.string(),
  floatingPnl: z.string(),
  fund: z.string(),
  fundPending: z.string(),
  /** Fund units redeemed, paid into cash on the next business day. */
  redeemPending: z.string(),
  /** Principal + interest owed on loans. */
  loanOutstanding: z.string(),
  /** Gross: cash + frozen + market value + fund + fund pending (no loan subtracted). */
  totalAssets: z.string(),
  /** Total assets − the loan outstanding. */
  netAssets: z.string(),
  /**
   * Today's P/L: total assets now − total assets at the last snapshot before today (the previous
   * session's end) − money paid in since (deposits, loans) + money paid out (withdrawals, principal
   * repaid). Before an investor's first snapshot it counts from the account's opening.
   */
  dayPnl: z.string(),
  /** dayPnl against the value it started from (that snapshot + money paid in since), in percent; null from 0. */
  dayPnlPercent: z.string().nullable(),
  /** The business date of the snapshot today's P/L counts from; null before the first one. */
  dayPnlSince: z.string().nullable(),
  creditPoints: z.number().int(),
  level: z.number().int(),
  currency: z.string(),
});
export type Assets = z.infer<typeof assets>;

/** The console's withdrawal queue: a withdrawal with its investor and card. */
export const adminWithdrawal = withdrawal.extend({
  userId: z.number().int(),
  phone: z.string(),
  card: z.object({ bankName: z.string(), holderName: z.string(), ibanMasked: z.string() }),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
export const adminWithdrawalsQuery = pageQuery.extend({ status: withdrawalStatus.optional() });

/** A decision answers how many approvals the withdrawal has and needs (two above the four-eyes threshold). */
export const decidedWithdrawal = withdrawal.extend({
  approvals: z.number().int(),
  approvalsRequired: z.number().int(),
});
export type DecidedWithdrawal = z.infer<typeof decidedWithdrawal>;

/** The console's payments list: a payment with its investor and completion time. */
export const adminPayment = payment.extend({
  userId: z.number().int(),
  phone: z.string(),
  completedAt: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPayment>;
export const adminPaymentsQuery = pageQuery.extend({ type: z.enum(['deposit', 'transfer']).optional() });
