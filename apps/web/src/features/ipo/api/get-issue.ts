import { queryOptions, useQuery } from '@tanstack/react-query';
import { ipoDraw, ipoIssue, type IpoDraw, type IpoIssue } from '@bourse/shared/schemas/ipo';
import { get } from '../../../lib/request';

/** GET /api/ipo/:id: every term of one issue, its demand and the caller's subscription. */
export function getIssue(id: number, signal?: AbortSignal): Promise<IpoIssue> {
  return get(`/api/ipo/${id}`, undefined, { schema: ipoIssue, signal });
}

export const issueQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['ipo', 'issue', id],
    queryFn: ({ signal }) => getIssue(id, signal),
    staleTime: 0,
  });

export function useIssue(id: number | null) {
  return useQuery({ ...issueQueryOptions(id ?? 0), enabled: id !== null });
}

/** GET /api/ipo/:id/draw: the published seed hash, and after the draw the seed and every entry. */
export function getDraw(id: number, signal?: AbortSignal): Promise<IpoDraw> {
  return get(`/api/ipo/${id}/draw`, undefined, { schema: ipoDraw, signal });
}

export const drawQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['ipo', 'draw', id],
    queryFn: ({ signal }) => getDraw(id, signal),
  });

export function useDraw(id: number | null) {
  return useQuery({ ...drawQueryOptions(id ?? 0), enabled: id !== null });
}
