import { queryOptions, useQuery } from '@tanstack/react-query';
import { fundSummary, type FundSummary } from '@bourse/shared/schemas/balance';
import { get } from '../../../lib/request';

/** GET /api/fund: rate, balances, pending orders with their dates, earnings. */
export function getFund(signal?: AbortSignal): Promise<FundSummary> {
  return get('/api/fund', undefined, { schema: fundSummary, signal });
}

export const fundQueryOptions = () =>
  queryOptions({ queryKey: ['fund', 'summary'], queryFn: ({ signal }) => getFund(signal), staleTime: 0 });

export function useFund() {
  return useQuery(fundQueryOptions());
}
