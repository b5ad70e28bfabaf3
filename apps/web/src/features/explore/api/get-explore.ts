import { queryOptions, useQuery } from '@tanstack/react-query';
import { overview, sectors } from '@bourse/shared/schemas/market';
import { get } from '../../../lib/request';

/** GET /api/market/overview (open): the movers a visitor sees (the market screen shares the key). */
export const exploreOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['market', 'overview'],
    queryFn: ({ signal }) => get('/api/market/overview', undefined, { schema: overview, signal }),
    staleTime: 15_000,
  });

/** GET /api/market/sectors (open): the listed stocks by sector with their average change. */
export const sectorsQueryOptions = () =>
  queryOptions({
    queryKey: ['market', 'sectors'],
    queryFn: ({ signal }) => get('/api/market/sectors', undefined, { schema: sectors, signal }),
    staleTime: 15_000,
  });

export function useExploreOverview() {
  return useQuery(exploreOverviewQueryOptions());
}

export function useSectors() {
  return useQuery(sectorsQueryOptions());
}
