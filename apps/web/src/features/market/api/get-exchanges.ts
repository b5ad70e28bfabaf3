import { queryOptions, useQuery } from '@tanstack/react-query';
import { exchangesResponse, type ExchangeInfo } from '@bourse/shared/schemas/market';
import { get } from '../../../lib/request';

/** GET /api/market/exchanges (open): each exchange, its hours, open now, next open and close. */
export function getExchanges(signal?: AbortSignal): Promise<ExchangeInfo[]> {
  return get('/api/market/exchanges', undefined, { schema: exchangesResponse, signal });
}

export const exchangesQueryOptions = () =>
  queryOptions({
    queryKey: ['market', 'exchanges'],
    queryFn: ({ signal }) => getExchanges(signal),
    // Opening and closing happen on the minute; a minute's delay is fine for a badge.
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

export function useExchanges() {
  return useQuery(exchangesQueryOptions());
}
