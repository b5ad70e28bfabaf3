import { parsePrice } from '@bourse/shared/price';
import type { Candle, CandleInterval, Quote } from '@bourse/shared/schemas/market';

/** The chart's tabs in order, and the one a detail screen opens on. */
export const CHART_INTERVALS: readonly CandleInterval[] = ['1m', '5m', '1d', '1w', '1M'];
export const DEFAULT_CHART_INTERVAL: CandleInterval = '1d';
/** The candlestick chart's canvas height; the chart panel keeps this room (and the legend's) from the start. */
export const CHART_HEIGHT_PX = 280;

export const isIntraday = (interval: CandleInterval) => interval === '1m' || interval === '5m';

/** Length of an intraday candle. */
const INTRADAY_MS: Partial<Record<CandleInterval, number>> = { '1m': 60_000, '5m': 300_000 };

/**
 * A candle as the chart draws it: time in seconds since the epoch (UTC) and prices as numbers.
 * Numbers are for drawing only; every figure shown as text comes from the API's decimal strings.
 */
export interface ChartCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export function toChartCandle(candle: Candle): ChartCandle {
  return {
    time: Math.floor(Date.parse(candle.t) / 1000),
    open: Number(candle.o),
    high: Number(candle.h),
    low: Number(candle.l),
    close: Number(candle.c),
    volume: candle.v,
  };
}

export interface CandleSummary {
  count: number;
  /** ISO times of the first and the last candle. */
  from: string;
  to: string;
  /** Decimal strings as the API sent them. */
  close: string;
  low: string;
  high: string;
}

/** What the chart shows, in words: the period, the last close and the range (compared in price ticks). */
export function summarizeCandles(candles: readonly Candle[]): CandleSummary | null {
  const first = candles[0];
  const last = candles[candles.length - 1];
  if (!first || !last) return null;
  let low = first;
  let high = first;
  let lowTicks = parsePrice(first.l) ?? Infinity;
  let highTicks = parsePrice(first.h) ?? -Infinity;
  for (const candle of candles) {
    const candleLow = parsePrice(candle.l) ?? Infinity;
    const candleHigh = parsePrice(candle.h) ?? -Infinity;
    if (candleLow < lowTicks) [low, lowTicks] = [candle, candleLow];
    if (candleHigh > highTicks) [high, highTicks] = [candle, candleHigh];
  }
  return { count: candles.length, from: first.t, to: last.t, close: last.c, low: low.l, high: high.h };
}

/**
 * The forming intraday candle after a live quote: the quote's price extends the last candle when it
 * falls in the same minute (or five minutes), or opens the next one; `tradedShares` is the volume
 * traded since the previous quote. Null when the quote does not belong at the end of the chart
 * (older than the last candle, or a daily or longer chart, whose candles follow the trading day).
 */
export function nextLiveCandle(
  last: ChartCandle | undefined,
  interval: CandleInterval,
  quote: Pick<Quote, 'last' | 'time'>,
  tradedShares: number,
): ChartCandle | null {
  const length = INTRADAY_MS[interval];
  if (!length || !last) return null;
  const price = parsePrice(quote.last);
  const timeMs = Date.parse(quote.time);
  if (price === null || Number.isNaN(timeMs)) return null;
  const value = Number(quote.last);
  const time = Math.floor(timeMs / length) * (length / 1000);
  if (time < last.time) return null;
  if (time === last.time) {
    return {
      ...last,
      high: Math.max(last.high, value),
      low: Math.min(last.low, value),
      close: value,
      volume: last.volume + tradedShares,
    };
  }
  return { time, open: value, high: value, low: value, close: value, volume: tradedShares };
}
