import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserPage, type AdminUserDetail } from '@bourse/shared/schemas/admin-users';
import { request } from '../../../lib/request.ts';
import { usersQueryKey } from './get-users.ts';

/** The parts of a user's page the console shows in their own tables, named after the wire schema. */
export type UserBalances = AdminUserDetail['balances'];
export type LedgerEntry = AdminUserDetail['entries'][number];
export type UserCard = AdminUserDetail['cards'][number];
export type UserSession = AdminUserDetail['sessions'][number];

/**
 * A user's page: everything (profile, balances, recent entries, cards, sessions) for the roles that
 * see investors' money, the profile (contact data) only for support (DESIGN §4).
 */
export const userDetailQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'detail', userId],
    queryFn: ({ signal }) => request(`/api/admin/users/${userId}`, { schema: adminUserPage, signal }),
    meta: { errorDisplay: 'inline' },
  });

export function useUserDetail(userId: number) {
  return useQuery(userDetailQueryOptions(userId));
}
