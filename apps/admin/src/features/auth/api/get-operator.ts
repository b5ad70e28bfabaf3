import { queryOptions, useQuery } from '@tanstack/react-query';
import { operatorInfo } from '@bourse/shared/schemas/admin';
import { request } from '../../../lib/request.ts';

export const operatorQueryKey = ['admin', 'me'] as const;

/** The operator behind the stored token: identity and roles, which decide the menu. */
export const operatorQueryOptions = () =>
  queryOptions({
    queryKey: operatorQueryKey,
    queryFn: ({ signal }) => request('/api/admin/me', { schema: operatorInfo, signal }),
    staleTime: 5 * 60_000,
    // The session guard shows the failure full-screen with a retry; a toast would repeat it.
    meta: { errorDisplay: 'inline' },
  });

export function useOperator(options: { enabled: boolean }) {
  return useQuery({ ...operatorQueryOptions(), enabled: options.enabled });
}
