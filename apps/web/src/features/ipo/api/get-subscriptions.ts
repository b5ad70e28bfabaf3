import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ipoSubscription, type IpoSubscription, type SubscriptionStatus } from '@bourse/shared/schemas/ipo';
import { listPage, type ListPage } from '../../../lib/paged';
import { get } from '../../../lib/request';

/** The records load this many at a time. */
export const RECORDS_PAGE_SIZE = 20;
/** The holds summary counts at most this many pending subscriptions. */
const PENDING_MAX = 200;

/** GET /api/ipo/subscriptions?status=&page=: the investor's applications, newest first. */
export function getSubscriptions(
  status: SubscriptionStatus | undefined,
  pageNumber: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<ListPage<IpoSubscription>> {
  return get(
    '/api/ipo/subscriptions',
    { status, page: pageNumber, pageSize },
    { schema: listPage(ipoSubscription, pageSize), signal },
  );
}

export const subscriptionsQueryOptions = (status: SubscriptionStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: ['ipo', 'subscriptions', status ?? 'all'],
    queryFn: ({ pageParam, signal }) => getSubscriptions(status, pageParam, RECORDS_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageNumber) => (last.hasMore ? pageNumber + 1 : undefined),
    staleTime: 0,
  });

export function useSubscriptions(status: SubscriptionStatus | undefined) {
  return useInfiniteQuery(subscriptionsQueryOptions(status));
}

/** The subscriptions still waiting for their draw, whose amounts are held. */
export const pendingSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['ipo', 'subscriptions', 'subscribed', 'all'],
    queryFn: ({ signal }) => getSubscriptions('subscribed', 1, PENDING_MAX, signal),
    staleTime: 0,
  });

export function usePendingSubscriptions() {
  return useQuery(pendingSubscriptionsQueryOptions());
}

/** GET /api/ipo/allocations?page=: the drawn subscriptions with lots allotted, captured and released. */
export function getAllocations(pageNumber: number, signal?: AbortSignal): Promise<ListPage<IpoSubscription>> {
  return get(
    '/api/ipo/allocations',
    { page: pageNumber, pageSize: RECORDS_PAGE_SIZE },
    { schema: listPage(ipoSubscription, RECORDS_PAGE_SIZE), signal },
  );
}

export const allocationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['ipo', 'allocations'],
    queryFn: ({ pageParam, signal }) => getAllocations(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageNumber) => (last.hasMore ? pageNumber + 1 : undefined),
    staleTime: 0,
  });

export function useAllocations() {
  return useInfiniteQuery(allocationsQueryOptions());
}
