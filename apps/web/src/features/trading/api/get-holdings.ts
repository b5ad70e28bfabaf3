import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { holding, type Holding } from '@bourse/shared/schemas/trading';
import { get } from '../../../lib/request';

const holdings = z.array(holding);

/** GET /api/trade/holdings: the open lots aggregated per instrument. */
export function getHoldings(signal?: AbortSignal): Promise<Holding[]> {
  return get('/api/trade/holdings', undefined, { schema: holdings, signal });
}

export const holdingsQueryOptions = () =>
  queryOptions({
    queryKey: ['trading', 'holdings'],
    queryFn: ({ signal }) => getHoldings(signal),
    staleTime: 0,
  });

export function useHoldings() {
  return useQuery(holdingsQueryOptions());
}
