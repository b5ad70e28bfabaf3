import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InstrumentStatus } from '@bourse/shared/schemas/market';
import { adminInstrumentsPage } from '@bourse/shared/schemas/market-admin';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

/** Prefix of every instrument query; any change to an instrument invalidates all of them. */
export const instrumentsQueryKey = ['admin', 'instruments'] as const;

/** The server's limit for the search text. */
export const INSTRUMENT_SEARCH_MAX_LENGTH = 50;

export interface InstrumentsParams extends PageParams {
  /** Part of a code, a name in any language or pinyin; empty lists every instrument by code. */
  search: string;
  status: InstrumentStatus | undefined;
}

export const instrumentsQueryOptions = ({ search, status, page, pageSize }: InstrumentsParams) =>
  queryOptions({
    queryKey: [...instrumentsQueryKey, 'list', { search, status, page, pageSize }],
    queryFn: ({ signal }) =>
      request('/api/admin/instruments', {
        query: { q: search === '' ? undefined : search, status, page, pageSize },
        schema: adminInstrumentsPage,
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorDisplay: 'inline' },
  });

export function useInstruments(params: InstrumentsParams) {
  return useQuery(instrumentsQueryOptions(params));
}
