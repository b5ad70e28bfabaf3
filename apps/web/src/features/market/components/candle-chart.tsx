import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  HistogramSeries,
  TickMarkType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { LOCALES, type Language } from '@bourse/shared/languages';
import { dateTimeFormat, numberFormat } from '@bourse/shared/format';
import type { Candle, CandleInterval, Quote } from '@bourse/shared/schemas/market';
import { useTranslation } from 'react-i18next';
import { RISE_FALL_COLORS, useColorConvention } from '../../../lib/color-convention';
import type { ColorConvention } from '@bourse/shared/schemas/auth';
import { userTimeZone } from '../../../ui/format-date';
import { afterNextPaint } from '../../../lib/lazy-route';
import { CHART_HEIGHT_PX, isIntraday, nextLiveCandle, toChartCandle, type ChartCandle } from '../chart-data';

/** The performance entry a browser test or benchmark reads: candles converted, set and fitted. */
export const CHART_RENDER_MEASURE = 'chart-render';
/**
 * From the candles' arrival (or the tab press, when they were cached) until lightweight-charts has
 * painted them: what the user waits for, and what the 50 ms budget is about.
 */
export const CHART_PAINT_MEASURE = 'chart-paint';

/** Colours of the app's theme (theme.css), each 4.5:1 or more on white. */
const THEME = {
  background: '#ffffff',
  text: '#595959',
  grid: '#eef0f4',
  border: '#e3e5ea',
};

/** Candle and volume colours of a colour convention: rising candles in its rise colour. */
export function chartColors(convention: ColorConvention) {
  const { rise, fall } = RISE_FALL_COLORS[convention];
  return { up: rise, down: fall, upVolume: translucent(rise), downVolume: translucent(fall) };
}

type ChartColors = ReturnType<typeof chartColors>;

