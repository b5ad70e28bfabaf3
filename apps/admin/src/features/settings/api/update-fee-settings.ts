import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsChange } from '@bourse/shared/schemas/settings-admin';
import { request } from '../../../lib/request.ts';
import { feeSettings, feeSettingsQueryKey, type FeeSettings } from './get-fee-settings.ts';
import { settingsChangesQueryKey } from './settings-changes.ts';

const settingsChangeBody = feeSettings.partial().strict();
/** The settings as now stored, and the part of the change held for a second operator, if any. */
const updateAnswer = feeSettings.extend({ pendingChange: settingsChange.nullish() });

/**
 * Stores the given settings (only those that change, so the audit line names exactly them) and
 * answers with all of them as now stored. What loosens a money control is not stored yet: it comes
 * back as `pendingChange`, waiting for another operator's approval.
 */
export function updateFeeSettings(changes: Partial<FeeSettings>) {
  return request('/api/admin/settings', {
    method: 'PUT',
    body: settingsChangeBody.parse(changes),
    schema: updateAnswer,
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
