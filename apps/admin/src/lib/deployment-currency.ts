import { queryOptions, useQuery } from '@tanstack/react-query';
import { configResponse } from '@bourse/shared/schemas/auth';
import { request } from './request.ts';

const currencyOnly = configResponse.pick({ currency: true });

/**
 * The deployment's one currency (DESIGN §2), from the public app configuration. It does not change
 * while the console runs, so it is asked for once.
 */
export const deploymentCurrencyQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'deployment-currency'],
    queryFn: ({ signal }) => request('/api/stock/getconfig', { schema: currencyOnly, signal }),
    select: (config) => config.currency,
    staleTime: Infinity,
    // Amounts stay readable without the symbol, so a failure here is not worth interrupting anyone.
    meta: { errorDisplay: 'none' },
  });

/** The currency code for money on screen; undefined until known (amounts then show without a symbol). */
export function useDeploymentCurrency(): string | undefined {
  return useQuery(deploymentCurrencyQueryOptions()).data;
}
