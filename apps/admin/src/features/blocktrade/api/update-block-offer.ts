import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBlockOffer, blockOfferPatch, type BlockOfferPatch } from '@bourse/shared/schemas/blocktrade';
import { request } from '../../../lib/request.ts';
import { blockOffersQueryKey } from './get-block-offers.ts';

/** Changes the named terms of an open offer (only those, so the audit line lists exactly them). */
export function updateBlockOffer({ offerId, patch }: { offerId: number; patch: BlockOfferPatch }) {
  return request(`/api/admin/blocktrade/offers/${offerId}`, {
    method: 'PUT',
    body: blockOfferPatch.parse(patch),
    schema: adminBlockOffer,
  });
}

export function useUpdateBlockOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlockOffer,
    // The form shows a refusal in place.
    meta: { errorDisplay: 'inline' },
    // Refreshed after a refusal too: an order may have arrived, or the offer closed, meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: blockOffersQueryKey }),
  });
}
