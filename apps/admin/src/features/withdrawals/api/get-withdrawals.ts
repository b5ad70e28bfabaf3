import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { amount, page } from '@bourse/shared/schemas/common';
import { adminWithdrawal, withdrawalStatus } from '@bourse/shared/schemas/wallet';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

export const WITHDRAWAL_STATUSES = withdrawalStatus.options;
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;

/**
 * The queue's rows (a withdrawal with the investor and the destination account, IBAN masked), with
 * the amounts held to the strict wire pattern, since the console computes the net payout from them.
 */
const withdrawalPage = page(adminWithdrawal.extend({ amount, fee: amount }));

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
