import { queryOptions, useQuery } from '@tanstack/react-query';
import { payment } from '@bourse/shared/schemas/wallet';
import { get } from '../../../lib/request';
import type { Payment } from './start-payment';

/** How often a payment still waiting for the provider's confirmation is asked about again. */
export const PAYMENT_POLL_MS = 1_000;

/** GET /api/wallet/payments/:id: one of the investor's payments in, with its status. */
export function getPayment(id: number, signal?: AbortSignal): Promise<Payment> {
  return get(`/api/wallet/payments/${id}`, undefined, { schema: payment, signal });
}

export const paymentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['wallet', 'payment', id],
    queryFn: ({ signal }) => getPayment(id, signal),
    // Asked again while the provider has not confirmed it yet; settled payments do not change.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PAYMENT_POLL_MS : false),
  });

export function usePayment(id: number | null) {
  return useQuery({ ...paymentQueryOptions(id ?? 0), enabled: id !== null });
}
