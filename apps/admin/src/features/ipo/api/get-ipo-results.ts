import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { page } from '@bourse/shared/schemas/common';
import { adminIpoResult } from '@bourse/shared/schemas/ipo';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

const ipoResultsPage = page(adminIpoResult);

export interface IpoResultsParams extends PageParams {
  issueId: number;
}

/** One page of an issue's subscriptions with the investor and the draw's outcome for each. */
export const ipoResultsQueryOptions = ({ issueId, page: pageNo, pageSize }: IpoResultsParams) =>
  queryOptions({
    queryKey: ['admin', 'ipo', 'results', { issueId, page: pageNo, pageSize }],
    queryFn: ({ signal }) =>
      request(`/api/admin/ipo/${issueId}/results`, {
        query: { page: pageNo, pageSize },
        schema: ipoResultsPage,
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorDisplay: 'inline' },
  });

export function useIpoResults(params: IpoResultsParams) {
  return useQuery(ipoResultsQueryOptions(params));
}
