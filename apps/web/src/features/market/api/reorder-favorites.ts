import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstrumentListItem } from '@bourse/shared/schemas/market';
import { put } from '../../../lib/request';
import { favoritesList, favoritesQueryOptions } from './get-favorites';

/** PUT /api/market/favorites {codes}: the favorites in a new order (exactly the current ones). */
export function reorderFavorites(codes: readonly string[]): Promise<InstrumentListItem[]> {
  return put('/api/market/favorites', { codes }, { schema: favoritesList });
}

/**
 * Moves favorites at once on screen and tells the server; a refusal (another device changed the
 * list meanwhile) puts the server's list back.
 */
export function useReorderFavorites() {
  const queryClient = useQueryClient();
  const key = favoritesQueryOptions().queryKey;
  return useMutation({
    mutationFn: reorderFavorites,
    // One order change at a time, in the order the user made them.
    scope: { id: 'market-favorites-order' },
    onMutate: async (codes) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) {
        const byCode = new Map(previous.map((item) => [item.code, item]));
        const next = codes.map((code) => byCode.get(code)).filter((item) => item !== undefined);
        queryClient.setQueryData(key, next);
      }
      return { previous };
    },
    onSuccess: (list) => queryClient.setQueryData(key, list),
    onError: (_error, _codes, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
