import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fundLogEntry, type FundLogEntry } from '@bourse/shared/schemas/balance';
import { listPage, type ListPage } from '../../../lib/paged';
import type { RecordPeriod } from '../../../lib/paths';
import { get } from '../../../lib/request';

export const FUND_LOG_PAGE_SIZE = 20;

/** GET /api/fund/log?period=&page=: every fund movement and day's earnings of a period, newest first. */
export function getFundLog(
  period: RecordPeriod,
  pageNumber: number,
  signal?: AbortSignal,
): Promise<ListPage<FundLogEntry>> {
  return get(
    '/api/fund/log',
    { period, page: pageNumber, pageSize: FUND_LOG_PAGE_SIZE },
    { schema: listPage(fundLogEntry, FUND_LOG_PAGE_SIZE), signal },
  );
}

export const fundLogQueryOptions = (period: RecordPeriod) =>
  infiniteQueryOptions({
    queryKey: ['fund', 'log', period],
    queryFn: ({ pageParam, signal }) => getFundLog(period, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageNumber) => (last.hasMore ? pageNumber + 1 : undefined),
    staleTime: 0,
  });

export function useFundLog(period: RecordPeriod) {
  return useInfiniteQuery(fundLogQueryOptions(period));
}
