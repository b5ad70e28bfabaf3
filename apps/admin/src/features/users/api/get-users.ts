import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { page } from '@bourse/shared/schemas/common';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

export const USER_STATUSES = ['active', 'frozen'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** An investor account as the console's search lists it. */
export const userSummary = z.object({
  id: z.number().int(),
  phone: z.string(),
  nickname: z.string(),
  // Kept open: a status the console does not know yet is shown as received rather than refused.
  kycStatus: z.string(),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummary>;

export const userPage = page(userSummary);
export type UserPage = z.infer<typeof userPage>;

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
