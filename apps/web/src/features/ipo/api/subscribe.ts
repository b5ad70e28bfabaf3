import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ipoSubscription,
  subscribeAllResult,
  type IpoSubscription,
  type SubscribeAllResult,
  type SubscribeBody,
} from '@bourse/shared/schemas/ipo';
import { assetsQueryOptions } from '../../../lib/api/get-assets';
import { post } from '../../../lib/request';

export type SubscribeInput = SubscribeBody & { issueId: number; idempotencyKey: string };

/** POST /api/ipo/:id/subscribe: applies for `lots` lots; the full amount is held from the cash. */
export function subscribe({ issueId, idempotencyKey, ...body }: SubscribeInput): Promise<IpoSubscription> {
  return post(`/api/ipo/${issueId}/subscribe`, body, { schema: ipoSubscription, idempotencyKey, loading: true });
}

export interface SubscribeAllInput {
  tradingPassword: string;
  idempotencyKey: string;
}

/** POST /api/ipo/subscribe-all: every open issue not yet subscribed, each at its largest affordable lots. */
export function subscribeAll({ idempotencyKey, tradingPassword }: SubscribeAllInput): Promise<SubscribeAllResult> {
  return post(
    '/api/ipo/subscribe-all',
    { tradingPassword },
    { schema: subscribeAllResult, idempotencyKey, loading: true },
  );
}

/** Whatever the answer, holds, cash and subscriptions may have changed. */
function useInvalidateAfterWrite() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['ipo'] }),
      queryClient.invalidateQueries({ queryKey: assetsQueryOptions().queryKey }),
    ]);
}

export function useSubscribe() {
  const onSettled = useInvalidateAfterWrite();
  return useMutation({ mutationFn: subscribe, onSettled });
}

export function useSubscribeAll() {
  const onSettled = useInvalidateAfterWrite();
  return useMutation({ mutationFn: subscribeAll, onSettled });
}
