import { useEffect, useMemo, useRef } from 'react';
import { AreaSeries, ColorType, createChart, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { PortfolioPoint } from '@bourse/shared/schemas/portfolio';
import { useRiseFallColors } from '../../../lib/color-convention';

export const PORTFOLIO_CHART_HEIGHT_PX = 140;

/** The area's line and fill in one colour: a hex colour gets a translucent fill of itself. */
export function areaColors(line: string) {
  const hex = /^#[0-9a-f]{6}$/i.test(line);
  return {
    lineColor: line,
    topColor: hex ? `${line}55` : 'rgba(128, 128, 128, 0.25)',
    bottomColor: hex ? `${line}05` : 'rgba(128, 128, 128, 0.02)',
  };
}

/**
 * The chart's points: one per second at most (the library's time unit; the later point wins), in
 * major units. Plotting is the only place the value becomes a float: the figures shown as text stay
 * the API's decimal strings.
 */
export function chartPoints(points: readonly PortfolioPoint[]) {
  const bySecond = new Map<number, number>();
  for (const point of points) bySecond.set(Math.floor(point.t / 1000), point.value / 100);
  return [...bySecond.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

/**
 * The portfolio's value as a small area chart, coloured by whether it rose or fell over the range in
 * the investor's colour convention (drawn on canvas, so it follows the convention by itself: a change
 * in the settings recolours the chart at once).
 */
export function PortfolioChart({ points, label }: { points: readonly PortfolioPoint[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const seriesRef = useRef<ISeriesApi<'Area'> | null>(null);
  const colors = useRiseFallColors();
  const data = useMemo(() => chartPoints(points), [points]);
  const rising = (data.at(-1)?.value ?? 0) >= (data[0]?.value ?? 0);
  const line = rising ? colors.rise : colors.fall;
  // The colour the series was drawn or last recoloured with; the chart is made anew only for new points.
  const appliedRef = useRef(line);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createChart(element, {
      height: PORTFOLIO_CHART_HEIGHT_PX,
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: '#ffffff' }, textColor: '#595959', attributionLogo: false },
      grid: { vertLines: { visible: false }, horzLines: { visible: false } },
      rightPriceScale: { visible: false },
      timeScale: { visible: false, borderVisible: false },
      handleScroll: false,
      handleScale: false,
      crosshair: { vertLine: { visible: false }, horzLine: { visible: false } },
    });
    const series = chart.addSeries(AreaSeries, {
      ...areaColors(appliedRef.current),
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: false,
    });
    series.setData(data);
    chart.timeScale().fitContent();
    seriesRef.current = series;
    return () => {
      seriesRef.current = null;
      chart.remove();
    };
  }, [data]);

  // The investor switches the convention (or new points turn a rise into a fall): the line follows.
  useEffect(() => {
    if (appliedRef.current === line) return;
    appliedRef.current = line;
    seriesRef.current?.applyOptions(areaColors(line));
  }, [line]);

  return (
    <div
      ref={container}
      className="portfolio-chart"
      role="img"
      aria-label={label}
      style={{ height: PORTFOLIO_CHART_HEIGHT_PX }}
    />
  );
}
