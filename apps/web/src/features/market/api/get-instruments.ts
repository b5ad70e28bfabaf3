import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { instrumentsPage, type Board, type INSTRUMENT_SORTS, type InstrumentKind } from '@bourse/shared/schemas/market';
import type { z } from 'zod';
import { get } from '../../../lib/request';

export type InstrumentsPage = z.infer<typeof instrumentsPage>;
export type InstrumentSort = (typeof INSTRUMENT_SORTS)[number];

export interface InstrumentsFilter {
  /** Undefined: every board. */
  board?: Board;
  /** Shares (every board but the indices) or indices; undefined: both. */
  kind?: InstrumentKind;
  sort: InstrumentSort;
}

/** Rows per page of the market list. */
export const INSTRUMENTS_PAGE_SIZE = 20;

/** GET /api/market/instruments?board=&sort=&page= (open): one page of the market list. */
export function getInstruments(
  filter: InstrumentsFilter,
  page: number,
  signal?: AbortSignal,
): Promise<InstrumentsPage> {
  return get(
    '/api/market/instruments',
    { board: filter.board, kind: filter.kind, sort: filter.sort, page, pageSize: INSTRUMENTS_PAGE_SIZE },
    { schema: instrumentsPage, signal },
  );
}

export const instrumentsQueryOptions = (filter: InstrumentsFilter) =>
  infiniteQueryOptions({
    queryKey: [
      'market',
      'instruments',
      { board: filter.board ?? 'all', kind: filter.kind ?? 'all', sort: filter.sort },
    ],
    queryFn: ({ pageParam, signal }) => getInstruments(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: InstrumentsPage) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

export function useInstruments(filter: InstrumentsFilter) {
  return useInfiniteQuery(instrumentsQueryOptions(filter));
}
