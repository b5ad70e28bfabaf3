import { z } from 'zod';
import { amount, pageQuery } from './common.ts';

/** A loosening change to money-control settings, waiting for (or decided by) a second operator. */
export const settingsChangeStatus = z.enum(['pending', 'approved', 'rejected']);
export type SettingsChangeStatus = z.infer<typeof settingsChangeStatus>;

export const settingsChange = z.object({
  id: z.number().int(),
  status: settingsChangeStatus,
  /** Each setting with the value it had when proposed and the value proposed. */
  changes: z.array(z.object({ key: z.string(), from: z.string(), to: z.string() })),
  proposedBy: z.string(),
  proposedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type SettingsChange = z.infer<typeof settingsChange>;

export const settingsChangesQuery = pageQuery.extend({ status: settingsChangeStatus.optional() });

export const rejectSettingsChangeBody = z.strictObject({ reason: z.string().trim().min(1).max(500).optional() });

/** A rate: a decimal fraction from 0 to 1 with at most 6 decimals ("0.0025" = 0.25 %). */
export const RATE_PATTERN = /^(0|1|0\.\d{1,6}|1\.0{1,6})$/;
const rate = z.string().regex(RATE_PATTERN, 'must be a decimal fraction between 0 and 1');

/** An annual percentage with up to four decimals, at most 100 ("8.00" = 8 % a year). */
export const PERCENT_PATTERN = /^(100(\.0{1,4})?|\d{1,2}(\.\d{1,4})?)$/;
/** Loan terms in days, comma-separated, each 1..3650 ("30,90,180,365"). */
export const TERMS_PATTERN = /^([1-9]\d{0,3})(,[1-9]\d{0,3}){0,11}$/;

/** The terms of a `loanTermsDays` setting, ascending, without repeats; null when it is not such a list. */
export function parseLoanTerms(text: string): number[] | null {
  if (!TERMS_PATTERN.test(text)) return null;
  const days = [...new Set(text.split(',').map(Number))].sort((a, b) => a - b);
  return days.every((d) => d <= 3650) ? days : null;
}

/** Whole hours from 24 (a day: a client retrying overnight) to 8760 (a year). */
export const RETENTION_HOURS_PATTERN = /^(2[4-9]|[3-9]\d|[1-9]\d{2}|[1-7]\d{3}|8[0-6]\d{2}|87[0-5]\d|8760)$/;
/** Whole days from 7 to 3650. */
export const RETENTION_DAYS_PATTERN = /^([7-9]|[1-9]\d|[1-9]\d{2}|[1-2]\d{3}|3[0-5]\d{2}|36[0-4]\d|3650)$/;

/** The fees and limits an operator sets (GET/PUT /api/admin/settings): amounts and rates as strings. */
export const feeSettings = z.object({
  minDeposit: amount,
  minWithdrawal: amount,
  minTransfer: amount,
  withdrawalFee: amount,
  fourEyesThreshold: amount,
  commissionRate: rate,
  commissionMin: amount,
  transactionFeeRate: rate,
  stampDutyRate: rate,
  tPlusOne: z.string().regex(/^(true|false)$/, 'must be true or false'),
  maxDeposit: amount,
  maxDepositsPerDay: amount,
  // Loans (issue 14).
  loanAnnualRate: z.string().regex(PERCENT_PATTERN, 'must be a percentage from 0 to 100'),
  loanTermsDays: z
    .string()
    .regex(TERMS_PATTERN, 'must be days separated by commas')
    .refine((text) => parseLoanTerms(text) !== null, 'each term must be 1 to 3650 days'),
  loanLimitLevel1: amount,
  loanLimitLevel2: amount,
  loanLimitLevel3: amount,
  loanLimitLevel4: amount,
  loanLimitLevel5: amount,
  // Retention (issue 17).
  idempotencyRetentionHours: z.string().regex(RETENTION_HOURS_PATTERN, 'must be whole hours from 24 to 8760'),
  outboxRetentionDays: z.string().regex(RETENTION_DAYS_PATTERN, 'must be whole days from 7 to 3650'),
});
export type FeeSettings = z.infer<typeof feeSettings>;

/** A change names only the settings it changes. */
export const feeSettingsUpdate = feeSettings.partial().strict();

/** After a change: the settings as now stored, and the change held for a second operator, if any. */
export const feeSettingsAfterUpdate = feeSettings.extend({ pendingChange: settingsChange.nullable() });
export type FeeSettingsAfterUpdate = z.infer<typeof feeSettingsAfterUpdate>;
