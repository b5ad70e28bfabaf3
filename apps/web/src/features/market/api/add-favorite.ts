import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InstrumentDetail, InstrumentListItem } from '@bourse/shared/schemas/market';
import { post } from '../../../lib/request';
import { favoritesList, favoritesQueryOptions } from './get-favorites';
import { instrumentQueryKeyRoot } from './get-instrument';

/** POST /api/market/favorites {code}: follows an instrument (at the end); answers the new list. */
export function addFavorite(code: string): Promise<InstrumentListItem[]> {
  return post('/api/market/favorites', { code }, { schema: favoritesList });
}

/** Marks the instrument's cached detail as followed or not, so its star shows the new state at once. */
export function setDetailFavorite(queryClient: QueryClient, code: string, isFavorite: boolean): void {
  queryClient.setQueriesData<InstrumentDetail>({ queryKey: instrumentQueryKeyRoot(code) }, (detail) =>
    detail ? { ...detail, isFavorite } : detail,
  );
}

export function useAddFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFavorite,
    onSuccess: (list, code) => {
      queryClient.setQueryData(favoritesQueryOptions().queryKey, list);
      setDetailFavorite(queryClient, code, true);
    },
  });
}
