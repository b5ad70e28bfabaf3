import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { page } from '@bourse/shared/schemas/common';
import { rejectSettingsChangeBody, settingsChange } from '@bourse/shared/schemas/settings-admin';
import { request } from '../../../lib/request.ts';
import { feeSettingsQueryKey } from './get-fee-settings.ts';

/** Prefix of the pending-changes query; a decision or a new proposal refreshes it. */
export const settingsChangesQueryKey = ['admin', 'settings', 'changes'] as const;

const settingsChangePage = page(settingsChange);

/** Changes that loosen a money control and wait for a second operator, oldest first. */
export const pendingSettingsChangesQueryOptions = () =>
  queryOptions({
    queryKey: [...settingsChangesQueryKey, 'pending'],
    queryFn: ({ signal }) =>
      request('/api/admin/settings/changes?status=pending&pageSize=200', { schema: settingsChangePage, signal }),
    meta: { errorDisplay: 'inline' },
  });

export function usePendingSettingsChanges() {
  return useQuery(pendingSettingsChangesQueryOptions());
}

/** Approves (the server refuses the proposer's own) or rejects a pending change. */
export function decideSettingsChange(input: { id: number; decision: 'approve' | 'reject' }) {
  return request(`/api/admin/settings/changes/${input.id}/${input.decision}`, {
    method: 'POST',
    ...(input.decision === 'reject' ? { body: rejectSettingsChangeBody.parse({}) } : {}),
    schema: settingsChange,
  });
}

// Refreshed after a refusal too: another operator may have decided first. An approval changes the
// settings themselves.
export function useDecideSettingsChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideSettingsChange,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsChangesQueryKey }),
        queryClient.invalidateQueries({ queryKey: feeSettingsQueryKey, exact: true }),
      ]),
  });
}
