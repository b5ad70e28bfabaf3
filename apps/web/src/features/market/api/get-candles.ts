import { queryOptions, useQuery } from '@tanstack/react-query';
import { candle, type Candle, type CandleInterval } from '@bourse/shared/schemas/market';
import { z } from 'zod';
import { get } from '../../../lib/request';

const candles = z.array(candle);

export interface CandlesRequest {
  code: string;
  interval: CandleInterval;
  /** ISO start; without it the server's default period (e.g. 3 years of daily candles). */
  from?: string;
}

/** GET /api/market/instruments/:code/candles?interval=&from= (open): oldest first. */
export function getCandles(request: CandlesRequest, signal?: AbortSignal): Promise<Candle[]> {
  return get(
    `/api/market/instruments/${encodeURIComponent(request.code)}/candles`,
    { interval: request.interval, from: request.from },
    { schema: candles, signal },
  );
}

export interface CandlesResult {
  candles: Candle[];
  /** performance.now() when the candles had arrived and been checked: where the chart's time budget starts. */
  receivedAt: number;
}

export const candlesQueryOptions = (request: CandlesRequest) =>
  queryOptions({
    queryKey: ['market', 'candles', request.code, request.interval, request.from ?? null],
    queryFn: async ({ signal }): Promise<CandlesResult> => ({
      candles: await getCandles(request, signal),
      receivedAt: performance.now(),
    }),
    // Past candles do not change; the forming one follows the live quote on screen.
    staleTime: 60_000,
  });

export function useCandles(request: CandlesRequest) {
  return useQuery(candlesQueryOptions(request));
}
