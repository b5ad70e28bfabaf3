import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fundRateBody, fundRates, fundRateVersion, type FundRateBody } from '@bourse/shared/schemas/balance';
import { request } from '../../../lib/request.ts';

export const fundRatesQueryKey = ['admin', 'fund', 'rates'] as const;

/** GET /api/admin/fund/rates: the rate in force today and every version. */
export function useFundRates() {
  return useQuery({
    queryKey: fundRatesQueryKey,
    queryFn: ({ signal }) => request('/api/admin/fund/rates', { schema: fundRates, signal }),
  });
}

/** POST /api/admin/fund/rates: a new rate from a date (today or later). */
export function useSetFundRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FundRateBody) =>
      request('/api/admin/fund/rates', { method: 'POST', body: fundRateBody.parse(input), schema: fundRateVersion }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundRatesQueryKey }),
  });
}
