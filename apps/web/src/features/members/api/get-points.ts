import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { creditPointEvent, type CreditPointEvent } from '@bourse/shared/schemas/members';
import { listPage, type ListPage } from '../../../lib/paged';
import { get } from '../../../lib/request';

/** The history loads this many changes at a time. */
export const POINTS_PAGE_SIZE = 20;

/** GET /api/members/points?page=&pageSize=: the investor's credit point changes, newest first. */
export function getPointEvents(pageNumber: number, signal?: AbortSignal): Promise<ListPage<CreditPointEvent>> {
  return get(
    '/api/members/points',
    { page: pageNumber, pageSize: POINTS_PAGE_SIZE },
    { schema: listPage(creditPointEvent, POINTS_PAGE_SIZE), signal },
  );
}

export const pointEventsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['members', 'points'],
    queryFn: ({ pageParam, signal }) => getPointEvents(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageNumber) => (last.hasMore ? pageNumber + 1 : undefined),
    staleTime: 0,
  });

export function usePointEvents() {
  return useInfiniteQuery(pointEventsQueryOptions());
}
