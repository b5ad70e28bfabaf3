import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { charts } from '../../../test/fake-lightweight-charts';
import { sampleCandles, sapQuote } from '../../../test/market-samples';
import { CandleChart } from './candle-chart';

vi.mock('lightweight-charts', async () =>
  (await import('../../../test/fake-lightweight-charts')).fakeLightweightCharts(),
);

const DAY_MS = 86_400_000;

/** Animation frames the test runs itself: the browser has painted a frame when the test says so. */
let frames: FrameRequestCallback[] = [];
function paintFrame() {
  const due = frames;
  frames = [];
  for (const callback of due) callback(performance.now());
}

beforeEach(() => {
  charts.length = 0;
  frames = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the candlestick chart', () => {
  it('is created once the frame showing the screen has been painted, not in the commit that shows it', async () => {
    const candles = sampleCandles(30, '2026-10-01T00:00:00.000Z', DAY_MS);
    const { container } = render(<CandleChart candles={candles} interval="1d" lang="en" />);
    // Committed and its effects run: the chart's place is there, the chart is not.
    expect(container.querySelector('.candle-chart-canvas')).not.toBeNull();
    expect(charts).toHaveLength(0);

    // The frame's own callbacks run before it is painted: the chart comes in a task after them.
    act(() => paintFrame());
    expect(charts).toHaveLength(0);
    await waitFor(() => expect(charts).toHaveLength(1));
    const chart = charts[0]!;
    expect(chart.container).toBe(container.querySelector('.candle-chart-canvas'));
    await waitFor(() => expect(chart.candles().data).toHaveLength(30));
    expect(chart.volumes().data).toHaveLength(30);
  });

  it('extends the intraday chart with the quote that came before the chart was there', async () => {
    const candles = sampleCandles(4, '2026-11-23T08:57:00.000Z', 60_000);
    render(
      <CandleChart
        candles={candles}
        interval="1m"
        lang="en"
        quote={{ ...sapQuote, time: '2026-11-23T09:00:30.000Z' }}
      />,
    );
    await act(async () => {
      paintFrame();
      paintFrame();
    });
    await waitFor(() => expect(charts[0]?.candles().data).toHaveLength(4));
    const minute = Date.parse('2026-11-23T09:00:00.000Z') / 1000;
    await waitFor(() =>
      expect(charts[0]!.candles().updates).toEqual([
        expect.objectContaining({ time: minute, close: Number(sapQuote.last) }),
      ]),
    );
  });

  it('removes a chart that is unmounted, and creates none when unmounted before the paint', async () => {
    const candles = sampleCandles(3, '2026-11-19T00:00:00.000Z', DAY_MS);
    const early = render(<CandleChart candles={candles} interval="1d" lang="en" />);
    early.unmount();
    await act(async () => {
      paintFrame();
      paintFrame();
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(charts).toHaveLength(0);

    const shown = render(<CandleChart candles={candles} interval="1d" lang="en" />);
    await act(async () => {
      paintFrame();
      paintFrame();
    });
    await waitFor(() => expect(charts).toHaveLength(1));
    shown.unmount();
    expect(charts[0]!.removed).toBe(true);
  });
});
