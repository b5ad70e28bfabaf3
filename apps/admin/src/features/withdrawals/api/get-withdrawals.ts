import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { page } from '@bourse/shared/schemas/common';
import { withdrawal, withdrawalStatus } from '@bourse/shared/schemas/wallet';
import { amount } from '@bourse/shared/schemas/common';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

export const WITHDRAWAL_STATUSES = withdrawalStatus.options;
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;

/**
 * A withdrawal as the queue lists it: with the investor and the destination account (IBAN masked).
 * Amounts are held to the strict wire pattern, since the console computes the net payout from them.
 */
export const adminWithdrawal = withdrawal.extend({
  amount,
  fee: amount,
  userId: z.number().int(),
  phone: z.string(),
  card: z.object({ bankName: z.string(), holderName: z.string(), ibanMasked: z.string() }),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

export const withdrawalPage = page(adminWithdrawal);
export type WithdrawalPage = z.infer<typeof withdrawalPage>;

/** Prefix of every withdrawal list query; a decision invalidates all of them. */
export const withdrawalsQueryKey = ['admin', 'withdrawals'] as const;

export interface WithdrawalsParams extends PageParams {
  status: WithdrawalStatus;
}

/** One page of withdrawals in a status: pending ones oldest first, decided ones newest first. */
export const withdrawalsQueryOptions = ({ status, page: pageNo, pageSize }: WithdrawalsParams) =>
  queryOptions({
    queryKey: [...withdrawalsQueryKey, { status, page: pageNo, pageSize }],
    queryFn: ({ signal }) =>
      request('/api/admin/withdrawals', {
        query: { status, page: pageNo, pageSize },
        schema: withdrawalPage,
        signal,
      }),
    placeholderData: keepPreviousData,
    // The screen shows the failure in place, with a retry.
    meta: { errorDisplay: 'inline' },
  });

export function useWithdrawals(params: WithdrawalsParams) {
  return useQuery(withdrawalsQueryOptions(params));
}
