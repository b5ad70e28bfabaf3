import { queryOptions } from '@tanstack/react-query';
import { kefuResponse, type KefuResponse } from '@bourse/shared/schemas/auth';
import { get } from '../request';

/** GET /api/stock/kefu: customer-service link, opening hours and whether an agent is online. */
export function getSupportInfo(signal?: AbortSignal): Promise<KefuResponse> {
  return get('/api/stock/kefu', undefined, { schema: kefuResponse, signal });
}

export const supportInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['support', 'info'],
    queryFn: ({ signal }) => getSupportInfo(signal),
    staleTime: 60_000,
  });
