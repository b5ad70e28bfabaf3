import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ordersQuery } from '@bourse/shared/schemas/trading';
import { order, type Order } from '@bourse/shared/schemas/trading';
import { get } from '../../../lib/request';

export type OrdersStatus = NonNullable<z.infer<typeof ordersQuery>['status']>;

const orders = z.array(order);

/** The server answers the orders this many at a time; a shorter page is the last one. */
export const ORDERS_PAGE_SIZE = 50;

/**
 * GET /api/trade/orders?status=&page=: the investor's orders, newest first. `open` is what can
 * still fill (and be cancelled); `today` is what was placed this trading day; no status is every order.
 */
export function getOrders(status: OrdersStatus | undefined, page: number, signal?: AbortSignal): Promise<Order[]> {
  return get('/api/trade/orders', { status, page }, { schema: orders, signal });
}

export const ordersQueryOptions = (status: OrdersStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: ['trading', 'orders', status ?? 'all'],
    queryFn: ({ pageParam, signal }) => getOrders(status, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) => (last.length >= ORDERS_PAGE_SIZE ? page + 1 : undefined),
    staleTime: 0,
  });

export function useOrders(status: OrdersStatus | undefined) {
  return useInfiniteQuery(ordersQueryOptions(status));
}
