import { queryOptions, useQuery } from '@tanstack/react-query';
import { feeSettings, type FeeSettings } from '@bourse/shared/schemas/settings-admin';
import { request } from '../../../lib/request.ts';

export type FeeSettingKey = keyof FeeSettings;

export const feeSettingsQueryKey = ['admin', 'settings'] as const;

/** The operator-adjustable minimums, maximums and fees. Amounts are decimal strings, never floats. */
export const feeSettingsQueryOptions = () =>
  queryOptions({
    queryKey: feeSettingsQueryKey,
    queryFn: ({ signal }) => request('/api/admin/settings', { schema: feeSettings, signal }),
    meta: { errorDisplay: 'inline' },
  });

export function useFeeSettings() {
  return useQuery(feeSettingsQueryOptions());
}
