import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBlockOffer } from '@bourse/shared/schemas/blocktrade';
import { rejectBody } from '@bourse/shared/schemas/common';
import { ApiError, request } from '../../../lib/request.ts';
import { blockOffersQueryKey } from './get-block-offers.ts';
import { blockOrdersQueryKey } from './get-block-orders.ts';

/** Withdraws an offer: every pending order on it is rejected with the reason and its hold released. */
export function cancelBlockOffer(input: { offerId: number; reason: string }) {
  return request(`/api/admin/blocktrade/offers/${input.offerId}/cancel`, {
    method: 'POST',
    body: rejectBody.parse({ reason: input.reason }),
    schema: adminBlockOffer,
  });
}

export function useCancelBlockOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBlockOffer,
    // Refreshed after a refusal too (another operator may have withdrawn it); the orders queue
    // loses the pending orders the withdrawal rejected.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blockOffersQueryKey }),
        queryClient.invalidateQueries({ queryKey: blockOrdersQueryKey }),
      ]),
  });
}

/** Another operator withdrew it first: nothing is left to do. */
export function isAlreadyCancelled(error: Error): boolean {
  return error instanceof ApiError && error.code === 'BLOCK_OFFER_ALREADY_CANCELLED';
}
