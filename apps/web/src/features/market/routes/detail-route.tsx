import { useDeferredValue, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { INSTRUMENT_CODE_PATTERN, type InstrumentDetail } from '@bourse/shared/schemas/market';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { RequestError } from '../../../lib/request-error';
import { useLiveQuote } from '../../../lib/stream';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { candlesQueryOptions } from '../api/get-candles';
import { useInstrument } from '../api/get-instrument';
import { DEFAULT_CHART_INTERVAL } from '../chart-data';
import { ChartPanel } from '../components/chart-panel';
import { ExchangeCard } from '../components/exchange-card';
import { FavoriteStar } from '../components/favorite-star';
import { KeyFigures } from '../components/key-figures';
import { QuoteHeader } from '../components/quote-header';
import '../market.css';

/** The code from `/detail?code=X` or `/stockInfo/X` (the spec's `:title`), as the API spells codes. */
function useInstrumentCode(): string {
  const { title } = useParams();
  const [searchParams] = useSearchParams();
  return (title ?? searchParams.get('code') ?? '').trim().toUpperCase();
}

function InstrumentScreen({ instrument }: { instrument: InstrumentDetail }) {
  const { t } = useTranslation();
  const quote = useLiveQuote(instrument.code, instrument.quote) ?? instrument.quote;
  // An index is a market indicator: shown, never traded.
  const isIndex = instrument.board === 'index';
  const canTrade = !isIndex && instrument.tradingEnabled && instrument.status === 'listed';
  return (
    <Page
      title={instrument.name}
      className="market-page"
      right={<FavoriteStar code={instrument.code} isFavorite={instrument.isFavorite} />}
    >
      <div className="market-content">
        <QuoteHeader instrument={instrument} quote={quote} />
        <ChartPanel code={instrument.code} name={instrument.name} quote={quote} />
        <KeyFigures instrument={instrument} quote={quote} />
        {instrument.exchangeInfo && <ExchangeCard exchange={instrument.exchangeInfo} nowMs={Date.parse(quote.time)} />}
      </div>
      <div className="sticky-actions">
        {isIndex ? (
          <p className="market-notice" role="note">
            {t('exchange.indexNote')}
          </p>
        ) : canTrade ? (
          <Link className="button-link button-link-block" to={paths.trade.getHref(instrument.code)}>
            {t('market.trade')}
          </Link>
        ) : (
          <p className="market-notice" role="note">
            {t('market.tradingSuspended')}
          </p>
        )}
      </div>
    </Page>
  );
}

/**
 * /detail?code=X and /stockInfo/X: a stock's live quote, chart and key figures, the favorite star and
 * the way to trade it. Open to everyone (product spec §2 lists /detail); /stockInfo needs a login.
 */
export function DetailRoute() {
  const { t } = useTranslation();
  const code = useInstrumentCode();
  const valid = INSTRUMENT_CODE_PATTERN.test(code);
  const instrument = useInstrument(code, { enabled: valid });
  const queryClient = useQueryClient();
  // The chart's first candles load alongside the instrument rather than after it.
  useEffect(() => {
    if (valid) void queryClient.prefetchQuery(candlesQueryOptions({ code, interval: DEFAULT_CHART_INTERVAL }));
  }, [queryClient, code, valid]);

  // The screen is built in a render React may pause for the browser (a deferred value), not in the same
  // task as the data's arrival: TanStack Query reports it through useSyncExternalStore, whose updates
  // render at once, and the whole screen's first render was one 160 ms task under Lighthouse's 4× CPU
  // slowdown (issue 17, docs/performance.md "Lighthouse"). The loading state stays until it is done.
  const shown = useDeferredValue(instrument.data);
  if (shown) return <InstrumentScreen instrument={shown} />;
  const notFound =
    !valid || (instrument.error instanceof RequestError && instrument.error.errorCode === 'INSTRUMENT_NOT_FOUND');
  return (
    <Page title={t('market.detailTitle')} className="market-page">
      <div className="market-content">
        {notFound ? (
          <div className="query-error" role="alert">
            <p>{t('market.notFound', { code: code || '—' })}</p>
            <Link className="button-link" to={paths.search.getHref()}>
              {t('market.searchStocks')}
            </Link>
          </div>
        ) : instrument.isError ? (
          <QueryError onRetry={() => void instrument.refetch()} />
        ) : (
          <PageLoading />
        )}
      </div>
    </Page>
  );
}
