import { queryOptions, useQuery } from '@tanstack/react-query';
import { overview } from '@bourse/shared/schemas/market';
import type { z } from 'zod';
import { get } from '../../../lib/request';

export type MarketOverview = z.infer<typeof overview>;

/** GET /api/market/overview (open): indices, top gainers and losers, most traded, market open. */
export function getOverview(signal?: AbortSignal): Promise<MarketOverview> {
  return get('/api/market/overview', undefined, { schema: overview, signal });
}

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: ['market', 'overview'],
    queryFn: ({ signal }) => getOverview(signal),
    // The rankings move with the prices; prices themselves arrive through the stream.
    staleTime: 15_000,
  });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
