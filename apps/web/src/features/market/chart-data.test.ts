import { describe, expect, it } from 'vitest';
import { nextLiveCandle, summarizeCandles, toChartCandle } from './chart-data';

const candle = (t: string, o: string, h: string, l: string, c: string, v = 100) => ({ t, o, h, l, c, v });

describe('summarizeCandles', () => {
  it('gives the period, the last close and the range, comparing prices exactly', () => {
    const summary = summarizeCandles([
      candle('2026-11-19T00:00:00.000Z', '10.00', '10.50', '9.99', '10.20'),
      // "9.5" sorts after "10" as text; as a price it is the lowest.
      candle('2026-11-20T00:00:00.000Z', '10.20', '100.0001', '9.5', '99.90'),
      candle('2026-11-21T00:00:00.000Z', '99.90', '100.00', '95.00', '96.1234'),
    ]);
    expect(summary).toEqual({
      count: 3,
      from: '2026-11-19T00:00:00.000Z',
      to: '2026-11-21T00:00:00.000Z',
      close: '96.1234',
      low: '9.5',
      high: '100.0001',
    });
  });

  it('has nothing to say about no candles', () => {
    expect(summarizeCandles([])).toBeNull();
  });
});

describe('nextLiveCandle', () => {
  const last = toChartCandle(candle('2026-11-23T09:00:00.000Z', '10.00', '10.10', '9.90', '10.05', 500));
  const at = (time: string, price: string) => ({ time, last: price });

  it('extends the candle of the same minute', () => {
    expect(nextLiveCandle(last, '1m', at('2026-11-23T09:00:59.999Z', '10.20'), 30)).toEqual({
      ...last,
      high: 10.2,
      close: 10.2,
      volume: 530,
    });
  });

  it('opens the next candle when the minute (or five minutes) is over', () => {
    expect(nextLiveCandle(last, '1m', at('2026-11-23T09:01:00.000Z', '9.80'), 7)).toEqual({
      time: last.time + 60,
      open: 9.8,
      high: 9.8,
      low: 9.8,
      close: 9.8,
      volume: 7,
    });
    expect(nextLiveCandle(last, '5m', at('2026-11-23T09:04:00.000Z', '9.80'), 0)?.time).toBe(last.time);
    expect(nextLiveCandle(last, '5m', at('2026-11-23T09:05:00.000Z', '9.80'), 0)?.time).toBe(last.time + 300);
  });

  it('leaves older quotes, unreadable prices and daily or longer charts alone', () => {
    expect(nextLiveCandle(last, '1m', at('2026-11-23T08:59:59.000Z', '10.00'), 0)).toBeNull();
    expect(nextLiveCandle(last, '1m', at('2026-11-23T09:00:10.000Z', 'n/a'), 0)).toBeNull();
    expect(nextLiveCandle(last, '1d', at('2026-11-23T09:00:10.000Z', '10.00'), 0)).toBeNull();
    expect(nextLiveCandle(undefined, '1m', at('2026-11-23T09:00:10.000Z', '10.00'), 0)).toBeNull();
  });
});
