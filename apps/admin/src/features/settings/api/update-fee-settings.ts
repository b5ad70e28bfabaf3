import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feeSettingsAfterUpdate, feeSettingsUpdate, type FeeSettings } from '@bourse/shared/schemas/settings-admin';
import { request } from '../../../lib/request.ts';
import { feeSettingsQueryKey } from './get-fee-settings.ts';
import { settingsChangesQueryKey } from './settings-changes.ts';

/**
 * Stores the given settings (only those that change, so the audit line names exactly them) and
 * answers with all of them as now stored. What loosens a money control is not stored yet: it comes
 * back as `pendingChange`, waiting for another operator's approval.
 */
export function updateFeeSettings(changes: Partial<FeeSettings>) {
  return request('/api/admin/settings', {
    method: 'PUT',
    body: feeSettingsUpdate.parse(changes),
    schema: feeSettingsAfterUpdate,
  });
}

export function useUpdateFeeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFeeSettings,
    onSuccess: ({ pendingChange, ...stored }) => {
      queryClient.setQueryData(feeSettingsQueryKey, stored);
      if (pendingChange) void queryClient.invalidateQueries({ queryKey: settingsChangesQueryKey });
    },
  });
}
