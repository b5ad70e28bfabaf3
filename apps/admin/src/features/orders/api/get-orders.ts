import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminOrdersPage,
  orderSide,
  orderStatus,
  type OrderSide,
  type OrderStatus,
} from '@bourse/shared/schemas/trading';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

export const ORDER_STATUSES = orderStatus.options;
export const ORDER_SIDES = orderSide.options;

/** The search as the screen holds it; undefined means "any". Times are ISO-8601 instants. */
export interface OrderFilters {
  userId?: number | undefined;
  code?: string | undefined;
  status?: OrderStatus | undefined;
  side?: OrderSide | undefined;
  /** Only fills, searched by when they filled. */
  fills?: boolean | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const ordersQueryKey = ['admin', 'orders'] as const;

/** One page of the order and fill search across investors, newest first. */
export const ordersQueryOptions = (filters: OrderFilters, { page, pageSize }: PageParams) =>
  queryOptions({
    queryKey: [...ordersQueryKey, { ...filters, page, pageSize }],
    queryFn: ({ signal }) =>
      request('/api/admin/orders', {
        query: {
          userId: filters.userId,
          code: filters.code,
          status: filters.status,
          side: filters.side,
          fills: filters.fills ? 'true' : undefined,
          from: filters.from,
          to: filters.to,
          page,
          pageSize,
        },
        schema: adminOrdersPage,
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorDisplay: 'inline' },
  });

export function useOrders(filters: OrderFilters, pageParams: PageParams) {
  return useQuery(ordersQueryOptions(filters, pageParams));
}