/** `#rrggbb` at 45 % opacity, for the volume bars. */
function translucent(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, 0.45)`;
}

function candleColors(colors: ChartColors) {
  return {
    upColor: colors.up,
    downColor: colors.down,
    borderUpColor: colors.up,
    borderDownColor: colors.down,
    wickUpColor: colors.up,
    wickDownColor: colors.down,
  };
}

/**
 * Narrowest candle spacing the chart opens with. Three years of daily candles do not fit a phone at
 * any readable width (the library's minimum, 0.5 px, would need 550 px for them); such a chart opens
 * on the most recent candles at this spacing, the rest a drag or a pinch away.
 */
export const READABLE_BAR_SPACING_PX = 4;

export interface CandleChartProps {
  candles: readonly Candle[];
  interval: CandleInterval;
  lang: Language;
  /** performance.now() when the candles became available; the start of the chart-paint measure. */
  availableAt?: number;
  /** The live quote: extends the forming candle of an intraday chart. */
  quote?: Quote;
}

const asTime = (seconds: number) => seconds as UTCTimestamp;

function volumeBar(candle: ChartCandle, colors: ChartColors) {
  return {
    time: asTime(candle.time),
    value: candle.volume,
    color: candle.close >= candle.open ? colors.upVolume : colors.downVolume,
  };
}

function candleBar(candle: ChartCandle) {
  return { time: asTime(candle.time), open: candle.open, high: candle.high, low: candle.low, close: candle.close };
}

/** Daily and longer candles start at 00:00 UTC of their date; intraday ones are shown in the user's zone. */
function timeZoneFor(interval: CandleInterval): string {
  return isIntraday(interval) ? (userTimeZone() ?? 'UTC') : 'UTC';
}

function formatTick(seconds: number, type: TickMarkType, locale: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions =
    type === TickMarkType.Year
      ? { year: 'numeric' }
      : type === TickMarkType.Month
        ? { month: 'short' }
        : type === TickMarkType.DayOfMonth
          ? { day: 'numeric', month: 'short' }
          : { hour: '2-digit', minute: '2-digit' };
  return dateTimeFormat(locale, { ...options, timeZone }).format(seconds * 1000);
}

function formatCrosshairTime(seconds: number, interval: CandleInterval, locale: string): string {
  const options: Intl.DateTimeFormatOptions = isIntraday(interval)
    ? { dateStyle: 'medium', timeStyle: 'short' }
    : { dateStyle: 'medium' };
  return dateTimeFormat(locale, { ...options, timeZone: timeZoneFor(interval) }).format(seconds * 1000);
}

function priceFormatter(locale: string) {
  const format = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 });
  return (price: number) => format.format(price);
}

/** The chart and its two series (candles above, volume along the bottom), in the app's theme. */
function buildChart(container: HTMLElement, lang: Language, interval: () => CandleInterval, colors: ChartColors) {
  const locale = LOCALES[lang];
  const chart = createChart(container, {
    // Follows the container's size through a ResizeObserver.
    autoSize: true,
    height: CHART_HEIGHT_PX,
    layout: {
      background: { type: ColorType.Solid, color: THEME.background },
      textColor: THEME.text,
      fontFamily: getComputedStyle(container).fontFamily,
    },
    grid: { vertLines: { color: THEME.grid }, horzLines: { color: THEME.grid } },
    rightPriceScale: { borderColor: THEME.border },
    timeScale: {
      borderColor: THEME.border,
      tickMarkFormatter: (time: Time, type: TickMarkType) =>
        formatTick(Number(time), type, locale, timeZoneFor(interval())),
    },
    crosshair: { mode: CrosshairMode.Normal },
    // A horizontal drag scrolls the chart, a vertical one the page; two fingers zoom.
    handleScroll: { mouseWheel: true, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
    handleScale: { mouseWheel: true, pinch: true, axisPressedMouseMove: true, axisDoubleClickReset: true },
    localization: {
      locale,
      priceFormatter: priceFormatter(locale),
      timeFormatter: (time: Time) => formatCrosshairTime(Number(time), interval(), locale),
    },
  });
  const candleSeries = chart.addSeries(CandlestickSeries, candleColors(colors));
  candleSeries.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.28 } });
  // Volume on its own, unlabelled scale along the bottom fifth.
  const volumeSeries = chart.addSeries(HistogramSeries, {
    priceFormat: { type: 'volume' },
    priceScaleId: '',
    lastValueVisible: false,
    priceLineVisible: false,
  });
  volumeSeries.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  return { chart, candleSeries, volumeSeries };
}

/** The figures of one candle above the chart: the one under the crosshair, else the latest. */
function Legend({
  candle,
  interval,
  lang,
}: {
  candle: ChartCandle | undefined;
  interval: CandleInterval;
  lang: Language;
}) {
  const { t } = useTranslation();
  // Before the first candle the legend's box is there, empty: the chart does not grow when it comes.
  if (!candle) return <div className="candle-chart-legend" aria-hidden="true" />;
  const locale = LOCALES[lang];
  const price = priceFormatter(locale);
  const volume = numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const items = [
    [t('market.figures.open'), price(candle.open)],
    [t('market.figures.high'), price(candle.high)],
    [t('market.figures.low'), price(candle.low)],
    [t('market.chart.close'), price(candle.close)],
    [t('market.figures.volume'), volume.format(candle.volume)],
  ] as const;
  return (
    <div className="candle-chart-legend" aria-hidden="true">
      <span className="candle-chart-legend-time">{formatCrosshairTime(candle.time, interval, locale)}</span>
      {items.map(([label, value]) => (
        <span key={label} className="candle-chart-legend-item">
          {label} <b>{value}</b>
        </span>
      ))}
    </div>
  );
}

/**
 * The candlestick chart with volume bars (lightweight-charts, loaded in its own chunk): crosshair,
 * drag and pinch on touch, mouse wheel, resizing with its container. Each new data set is timed as
 * the `chart-render` performance measure.
 */
export function CandleChart({ candles, interval, lang, availableAt, quote }: CandleChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const candleSeriesRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumeSeriesRef = useRef<ISeriesApi<'Histogram'> | null>(null);
  const intervalRef = useRef(interval);
  const lastRef = useRef<ChartCandle | undefined>(undefined);
  const byTimeRef = useRef(new Map<number, ChartCandle>());
  const volumeSeenRef = useRef<number | null>(null);
  // Legend state belongs to one data set: a new one makes it void without resetting it.
  const [hovered, setHovered] = useState<{ data: readonly Candle[]; candle: ChartCandle | undefined }>();
  const [forming, setForming] = useState<{ data: readonly Candle[]; candle: ChartCandle }>();
  const lastOfData = useMemo(() => {
    const last = candles[candles.length - 1];
    return last ? toChartCandle(last) : undefined;
  }, [candles]);
  const latest = forming?.data === candles ? forming.candle : lastOfData;
  const dataRef = useRef(candles);
  const convention = useColorConvention();
  const colors = useMemo(() => chartColors(convention), [convention]);
  const currentColors = useEffectEvent(() => colors);

  // Counts the charts created; the data effect runs again when one is there.
  const [created, setCreated] = useState(0);

  // The chart itself: created once the screen around it has been painted, removed with the component.
  // Creating it (its canvases, a layout to measure them) and its first draw took 60 and 90 ms of this
  // machine's CPU on opening a stock; in the commit that first shows the screen they held back the
  // frame with the quote, the screen's largest text (issue 17, docs/performance.md).
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let removeChart = () => undefined as void;
    void afterNextPaint(1_000, 1).then(() => {
      if (cancelled) return;
      const { chart, candleSeries, volumeSeries } = buildChart(
        container,
        lang,
        () => intervalRef.current,
        currentColors(),
      );
      const onCrosshairMove = (param: MouseEventParams) => {
        const candle = param.time === undefined ? undefined : byTimeRef.current.get(Number(param.time));
        setHovered({ data: dataRef.current, candle });
      };
      chart.subscribeCrosshairMove(onCrosshairMove);
      chartRef.current = chart;
      candleSeriesRef.current = candleSeries;
      volumeSeriesRef.current = volumeSeries;
      removeChart = () => {
        chart.unsubscribeCrosshairMove(onCrosshairMove);
        chart.remove();
        chartRef.current = null;
        candleSeriesRef.current = null;
        volumeSeriesRef.current = null;
      };
      setCreated((count) => count + 1);
    });
    return () => {
      cancelled = true;
      removeChart();
    };
  }, [lang]);

  // A new data set (another tab, or fresh data): convert, set, fit; timed for the budget of
  // 50 ms for three years of daily candles.
  useEffect(() => {
    const chart = chartRef.current;
    const candleSeries = candleSeriesRef.current;
    const volumeSeries = volumeSeriesRef.current;
    if (!chart || !candleSeries || !volumeSeries) return;
    const detail = { interval, candles: candles.length };
    const start = performance.now();
    intervalRef.current = interval;
    const data = candles.map(toChartCandle);
    chart.applyOptions({ timeScale: { timeVisible: isIntraday(interval), secondsVisible: false } });
    candleSeries.setData(data.map(candleBar));
    const volumeColors = currentColors();
    volumeSeries.setData(data.map((candle) => volumeBar(candle, volumeColors)));
    const timeScale = chart.timeScale();
    const fitting = Math.floor(timeScale.width() / READABLE_BAR_SPACING_PX);
    if (fitting > 0 && data.length > fitting) {
      timeScale.setVisibleLogicalRange({ from: data.length - fitting, to: data.length - 1 });
    } else {
      timeScale.fitContent();
    }
    const end = performance.now();
    let frame = 0;
    if (data.length > 0) {
      performance.measure(CHART_RENDER_MEASURE, { start, end, detail });
      // lightweight-charts paints in the next animation frame; this callback runs after it.
      frame = requestAnimationFrame(() =>
        performance.measure(CHART_PAINT_MEASURE, { start: availableAt ?? start, end: performance.now(), detail }),
      );
    }
    byTimeRef.current = new Map(data.map((candle) => [candle.time, candle]));
    lastRef.current = data[data.length - 1];
    dataRef.current = candles;
    volumeSeenRef.current = null;
    return () => cancelAnimationFrame(frame);
    // `created`: a new chart (the first, or one for another language) needs the data set again.
  }, [candles, interval, created, availableAt]);

  // Live quotes extend the forming candle of an intraday chart.
  const applyQuote = useEffectEvent((live: Quote) => {
    const candleSeries = candleSeriesRef.current;
    const volumeSeries = volumeSeriesRef.current;
    if (!candleSeries || !volumeSeries) return;
    const previousVolume = volumeSeenRef.current;
    volumeSeenRef.current = live.volume;
    // The day's volume grows with each trade; the first quote seen gives no difference yet.
    const traded = previousVolume === null ? 0 : Math.max(0, live.volume - previousVolume);
    const next = nextLiveCandle(lastRef.current, intervalRef.current, live, traded);
    if (!next) return;
    candleSeries.update(candleBar(next));
    volumeSeries.update(volumeBar(next, colors));
    lastRef.current = next;
    byTimeRef.current.set(next.time, next);
    setForming({ data: dataRef.current, candle: next });
  });
  // `created`: the quote that came before the chart extends it once it is there.
  useEffect(() => {
    if (quote) applyQuote(quote);
  }, [quote, created]);

  // The investor switches the colour convention: candles and volume bars take the new colours.
  const appliedRef = useRef(colors);
  useEffect(() => {
    const candleSeries = candleSeriesRef.current;
    const volumeSeries = volumeSeriesRef.current;
    if (appliedRef.current === colors || !candleSeries || !volumeSeries) return;
    appliedRef.current = colors;
    candleSeries.applyOptions(candleColors(colors));
    const shown = [...byTimeRef.current.values()].sort((a, b) => a.time - b.time);
    volumeSeries.setData(shown.map((candle) => volumeBar(candle, colors)));
  }, [colors]);

  return (
    <>
      <Legend
        candle={(hovered?.data === candles ? hovered.candle : undefined) ?? latest}
        interval={interval}
        lang={lang}
      />
      <div ref={containerRef} className="candle-chart-canvas" style={{ height: CHART_HEIGHT_PX }} />
    </>
  );
}
