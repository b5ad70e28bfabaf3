import { queryOptions, useQuery } from '@tanstack/react-query';
import { instrumentListItem, type InstrumentListItem } from '@bourse/shared/schemas/market';
import { z } from 'zod';
import { get } from '../../../lib/request';

const matches = z.array(instrumentListItem);

/**
 * GET /api/market/search?q= (open): instruments matching by code, name in any language or pinyin
 * initials. The server checks the text (required, length) and explains refusals in the user's language.
 */
export function searchInstruments(query: string, signal?: AbortSignal): Promise<InstrumentListItem[]> {
  return get('/api/market/search', { q: query }, { schema: matches, signal });
}

export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['market', 'search', query],
    queryFn: ({ signal }) => searchInstruments(query, signal),
  });

export function useSearch(query: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...searchQueryOptions(query), enabled: options.enabled ?? true });
}
