import { useMutation, useQueryClient } from '@tanstack/react-query';
import { order, type Order } from '@bourse/shared/schemas/trading';
import { assetsQueryOptions } from '../../../lib/api/get-assets';
import { post } from '../../../lib/request';

export interface CancelOrderInput {
  orderId: number;
  idempotencyKey: string;
}

/** POST /api/trade/orders/:id/cancel: withdraws an open limit order and releases the cash it held. */
export function cancelOrder({ orderId, idempotencyKey }: CancelOrderInput): Promise<Order> {
  return post(`/api/trade/orders/${orderId}/cancel`, undefined, { schema: order, idempotencyKey, loading: true });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    // An order already filled or expired is refused; either way the lists are worth reloading.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['trading'] }),
        queryClient.invalidateQueries({ queryKey: assetsQueryOptions().queryKey }),
      ]),
  });
}
