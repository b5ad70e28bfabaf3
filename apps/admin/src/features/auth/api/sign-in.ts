import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminLoginBody, adminLoginResponse } from '@bourse/shared/schemas/admin';
import { request } from '../../../lib/request.ts';
import { setToken } from '../../../lib/session.ts';
import { operatorQueryKey } from './get-operator.ts';

export type SignInInput = z.input<typeof adminLoginBody>;

export function signIn(input: SignInInput) {
  return request('/api/admin/login', {
    method: 'POST',
    body: adminLoginBody.parse(input),
    schema: adminLoginResponse,
    // Here a 401 means wrong credentials or code, not an expired session.
    endsSessionOn401: false,
  });
}

/** Signs in and starts a fresh session: nothing cached for a previous operator survives. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // The sign-in screen shows the failure next to the form instead of a toast.
    meta: { errorDisplay: 'inline' },
    onSuccess: ({ token, operator }) => {
      queryClient.clear();
      queryClient.setQueryData(operatorQueryKey, operator);
      setToken(token);
    },
  });
}
