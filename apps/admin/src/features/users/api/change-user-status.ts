import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rejectBody } from '@bourse/shared/schemas/common';
import { request } from '../../../lib/request.ts';
import { adminUser } from '@bourse/shared/schemas/admin-users';
import { usersQueryKey } from './get-users.ts';

export type UserStatusChange = 'freeze' | 'unfreeze';

/**
 * Freezes an account (the server signs the investor out everywhere and refuses sign-in) or lifts
 * the freeze. The reason goes into the audit log with the operator's name.
 */
export function changeUserStatus(input: { userId: number; change: UserStatusChange; reason: string }) {
  return request(`/api/admin/users/${input.userId}/${input.change}`, {
    method: 'POST',
    body: rejectBody.parse({ reason: input.reason }),
    schema: adminUser,
  });
}

export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserStatus,
    // Lists, the user's page and its sessions all change; refreshed after a refusal too, since a
    // conflict means someone else changed the status first.
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
