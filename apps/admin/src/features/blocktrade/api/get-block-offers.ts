import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { page } from '@bourse/shared/schemas/common';
import { adminBlockOffer } from '@bourse/shared/schemas/blocktrade';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

const blockOffersPage = page(adminBlockOffer);

/** Prefix of every offer query; a new offer or a decided order (which takes from one) invalidates them. */
export const blockOffersQueryKey = ['admin', 'blocktrade', 'offers'] as const;

/** One page of block-trade offers with what is still available of each and its pending orders. */
export const blockOffersQueryOptions = ({ page: pageNo, pageSize }: PageParams) =>
  queryOptions({
    queryKey: [...blockOffersQueryKey, { page: pageNo, pageSize }],
    queryFn: ({ signal }) =>
      request('/api/admin/blocktrade/offers', { query: { page: pageNo, pageSize }, schema: blockOffersPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorDisplay: 'inline' },
  });

export function useBlockOffers(params: PageParams) {
  return useQuery(blockOffersQueryOptions(params));
}
