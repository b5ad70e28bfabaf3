import { queryOptions, useQuery } from '@tanstack/react-query';
import { instrumentListItem, type InstrumentListItem } from '@bourse/shared/schemas/market';
import { z } from 'zod';
import { get } from '../../../lib/request';
import { useSessionStore } from '../../../lib/session-store';

export const favoritesList = z.array(instrumentListItem);

/** GET /api/market/favorites: the user's favorites in their chosen order. */
export function getFavorites(signal?: AbortSignal): Promise<InstrumentListItem[]> {
  return get('/api/market/favorites', undefined, { schema: favoritesList, signal });
}

export const favoritesQueryOptions = () =>
  queryOptions({
    queryKey: ['market', 'favorites'],
    queryFn: ({ signal }) => getFavorites(signal),
  });

/** The favorites while logged in (anonymous visitors have none). */
export function useFavorites() {
  const token = useSessionStore((state) => state.token);
  return useQuery({ ...favoritesQueryOptions(), enabled: token !== null });
}
