import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rejectBody } from '@bourse/shared/schemas/common';
import { decidedWithdrawal } from '@bourse/shared/schemas/wallet';
import { ApiError, request } from '../../../lib/request.ts';
import { withdrawalsQueryKey } from './get-withdrawals.ts';

/**
 * Marks a pending withdrawal paid: the server captures the held amount (net payout to bank
 * clearing, fee to fee income) and notifies the investor.
 */
export function payWithdrawal(withdrawalId: number) {
  return request(`/api/admin/withdrawals/${withdrawalId}/pay`, { method: 'POST', schema: decidedWithdrawal });
}

/** Rejects a pending withdrawal: the whole amount returns to the investor's cash; the reason is sent to them. */
export function rejectWithdrawal(input: { withdrawalId: number; reason: string }) {
  return request(`/api/admin/withdrawals/${input.withdrawalId}/reject`, {
    method: 'POST',
    body: rejectBody.parse({ reason: input.reason }),
    schema: decidedWithdrawal,
  });
}

// Refreshed after a refusal too: WITHDRAWAL_NOT_PENDING means another operator decided first, and
// the queue on screen is out of date.
export function usePayWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey }),
  });
}

export function useRejectWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey }),
  });
}

/** Another operator decided first: the dialog has nothing left to decide. */
export function isAlreadyDecided(error: Error): boolean {
  return error instanceof ApiError && error.code === 'WITHDRAWAL_NOT_PENDING';
}
