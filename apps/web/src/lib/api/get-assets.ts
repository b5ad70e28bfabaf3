import { queryOptions, useQuery } from '@tanstack/react-query';
import { assets, type Assets } from '@bourse/shared/schemas/wallet';
import { get } from '../request';

/** GET /api/user/assets: the personal-centre figures of DESIGN §3, as decimal strings. */
export function getAssets(signal?: AbortSignal): Promise<Assets> {
  return get('/api/user/assets', undefined, { schema: assets, signal });
}

export const assetsQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'assets'],
    queryFn: ({ signal }) => getAssets(signal),
    // Balances change behind the screen (a payment confirmed, a withdrawal paid): every screen that
    // shows them asks again when it opens or the app comes back into focus.
    staleTime: 0,
  });

export function useAssets() {
  return useQuery(assetsQueryOptions());
}
