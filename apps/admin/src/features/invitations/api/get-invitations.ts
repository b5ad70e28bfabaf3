import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { invitation } from '@bourse/shared/schemas/admin';
import { page } from '@bourse/shared/schemas/common';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

const invitationPage = page(invitation);

/** Prefix of every invitation list query; creating or disabling a code invalidates all pages. */
export const invitationsQueryKey = ['admin', 'invitations'] as const;

export const invitationsQueryOptions = ({ page, pageSize }: PageParams) =>
  queryOptions({
    queryKey: [...invitationsQueryKey, { page, pageSize }],
    queryFn: ({ signal }) =>
      request('/api/admin/invitations', { query: { page, pageSize }, schema: invitationPage, signal }),
    // Keep the current page on screen while the next one loads, instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });

export function useInvitations(params: PageParams) {
  return useQuery(invitationsQueryOptions(params));
}
