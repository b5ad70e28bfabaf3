import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blockOffer, blockOfferBody, type BlockOfferBody } from '@bourse/shared/schemas/blocktrade';
import { request } from '../../../lib/request.ts';
import { blockOffersQueryKey } from './get-block-offers.ts';

/** Lists an offer of an instrument at a price, open to investors' orders within its window. */
export function createBlockOffer(body: BlockOfferBody) {
  return request('/api/admin/blocktrade/offers', {
    method: 'POST',
    body: blockOfferBody.parse(body),
    schema: blockOffer,
  });
}

export function useCreateBlockOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlockOffer,
    // The form shows a refusal in place.
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockOffersQueryKey }),
  });
}
