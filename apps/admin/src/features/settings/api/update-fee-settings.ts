import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { feeSettings, feeSettingsQueryKey, type FeeSettings } from './get-fee-settings.ts';

const settingsChange = feeSettings.partial().strict();

/**
 * Stores the given settings (only those that change, so the audit line names exactly them) and
 * answers with all of them as now stored.
 */
export function updateFeeSettings(changes: Partial<FeeSettings>) {
  return request('/api/admin/settings', { method: 'PUT', body: settingsChange.parse(changes), schema: feeSettings });
}

export function useUpdateFeeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFeeSettings,
    onSuccess: (stored) => queryClient.setQueryData(feeSettingsQueryKey, stored),
  });
}
