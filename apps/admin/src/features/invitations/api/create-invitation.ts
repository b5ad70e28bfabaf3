import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createInvitationBody, invitation } from '@bourse/shared/schemas/admin';
import { request } from '../../../lib/request.ts';
import { invitationsQueryKey } from './get-invitations.ts';

export type CreateInvitationInput = z.input<typeof createInvitationBody>;

/** The server answers with the new invitation; the console only relies on its code. */
const createdInvitation = invitation.pick({ code: true });

export function createInvitation(input: CreateInvitationInput) {
  return request('/api/admin/invitations', {
    method: 'POST',
    body: createInvitationBody.parse(input),
    schema: createdInvitation,
  });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
