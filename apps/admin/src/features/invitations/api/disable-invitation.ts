import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitation } from '@bourse/shared/schemas/admin';
import { request } from '../../../lib/request.ts';
import { invitationsQueryKey } from './get-invitations.ts';

/** Disables a code: from then on, registrations with it are refused. */
export function disableInvitation(code: string) {
  return request(`/api/admin/invitations/${encodeURIComponent(code)}/disable`, {
    method: 'POST',
    schema: invitation,
  });
}

export function useDisableInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
