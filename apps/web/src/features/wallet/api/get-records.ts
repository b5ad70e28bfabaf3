import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { financeRecord, type FinanceRecord } from '@bourse/shared/schemas/wallet';
import type { RecordDirection, RecordPeriod } from '../../../lib/paths';
import { get } from '../../../lib/request';

const financeRecords = z.array(financeRecord);

export interface RecordsFilter {
  direction: RecordDirection;
  period: RecordPeriod;
}

export const recordsQueryKeyRoot = ['wallet', 'records'] as const;

/** GET /api/wallet/records?direction=&period=: money in or out within the period, newest first. */
export function getRecords(filter: RecordsFilter, signal?: AbortSignal): Promise<FinanceRecord[]> {
  return get(
    '/api/wallet/records',
    { direction: filter.direction, period: filter.period },
    {
      schema: financeRecords,
      signal,
    },
  );
}

export const recordsQueryOptions = (filter: RecordsFilter) =>
  queryOptions({
    queryKey: [...recordsQueryKeyRoot, filter],
    queryFn: ({ signal }) => getRecords(filter, signal),
  });

export function useRecords(filter: RecordsFilter) {
  return useQuery(recordsQueryOptions(filter));
}
