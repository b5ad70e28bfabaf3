import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { historyPage } from '@bourse/shared/schemas/trading';
import type { z } from 'zod';
import type { RecordPeriod } from '../../../lib/paths';
import { get } from '../../../lib/request';

export type HistoryPage = z.infer<typeof historyPage>;

/**
 * GET /api/trade/history?period=&page=: the lots sold from within the period with their realized
 * P/L, and the period's totals.
 */
export function getHistory(period: RecordPeriod, page: number, signal?: AbortSignal): Promise<HistoryPage> {
  return get('/api/trade/history', { period, page }, { schema: historyPage, signal });
}

export const historyQueryOptions = (period: RecordPeriod) =>
  infiniteQueryOptions({
    queryKey: ['trading', 'history', period],
    queryFn: ({ pageParam, signal }) => getHistory(period, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? last.page + 1 : undefined;
    },
    staleTime: 0,
  });

export function useHistory(period: RecordPeriod) {
  return useInfiniteQuery(historyQueryOptions(period));
}
