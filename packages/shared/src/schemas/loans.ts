import { z } from 'zod';
import { amount, pageQuery } from './common.ts';

/**
 * Loans on the wire (issue 14): an investor applies for an amount, a term from the settings' list and
 * a purpose; an operator passes (the principal is paid into cash, interest accrues daily at the rate
 * in force that day, fixed on the loan) or rejects with a reason; the investor repays from cash,
 * interest first, partly or in full.
 */
export const loanStatus = z.enum(['pending', 'passed', 'rejected', 'repaid']);
export type LoanStatus = z.infer<typeof loanStatus>;

/** What the investor may apply for now (`GET /api/loans/offer`). */
export const loanOffer = z.object({
  /** The annual rate of a loan passed today, in percent ("8.00"). */
  annualRate: z.string(),
  /** The terms on offer, in calendar days, ascending. */
  termsDays: z.array(z.number().int()),
  /** The investor's member level and the most that level may owe in principal. */
  level: z.number().int(),
  limit: z.string(),
  /** The limit less the principal the investor already owes: the most one application may ask. */
  available: z.string(),
  /** Whether an application is waiting for a decision (a second one is refused). */
  hasPending: z.boolean(),
  /** Whether the investor's identity is verified (required to apply). */
  identityVerified: z.boolean(),
  currency: z.string(),
});
export type LoanOffer = z.infer<typeof loanOffer>;

export const loan = z.object({
  id: z.number().int(),
  /** The principal applied for (and lent, once passed). */
  amount: z.string(),
  termDays: z.number().int(),
  purpose: z.string(),
  status: loanStatus,
  /** Why an operator rejected it. */
  reason: z.string().nullable(),
  /** The annual rate fixed when passed, in percent; null before. */
  annualRate: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The trading date it was passed and the date it is due (passed + term), `YYYY-MM-DD`. */
  passedDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  principalOutstanding: z.string(),
  interestOutstanding: z.string(),
  /** Principal + interest still owed. */
  owed: z.string(),
  /** Interest accrued over the loan's life and everything repaid so far. */
  interestAccrued: z.string(),
  repaid: z.string(),
  repaidAt: z.string().nullable(),
  /** Repaid on or before the due date; null until repaid. */
  repaidOnTime: z.boolean().nullable(),
  /** Operators' approvals so far, and how many it needs (two at or above the four-eyes threshold). */
  approvals: z.number().int(),
  approvalsRequired: z.number().int(),
});
export type Loan = z.infer<typeof loan>;

export const loanApplicationBody = z.strictObject({
  amount,
  termDays: z.number().int().positive().max(3650),
  purpose: z.string().trim().min(1).max(200),
});
export type LoanApplicationBody = z.infer<typeof loanApplicationBody>;

export const loanRepaymentBody = z.strictObject({
  amount,
  tradingPassword: z.string().regex(/^\d{6}$/, 'must be 6 digits'),
});
export type LoanRepaymentBody = z.infer<typeof loanRepaymentBody>;

/** A repayment's answer: the loan after it, and how the amount was split. */
export const loanRepayment = z.object({
  loan,
  amount: z.string(),
  interestPaid: z.string(),
  principalPaid: z.string(),
});
export type LoanRepayment = z.infer<typeof loanRepayment>;

export const loansQuery = pageQuery.extend({ status: loanStatus.optional() });

// ── the console ─────────────────────────────────────────────────────────────────────────────────────

/** A loan as the console lists it: with its investor's phone and verified name. */
export const adminLoan = loan.extend({
  userId: z.number().int(),
  phone: z.string(),
  name: z.string(),
});
export type AdminLoan = z.infer<typeof adminLoan>;

/** `status=pending`: the queue, oldest first; any other status (the book: `passed`) newest first. */
export const adminLoansQuery = pageQuery.extend({ status: loanStatus.optional() });
