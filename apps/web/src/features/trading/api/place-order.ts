import { useMutation, useQueryClient } from '@tanstack/react-query';
import { order, type Order, type PlaceOrderBody } from '@bourse/shared/schemas/trading';
import { assetsQueryOptions } from '../../../lib/api/get-assets';
import { post } from '../../../lib/request';

export type PlaceOrderInput = PlaceOrderBody & { idempotencyKey: string };

/**
 * POST /api/trade/orders: places a market or limit order, confirmed with the trading password. A
 * market order answers filled (or rejected); a limit order may rest as `new` with its cash held.
 */
export function placeOrder({ idempotencyKey, ...body }: PlaceOrderInput): Promise<Order> {
  return post('/api/trade/orders', body, { schema: order, idempotencyKey, loading: true });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // Whatever the answer, cash, lots and orders may have changed.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['trading'] }),
        queryClient.invalidateQueries({ queryKey: assetsQueryOptions().queryKey }),
      ]),
  });
}
