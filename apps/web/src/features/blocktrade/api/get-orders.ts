import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { blockOrder, type BlockOrder, type BlockOrderStatus } from '@bourse/shared/schemas/blocktrade';
import { listPage, type ListPage } from '../../../lib/paged';
import { get } from '../../../lib/request';

/** The records load this many at a time. */
export const ORDERS_PAGE_SIZE = 20;
const PENDING_MAX = 200;

/** GET /api/blocktrade/orders?status=&page=: the investor's block orders, newest first. */
export function getBlockOrders(
  status: BlockOrderStatus | undefined,
  pageNumber: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<ListPage<BlockOrder>> {
  return get(
    '/api/blocktrade/orders',
    { status, page: pageNumber, pageSize },
    { schema: listPage(blockOrder, pageSize), signal },
  );
}

export const blockOrdersQueryOptions = (status: BlockOrderStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: ['blocktrade', 'orders', status ?? 'all'],
    queryFn: ({ pageParam, signal }) => getBlockOrders(status, pageParam, ORDERS_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageNumber) => (last.hasMore ? pageNumber + 1 : undefined),
    staleTime: 0,
  });

export function useBlockOrders(status: BlockOrderStatus | undefined) {
  return useInfiniteQuery(blockOrdersQueryOptions(status));
}

/** The orders an operator has still to decide, whose amounts are held. */
export function usePendingBlockOrders() {
  return useQuery(
    queryOptions({
      queryKey: ['blocktrade', 'orders', 'pending', 'all'],
      queryFn: ({ signal }) => getBlockOrders('pending', 1, PENDING_MAX, signal),
      staleTime: 0,
    }),
  );
}
