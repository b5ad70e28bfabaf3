import { queryOptions } from '@tanstack/react-query';
import { configResponse, type ConfigResponse } from '@bourse/shared/schemas/auth';
import { get } from '../request';

/** GET /api/stock/getconfig (open): customer-service link, version, minimums, currency, fees. */
export function getConfig(signal?: AbortSignal): Promise<ConfigResponse> {
  return get('/api/stock/getconfig', undefined, { schema: configResponse, signal });
}

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: 5 * 60_000,
  });
