import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminExchange,
  adminExchanges,
  exchangeHoursBody,
  type ExchangeHoursBody,
} from '@bourse/shared/schemas/market-admin';
import { request } from '../../../lib/request.ts';

export const exchangesQueryKey = ['admin', 'exchanges'] as const;

/** GET /api/admin/exchanges: every exchange with its sessions and time zone. */
export function useAdminExchanges() {
  return useQuery({
    queryKey: exchangesQueryKey,
    queryFn: ({ signal }) => request('/api/admin/exchanges', { schema: adminExchanges, signal }),
  });
}

/** PUT /api/admin/exchanges/:code: new sessions and time zone (the server checks both). */
export function useUpdateExchangeHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, ...input }: ExchangeHoursBody & { code: string }) =>
      request(`/api/admin/exchanges/${encodeURIComponent(code)}`, {
        method: 'PUT',
        body: exchangeHoursBody.parse(input),
        schema: adminExchange,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exchangesQueryKey }),
    // The editor shows a refusal (malformed sessions, an unknown zone) next to the fields.
    meta: { errorDisplay: 'inline' },
  });
}
