import { queryOptions, useQuery } from '@tanstack/react-query';
import { ipoIssue, type IpoIssue } from '@bourse/shared/schemas/ipo';
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
