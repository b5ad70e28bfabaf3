import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstrumentListItem } from '@bourse/shared/schemas/market';
import { del } from '../../../lib/request';
import { setDetailFavorite } from './add-favorite';
import { favoritesQueryOptions } from './get-favorites';

/** DELETE /api/market/favorites/:code: stops following an instrument. */
export function removeFavorite(code: string): Promise<unknown> {
  return del(`/api/market/favorites/${encodeURIComponent(code)}`);
}

export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFavorite,
    onSuccess: (_data, code) => {
      queryClient.setQueryData(favoritesQueryOptions().queryKey, (list: InstrumentListItem[] | undefined) =>
        list?.filter((item) => item.code !== code),
      );
      setDetailFavorite(queryClient, code, false);
    },
  });
}
