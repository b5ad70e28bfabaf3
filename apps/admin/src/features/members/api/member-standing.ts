import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminMemberStanding } from '@bourse/shared/schemas/members';
import { request } from '../../../lib/request.ts';

/** An investor's credit points and level with their latest changes (the user page). */
export const memberStandingQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['admin', 'members', 'users', userId],
    queryFn: ({ signal }) => request(`/api/admin/members/users/${userId}`, { schema: adminMemberStanding, signal }),
    meta: { errorDisplay: 'inline' },
  });

export function useMemberStanding(userId: number) {
  return useQuery(memberStandingQueryOptions(userId));
}
