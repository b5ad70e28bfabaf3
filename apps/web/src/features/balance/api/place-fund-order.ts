import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fundOrder, type FundOrder, type FundOrderBody, type FundOrderKind } from '@bourse/shared/schemas/balance';
import { assetsQueryOptions } from '../../../lib/api/get-assets';
import { post } from '../../../lib/request';

export type FundOrderInput = FundOrderBody & { kind: FundOrderKind; idempotencyKey: string };

/** POST /api/fund/purchase or /api/fund/redeem: confirmed (paid) on the next business day. */
export function placeFundOrder({ kind, idempotencyKey, ...body }: FundOrderInput): Promise<FundOrder> {
  return post(`/api/fund/${kind}`, body, { schema: fundOrder, idempotencyKey, loading: true });
}

export function usePlaceFundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeFundOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['fund'] }),
        queryClient.invalidateQueries({ queryKey: assetsQueryOptions().queryKey }),
      ]),
  });
}
