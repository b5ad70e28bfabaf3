import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { withdrawal, type withdrawalBody } from '@bourse/shared/schemas/wallet';
import { assetsQueryOptions } from '../../../lib/api/get-assets';
import { post } from '../../../lib/request';
import { recordsQueryKeyRoot } from './get-records';

export type Withdrawal = z.infer<typeof withdrawal>;

export type WithdrawalInput = z.input<typeof withdrawalBody> & { idempotencyKey: string };

/**
 * POST /api/wallet/withdrawals: the amount is held (frozen) at once and paid to the card when an
 * operator has checked it.
 */
export function requestWithdrawal({ idempotencyKey, ...body }: WithdrawalInput): Promise<Withdrawal> {
  return post('/api/wallet/withdrawals', body, { schema: withdrawal, idempotencyKey, loading: true });
}

export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assetsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: recordsQueryKeyRoot }),
      ]),
  });
}
