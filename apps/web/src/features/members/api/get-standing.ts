import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberStanding, type MemberStanding } from '@bourse/shared/schemas/members';
import { get } from '../../../lib/request';

/** GET /api/members/standing: credit points, member level, the tiers and what the next level takes. */
export function getMemberStanding(signal?: AbortSignal): Promise<MemberStanding> {
  return get('/api/members/standing', undefined, { schema: memberStanding, signal });
}

export const memberStandingQueryOptions = () =>
  queryOptions({
    queryKey: ['members', 'standing'],
    queryFn: ({ signal }) => getMemberStanding(signal),
    staleTime: 0,
  });

export function useMemberStanding() {
  return useQuery(memberStandingQueryOptions());
}
