import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../../lib/request';
import { cardsQueryOptions } from './get-cards';

/** DELETE /api/wallet/cards/:id: refused while a withdrawal to the card is still pending. */
export function unbindCard(cardId: number): Promise<unknown> {
  return del(`/api/wallet/cards/${cardId}`, undefined, { loading: true });
}

export function useUnbindCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbindCard,
    // Whatever the answer (a card already gone, a pending withdrawal), the list is worth reloading.
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardsQueryOptions().queryKey }),
  });
}
