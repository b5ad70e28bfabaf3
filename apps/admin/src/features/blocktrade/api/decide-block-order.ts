import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blockOrder } from '@bourse/shared/schemas/blocktrade';
import { rejectBody } from '@bourse/shared/schemas/common';
import { ApiError, request } from '../../../lib/request.ts';
import { blockOffersQueryKey } from './get-block-offers.ts';
import { blockOrdersQueryKey } from './get-block-orders.ts';

/**
 * Approves a pending block order: the shares become the investor's position lot and the held cash is
 * captured. Above the four-eyes threshold the first approval only records itself (still pending).
 * The server answers the order as the investor sees it (`blockOrder`, without the investor's id and
 * phone); the queue, refreshed afterwards, has those.
 */
export function approveBlockOrder(orderId: number) {
  return request(`/api/admin/blocktrade/orders/${orderId}/approve`, { method: 'POST', schema: blockOrder });
}

/** Rejects a pending block order: the held cash returns to the investor, who is sent the reason. */
export function rejectBlockOrder(input: { orderId: number; reason: string }) {
  return request(`/api/admin/blocktrade/orders/${input.orderId}/reject`, {
    method: 'POST',
    body: rejectBody.parse({ reason: input.reason }),
    schema: blockOrder,
  });
}

// Refreshed after a refusal too: "not pending" means another operator decided first, and the queue
// on screen is out of date. An approval also takes from the offer's available quantity.
function useDecision<V>(mutationFn: (variables: V) => ReturnType<typeof approveBlockOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blockOrdersQueryKey }),
        queryClient.invalidateQueries({ queryKey: blockOffersQueryKey }),
      ]),
  });
}

export const useApproveBlockOrder = () => useDecision(approveBlockOrder);
export const useRejectBlockOrder = () => useDecision(rejectBlockOrder);

/** Another operator decided first (the server's not-pending refusal, or any conflict): nothing is left to decide. */
export function isAlreadyDecided(error: Error): boolean {
  return error instanceof ApiError && (error.code === 'BLOCK_ORDER_NOT_PENDING' || error.status === 409);
}
