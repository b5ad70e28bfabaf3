import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { page } from '@bourse/shared/schemas/common';
import { adminIpoIssue, type IpoStatus } from '@bourse/shared/schemas/ipo';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

const ipoIssuesPage = page(adminIpoIssue);

/** Prefix of every issue query; creating, editing or cancelling an issue invalidates all of them. */
export const ipoIssuesQueryKey = ['admin', 'ipo'] as const;

export interface IpoIssuesParams extends PageParams {
  /** Undefined lists issues in every status. */
  status: IpoStatus | undefined;
}

/** One page of issues with their demand so far (applicants, lots, oversubscription, cash held). */
export const ipoIssuesQueryOptions = ({ status, page: pageNo, pageSize }: IpoIssuesParams) =>
  queryOptions({
    queryKey: [...ipoIssuesQueryKey, 'list', { status, page: pageNo, pageSize }],
    queryFn: ({ signal }) =>
      request('/api/admin/ipo', { query: { status, page: pageNo, pageSize }, schema: ipoIssuesPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorDisplay: 'inline' },
  });

export function useIpoIssues(params: IpoIssuesParams) {
  return useQuery(ipoIssuesQueryOptions(params));
}
