import { queryOptions, useQuery } from '@tanstack/react-query';
import { blockOffer, type BlockOffer } from '@bourse/shared/schemas/blocktrade';
import { z } from 'zod';
import { get } from '../../../lib/request';

const offers = z.array(blockOffer);

/** GET /api/blocktrade/offers: the offers open for orders now. */
export function getOffers(signal?: AbortSignal): Promise<BlockOffer[]> {
  return get('/api/blocktrade/offers', undefined, { schema: offers, signal });
}

export const offersQueryOptions = () =>
  queryOptions({
    queryKey: ['blocktrade', 'offers'],
    queryFn: ({ signal }) => getOffers(signal),
    staleTime: 0,
  });

export function useOffers() {
  return useQuery(offersQueryOptions());
}
