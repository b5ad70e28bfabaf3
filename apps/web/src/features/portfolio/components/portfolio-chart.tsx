import { useId, useMemo } from 'react';
import type { PortfolioPoint } from '@bourse/shared/schemas/portfolio';
import { useRiseFallColors } from '../../../lib/color-convention';

export const PORTFOLIO_CHART_HEIGHT_PX = 140;

/** The drawing's own width; the SVG is stretched to the card's width (the line keeps its 2 px). */
const VIEW_WIDTH = 1000;
/** Space kept above the highest and below the lowest value, as a share of the height. */
const MARGIN = 0.1;

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
 * The chart's points: one per second at most (the later point wins), in time order, in major units.
 * Plotting is the only place the value becomes a float: the figures shown as text stay the API's
 * decimal strings.
 */
export function chartPoints(points: readonly PortfolioPoint[]) {
  const bySecond = new Map<number, number>();
  for (const point of points) bySecond.set(Math.floor(point.t / 1000), point.value / 100);
  return [...bySecond.entries()].sort(([a], [b]) => a - b).map(([time, value]) => ({ time, value }));
}

/**
 * The line and the area under it in a `width` × `height` drawing: the points evenly spaced from the left
 * edge to the right one (one per reading, as a value chart of a day, week, month or year reads), the
 * values scaled between the lowest and the highest with a margin above and below; a flat series is a
 * line across the middle. Coordinates rounded to 0.1.
 */
export function chartPath(values: readonly number[], width: number, height: number): { line: string; area: string } {
  if (values.length === 0) return { line: '', area: '' };
  // A loop, not Math.min(...values): a long series would pass the engine's limit on arguments.
  let low = Infinity;
  let high = -Infinity;
  for (const value of values) {
    if (value < low) low = value;
    if (value > high) high = value;
  }
  const span = high - low;
  const round = (n: number) => Math.round(n * 10) / 10;
  const x = (index: number) => (values.length === 1 ? 0 : (index / (values.length - 1)) * width);
  const y = (value: number) =>
    span === 0 ? height / 2 : height * MARGIN + (1 - (value - low) / span) * height * (1 - 2 * MARGIN);
  const corners = values.map((value, index) => `${round(x(index))},${round(y(value))}`);
  if (values.length === 1) corners.push(`${width},${round(y(values[0]!))}`);
  const line = `M${corners.join('L')}`;
  return { line, area: `${line}L${width},${height}L0,${height}Z` };
}

/**
 * The portfolio's value as a small area chart, coloured by whether it rose or fell over the range in
 * the investor's colour convention (a change in the settings recolours it at once). Drawn as one SVG
 * path: the summary has no axes, crosshair, scrolling or zoom, so a charting library (lightweight-charts,
 * which the stock's candles use) would only be some 50 KB gzip and two long tasks more on home's first load
 * (issue 17, docs/performance.md "Lighthouse", 2026-12-03).
 */
export function PortfolioChart({ points, label }: { points: readonly PortfolioPoint[]; label: string }) {
  const colors = useRiseFallColors();
  // useId's characters are not all safe in url(#…).
  const gradient = `portfolio-area${useId().replace(/[^\w-]/g, '')}`;
  const values = useMemo(() => chartPoints(points).map((point) => point.value), [points]);
  const path = useMemo(() => chartPath(values, VIEW_WIDTH, PORTFOLIO_CHART_HEIGHT_PX), [values]);
  const rising = (values.at(-1) ?? 0) >= (values[0] ?? 0);
  const { lineColor, topColor, bottomColor } = areaColors(rising ? colors.rise : colors.fall);
  return (
    <svg
      className="portfolio-chart"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${VIEW_WIDTH} ${PORTFOLIO_CHART_HEIGHT_PX}`}
      preserveAspectRatio="none"
      style={{ height: PORTFOLIO_CHART_HEIGHT_PX }}
      data-trend={rising ? 'rise' : 'fall'}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={topColor} />
          <stop offset="1" stopColor={bottomColor} />
        </linearGradient>
      </defs>
      <path className="portfolio-chart-area" d={path.area} fill={`url(#${gradient})`} stroke="none" />
      <path
        className="portfolio-chart-line"
        d={path.line}
        fill="none"
        stroke={lineColor}
        strokeWidth={2}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
