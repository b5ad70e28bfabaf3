import { useEffect, useRef } from 'react';
import { AreaSeries, ColorType, createChart, type UTCTimestamp } from 'lightweight-charts';
import type { PortfolioPoint } from '@bourse/shared/schemas/portfolio';

export const PORTFOLIO_CHART_HEIGHT_PX = 140;

/** The fallbacks of the colour convention's variables (green up, red down; 4.5:1 or more on white). */
const RISE_FALLBACK = '#0a7a45';
const FALL_FALLBACK = '#cf1322';

/** A CSS custom property's value on `element`, or the fallback when it is not set. */
function cssColor(element: HTMLElement, name: string, fallback: string): string {
  const value = getComputedStyle(element).getPropertyValue(name).trim();
  return value || fallback;
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

/** The portfolio's value as a small area chart, coloured by whether it rose or fell over the range. */
export function PortfolioChart({ points, label }: { points: readonly PortfolioPoint[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const data = chartPoints(points);
    const rising = (data.at(-1)?.value ?? 0) >= (data[0]?.value ?? 0);
    const line = rising
      ? cssColor(element, '--color-rise', RISE_FALLBACK)
      : cssColor(element, '--color-fall', FALL_FALLBACK);
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
    // A hex colour gets a translucent fill of itself; any other notation a plain light one.
    const hex = /^#[0-9a-f]{6}$/i.test(line);
    const series = chart.addSeries(AreaSeries, {
      lineColor: line,
      topColor: hex ? `${line}55` : 'rgba(128, 128, 128, 0.25)',
      bottomColor: hex ? `${line}05` : 'rgba(128, 128, 128, 0.02)',
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: false,
    });
    series.setData(data);
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points]);

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
