import { queryOptions, useQuery } from '@tanstack/react-query';
import { instrumentDetail, type InstrumentDetail } from '@bourse/shared/schemas/market';
import { get } from '../../../lib/request';
import { useSessionStore } from '../../../lib/session-store';

/**
 * GET /api/market/instruments/:code (open): quote, fundamentals, and whether the signed-in user
 * follows it (false for anonymous visitors).
 */
export function getInstrument(code: string, signal?: AbortSignal): Promise<InstrumentDetail> {
  return get(`/api/market/instruments/${encodeURIComponent(code)}`, undefined, { schema: instrumentDetail, signal });
}

/** The cache keys of one instrument's detail, whoever asked. */
export const instrumentQueryKeyRoot = (code: string) => ['market', 'instrument', code] as const;

/**
 * `signedIn` is part of the key: the answer's `isFavorite` depends on the session, so what an
 * anonymous visitor saw is not shown again after logging in.
 */
export const instrumentQueryOptions = (code: string, signedIn: boolean) =>
  queryOptions({
    queryKey: [...instrumentQueryKeyRoot(code), signedIn ? 'user' : 'anonymous'],
    queryFn: ({ signal }) => getInstrument(code, signal),
  });

export function useInstrument(code: string, options: { enabled?: boolean } = {}) {
  const signedIn = useSessionStore((state) => state.token !== null);
  return useQuery({ ...instrumentQueryOptions(code, signedIn), enabled: options.enabled ?? true });
}
