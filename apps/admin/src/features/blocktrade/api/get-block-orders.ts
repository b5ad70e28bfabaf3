import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { page } from '@bourse/shared/schemas/common';
import { adminBlockOrder, blockOrderStatus, type BlockOrderStatus } from '@bourse/shared/schemas/blocktrade';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

export const BLOCK_ORDER_STATUSES = blockOrderStatus.options;

const blockOrdersPage = page(adminBlockOrder);

/** Prefix of every order list query; a decision invalidates all of them. */
export const blockOrdersQueryKey = ['admin', 'blocktrade', 'orders'] as const;

export interface BlockOrdersParams extends PageParams {
  status: BlockOrderStatus;
}

/** One page of investors' block orders in a status, with the investor. */
export const blockOrdersQueryOptions = ({ status, page: pageNo, pageSize }: BlockOrdersParams) =>
  queryOptions({
    queryKey: [...blockOrdersQueryKey, { status, page: pageNo, pageSize }],
    queryFn: ({ signal }) =>
      request('/api/admin/blocktrade/orders', {
        query: { status, page: pageNo, pageSize },
        schema: blockOrdersPage,
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorDisplay: 'inline' },
  });

export function useBlockOrders(params: BlockOrdersParams) {
  return useQuery(blockOrdersQueryOptions(params));
}
