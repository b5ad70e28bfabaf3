import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { position, type Position } from '@bourse/shared/schemas/trading';
import { get } from '../../../lib/request';

const positions = z.array(position);

/** GET /api/trade/positions: the investor's open position lots with their P/L at the last price. */
export function getPositions(signal?: AbortSignal): Promise<Position[]> {
  return get('/api/trade/positions', undefined, { schema: positions, signal });
}

export const positionsQueryOptions = () =>
  queryOptions({
    queryKey: ['trading', 'positions'],
    queryFn: ({ signal }) => getPositions(signal),
    // Positions change behind the screen (a limit order fills): asked again whenever a screen opens.
    staleTime: 0,
  });

export function usePositions() {
  return useQuery(positionsQueryOptions());
}
