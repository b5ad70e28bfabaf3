import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUser } from '@bourse/shared/schemas/admin-users';
import { page } from '@bourse/shared/schemas/common';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

const userPage = page(adminUser);

/** Prefix of every user query (lists and pages); freezing or unfreezing invalidates all of them. */
export const usersQueryKey = ['admin', 'users'] as const;

/** The server's limit for the search text. */
export const USER_SEARCH_MAX_LENGTH = 32;

export interface UsersParams extends PageParams {
  /** Part of a mobile number or nickname; empty lists everyone, newest first. */
  search: string;
}

export const usersQueryOptions = ({ search, page: pageNo, pageSize }: UsersParams) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'list', { search, page: pageNo, pageSize }],
    queryFn: ({ signal }) =>
      request('/api/admin/users', {
        query: { q: search === '' ? undefined : search, page: pageNo, pageSize },
        schema: userPage,
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorDisplay: 'inline' },
  });

export function useUsers(params: UsersParams) {
  return useQuery(usersQueryOptions(params));
}
