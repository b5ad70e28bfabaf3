/**
 * lightweight-charts draws on canvas, which jsdom lacks. This stand-in keeps what the app asks of
 * it (options, series, data, updates, fits) so tests can check the chart is given the right data;
 * the real library is exercised by the browser journey.
 */
interface SeriesDefinition {
  type: string;
}

export class FakeSeries {
  data: unknown[] = [];
  readonly updates: unknown[] = [];
  readonly scaleOptions: unknown[] = [];
  /** Options changed after creation (e.g. the colours of another convention). */
  readonly appliedOptions: unknown[] = [];
  constructor(
    readonly type: string,
    readonly options: unknown,
  ) {}
  setData(data: unknown[]) {
    this.data = data;
  }
  update(item: unknown) {
    this.updates.push(item);
  }
  applyOptions(options: unknown) {
    this.appliedOptions.push(options);
  }
  priceScale() {
    return { applyOptions: (options: unknown) => this.scaleOptions.push(options) };
  }
}

export class FakeChart {
  readonly series: FakeSeries[] = [];
  readonly appliedOptions: unknown[] = [];
  fits = 0;
  /** The visible ranges the app asked for, and the plot width it reads (the test may change it). */
  readonly visibleRanges: Array<{ from: number; to: number }> = [];
  plotWidth = 300;
  removed = false;
  crosshairHandlers = new Set<(param: { time?: number }) => void>();
  constructor(
    readonly container: HTMLElement,
    readonly options: Record<string, unknown>,
  ) {
    container.append(document.createElement('canvas'));
  }
  addSeries(definition: SeriesDefinition, options: unknown) {
    const series = new FakeSeries(definition.type, options);
    this.series.push(series);
    return series;
  }
  applyOptions(options: unknown) {
    this.appliedOptions.push(options);
  }
  timeScale() {
    return {
      fitContent: () => this.fits++,
      width: () => this.plotWidth,
      setVisibleLogicalRange: (range: { from: number; to: number }) => this.visibleRanges.push(range),
    };
  }
  subscribeCrosshairMove(handler: (param: { time?: number }) => void) {
    this.crosshairHandlers.add(handler);
  }
  unsubscribeCrosshairMove(handler: (param: { time?: number }) => void) {
    this.crosshairHandlers.delete(handler);
  }
  remove() {
    this.removed = true;
  }
  candles() {
    return this.series.find((series) => series.type === 'Candlestick')!;
  }
  volumes() {
    return this.series.find((series) => series.type === 'Histogram')!;
  }
}

export const charts: FakeChart[] = [];

export function fakeLightweightCharts() {
  return {
    ColorType: { Solid: 'solid' },
    CrosshairMode: { Normal: 0 },
    TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 },
    CandlestickSeries: { type: 'Candlestick' },
    HistogramSeries: { type: 'Histogram' },
    AreaSeries: { type: 'Area' },
    createChart: (container: HTMLElement, options: Record<string, unknown>) => {
      const chart = new FakeChart(container, options);
      charts.push(chart);
      return chart;
    },
  };
}
