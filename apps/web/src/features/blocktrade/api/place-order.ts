import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blockOrder, type BlockOrder, type BlockOrderBody } from '@bourse/shared/schemas/blocktrade';
import { assetsQueryOptions } from '../../../lib/api/get-assets';
import { post } from '../../../lib/request';

export type PlaceBlockOrderInput = BlockOrderBody & { offerId: number; idempotencyKey: string };

/** POST /api/blocktrade/offers/:id/orders: orders shares of an offer; the amount is held until an operator decides. */
export function placeBlockOrder({ offerId, idempotencyKey, ...body }: PlaceBlockOrderInput): Promise<BlockOrder> {
  return post(`/api/blocktrade/offers/${offerId}/orders`, body, { schema: blockOrder, idempotencyKey, loading: true });
}

export function usePlaceBlockOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeBlockOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['blocktrade'] }),
        queryClient.invalidateQueries({ queryKey: assetsQueryOptions().queryKey }),
      ]),
  });
}
