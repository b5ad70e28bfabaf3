import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminMemberTier, memberTiersBody, type MemberTiersBody } from '@bourse/shared/schemas/members';
import { request } from '../../../lib/request.ts';

export const tiersQueryKey = ['admin', 'members', 'tiers'] as const;

/** The member level tiers: the least total assets each level needs. */
export const tiersQueryOptions = () =>
  queryOptions({
    queryKey: tiersQueryKey,
    queryFn: ({ signal }) => request('/api/admin/members/tiers', { schema: z.array(adminMemberTier), signal }),
    meta: { errorDisplay: 'inline' },
  });

export function useTiers() {
  return useQuery(tiersQueryOptions());
}

/** PUT /api/admin/members/tiers: every level's minimum at once (audited); answers the stored tiers. */
export function updateTiers(body: MemberTiersBody) {
  return request('/api/admin/members/tiers', {
    method: 'PUT',
    body: memberTiersBody.parse(body),
    schema: z.array(adminMemberTier),
  });
}

export function useUpdateTiers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTiers,
    onSuccess: (tiers) => queryClient.setQueryData(tiersQueryKey, tiers),
  });
}
