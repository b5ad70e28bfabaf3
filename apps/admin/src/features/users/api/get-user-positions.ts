import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { position } from '@bourse/shared/schemas/trading';
import { request } from '../../../lib/request.ts';
import { usersQueryKey } from './get-users.ts';

const positions = z.array(position);

/** A user's position lots, newest first; with `includeClosed` the sold-out ones too. */
export const userPositionsQueryOptions = (userId: number, includeClosed: boolean) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'positions', userId, { includeClosed }],
    queryFn: ({ signal }) =>
      request(`/api/admin/users/${userId}/positions`, {
        query: { status: includeClosed ? undefined : 'open' },
        schema: positions,
        signal,
      }),
    meta: { errorDisplay: 'inline' },
  });

export function useUserPositions(userId: number, includeClosed: boolean) {
  return useQuery(userPositionsQueryOptions(userId, includeClosed));
}
