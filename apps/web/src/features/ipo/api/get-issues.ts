import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ipoIssue, type IpoCalendarTab, type IpoIssue } from '@bourse/shared/schemas/ipo';
import { listPage, type ListPage } from '../../../lib/paged';
import { get } from '../../../lib/request';

/** The calendar loads this many issues at a time. */
export const ISSUES_PAGE_SIZE = 20;
/** The one-click summary needs every open issue at once; more than this are not offered at a time. */
export const OPEN_ISSUES_MAX = 200;

/** GET /api/ipo?status=&page=: one page of the calendar's tab, with the caller's own subscription. */
export function getIssues(
  tab: IpoCalendarTab,
  pageNumber: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<ListPage<IpoIssue>> {
  return get('/api/ipo', { status: tab, page: pageNumber, pageSize }, { schema: listPage(ipoIssue, pageSize), signal });
}

export const issuesQueryOptions = (tab: IpoCalendarTab) =>
  infiniteQueryOptions({
    queryKey: ['ipo', 'issues', tab],
    queryFn: ({ pageParam, signal }) => getIssues(tab, pageParam, ISSUES_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageNumber) => (last.hasMore ? pageNumber + 1 : undefined),
    staleTime: 0,
  });

export function useIssues(tab: IpoCalendarTab) {
  return useInfiniteQuery(issuesQueryOptions(tab));
}

/** Every issue open for subscription now (what one-click subscribes to, and what home counts). */
export const openIssuesQueryOptions = () =>
  queryOptions({
    queryKey: ['ipo', 'issues', 'open', 'all'],
    queryFn: ({ signal }) => getIssues('open', 1, OPEN_ISSUES_MAX, signal),
    staleTime: 0,
  });

export function useOpenIssues() {
  return useQuery(openIssuesQueryOptions());
}
