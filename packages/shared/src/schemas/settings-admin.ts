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
});
export type FeeSettings = z.infer<typeof feeSettings>;

/** A change names only the settings it changes. */
export const feeSettingsUpdate = feeSettings.partial().strict();

/** After a change: the settings as now stored, and the change held for a second operator, if any. */
export const feeSettingsAfterUpdate = feeSettings.extend({ pendingChange: settingsChange.nullable() });
export type FeeSettingsAfterUpdate = z.infer<typeof feeSettingsAfterUpdate>;
