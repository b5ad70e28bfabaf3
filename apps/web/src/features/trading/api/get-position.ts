import { queryOptions, useQuery } from '@tanstack/react-query';
import { position, type Position } from '@bourse/shared/schemas/trading';
import { get } from '../../../lib/request';

/** GET /api/trade/positions/:id: one lot, open or closed, with its fees, sales and trades. */
export function getPosition(positionId: number, signal?: AbortSignal): Promise<Position> {
  return get(`/api/trade/positions/${positionId}`, undefined, { schema: position, signal });
}

export const positionQueryOptions = (positionId: number) =>
  queryOptions({
    queryKey: ['trading', 'position', positionId],
    queryFn: ({ signal }) => getPosition(positionId, signal),
    staleTime: 0,
  });

export function usePosition(positionId: number | null) {
  return useQuery({ ...positionQueryOptions(positionId ?? 0), enabled: positionId !== null });
}
