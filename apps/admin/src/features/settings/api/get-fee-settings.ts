import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { amount } from '@bourse/shared/schemas/common';
import { request } from '../../../lib/request.ts';

/** A rate as the server takes it: a decimal fraction from 0 to 1 with at most 6 decimals ("0.0025" = 0.25 %). */
export const RATE_PATTERN = /^(0|1|0\.\d{1,6}|1\.0{1,6})$/;
const rate = z.string().regex(RATE_PATTERN, 'must be a decimal fraction between 0 and 1');

/** The operator-adjustable minimums, maximums and fees. Amounts are decimal strings, never floats. */
export const feeSettings = z.object({
  minDeposit: amount,
  minWithdrawal: amount,
  minTransfer: amount,
  withdrawalFee: amount,
  commissionRate: rate,
  commissionMin: amount,
  transactionFeeRate: rate,
  stampDutyRate: rate,
  /** The T+1 rule: shares bought on a trading day are sellable from the next business day. */
  tPlusOne: z.enum(['true', 'false']),
  /** Withdrawals of at least this amount need two operators; 0 switches four eyes off. */
  fourEyesThreshold: amount,
  maxDeposit: amount,
  maxDepositsPerDay: amount,
});
export type FeeSettings = z.infer<typeof feeSettings>;
export type FeeSettingKey = keyof FeeSettings;

export const feeSettingsQueryKey = ['admin', 'settings'] as const;

export const feeSettingsQueryOptions = () =>
  queryOptions({
    queryKey: feeSettingsQueryKey,
    queryFn: ({ signal }) => request('/api/admin/settings', { schema: feeSettings, signal }),
    meta: { errorDisplay: 'inline' },
  });

export function useFeeSettings() {
  return useQuery(feeSettingsQueryOptions());
}
