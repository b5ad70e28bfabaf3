import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../lib/request.ts';
import { clearSession } from '../../../lib/session.ts';

export function signOut() {
  return request('/api/admin/logout', { method: 'POST', schema: z.unknown(), endsSessionOn401: false });
}

/**
 * Revokes the token on the server and forgets it here. The local session ends even when the server
 * cannot be reached, so a shared workstation is never left signed in.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    meta: { errorDisplay: 'none' },
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}
