import { Suspense, lazy, useId, useMemo, useState, type CSSProperties } from 'react';
import { Button } from 'antd-mobile';
import { LOCALES, type Language } from '@bourse/shared/languages';
import { dateTimeFormat } from '@bourse/shared/format';
import type { Candle, CandleInterval, Quote } from '@bourse/shared/schemas/market';
import { useTranslation } from 'react-i18next';
import { displayLongDate, userTimeZone } from '../../../ui/format-date';
import { PageLoading } from '../../../ui/page-loading';
import { TabList, tabPanelProps } from '../../../ui/tab-list';
import { useLanguage } from '../../../ui/use-language';
import { useCandles } from '../api/get-candles';
import { CHART_HEIGHT_PX, CHART_INTERVALS, DEFAULT_CHART_INTERVAL, isIntraday, summarizeCandles } from '../chart-data';
import { useMarketFormat } from '../use-market-format';

// lightweight-charts (~50 KB gzipped) is a chunk of its own. Its download starts when this module
// loads, i.e. with the detail screen's own chunk, so it is ready by the time the candles arrive.
const chartModule = import('./candle-chart');
const CandleChart = lazy(() => chartModule.then((m) => ({ default: m.CandleChart })));

const NO_CANDLES: readonly Candle[] = [];

function formatChartTime(iso: string, interval: CandleInterval, lang: Language): string {
  if (!isIntraday(interval)) return displayLongDate(iso, lang);
  return dateTimeFormat(LOCALES[lang], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: userTimeZone(),
  }).format(new Date(iso));
}

interface Shown {
  interval: CandleInterval;
  candles: readonly Candle[];
  /** When these candles became available to show: their arrival, or the tab press for cached ones. */
  availableAt: number;
}

/**
 * The chart block of the detail screen: interval tabs (intraday, five days, day, week, month), the
 * candlestick chart with an accessible summary, and the spec's message when candles fail to load.
 * The chart is created while the first candles load, and stays in place while another interval loads.
 */
export function ChartPanel({ code, name, quote }: { code: string; name: string; quote?: Quote }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const format = useMarketFormat();
  const idPrefix = useId();
  // `at`: when the user asked for the interval (opening the screen, pressing a tab). Candles already
  // in the cache are available from then on; others from their arrival.
  const [selection, setSelection] = useState<{ interval: CandleInterval; at: number }>(() => ({
    interval: DEFAULT_CHART_INTERVAL,
    at: performance.now(),
  }));
  const interval = selection.interval;
  const query = useCandles({ code, interval });
  const [shown, setShown] = useState<Shown>();
  if (query.data && (shown?.candles !== query.data.candles || shown.interval !== interval)) {
    setShown({ interval, candles: query.data.candles, availableAt: Math.max(query.data.receivedAt, selection.at) });
  }
  const loading = query.data === undefined && !query.isError;
  const empty = shown !== undefined && shown.candles.length === 0 && !loading;

  // The panel renders again with every live quote; the summary goes over every candle, so only once per
  // data set (three years of daily candles: some 3,000 prices parsed).
  const summary = useMemo(() => (shown ? summarizeCandles(shown.candles) : null), [shown]);
  const label = useMemo(
    () =>
      shown && summary
        ? t('market.chart.summary', {
            kind: t(`market.chart.kinds.${shown.interval}`),
            name,
            count: format.integer(summary.count),
            from: formatChartTime(summary.from, shown.interval, lang),
            to: formatChartTime(summary.to, shown.interval, lang),
            close: format.price(summary.close),
            low: format.price(summary.low),
            high: format.price(summary.high),
          })
        : undefined,
    [shown, summary, t, name, format, lang],
  );

  return (
    <section className="market-card chart-panel" aria-labelledby={`${idPrefix}-title`}>
      <h2 id={`${idPrefix}-title`} className="card-title">
        {t('market.chart.title')}
      </h2>
      <TabList
        className="chart-tabs"
        items={CHART_INTERVALS.map((key) => ({ key, label: t(`market.chart.intervals.${key}`) }))}
        value={interval}
        onChange={(key) => setSelection({ interval: key, at: performance.now() })}
        label={t('market.chart.title')}
        idPrefix={idPrefix}
      />
      <div
        {...tabPanelProps(idPrefix, interval)}
        className="chart-panel-body"
        aria-busy={loading}
        style={{ '--chart-canvas-height': `${CHART_HEIGHT_PX}px` } as CSSProperties}
      >
        {query.isError && (
          <div className="chart-panel-error" role="alert">
            <p>{t('market.chart.loadFailed')}</p>
            <Button size="small" color="primary" fill="outline" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        )}
        {empty && <p className="market-empty">{t('market.chart.empty')}</p>}
        <figure className="candle-chart" aria-label={label} hidden={query.isError || empty}>
          <Suspense fallback={<PageLoading inline />}>
            <CandleChart
              candles={shown?.candles ?? NO_CANDLES}
              interval={shown?.interval ?? interval}
              availableAt={shown?.availableAt}
              lang={lang}
              quote={shown && isIntraday(shown.interval) ? quote : undefined}
            />
          </Suspense>
          {loading && (
            <div className="candle-chart-busy">
              <PageLoading inline />
            </div>
          )}
        </figure>
      </div>
    </section>
  );
}
