import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { queryClient } from '../../../lib/query-client';
import { useSessionStore } from '../../../lib/session-store';
import { PageLoading } from '../../../ui/page-loading';
import { usePaneShown } from '../../../ui/pane-active';
import { QueryError } from '../../../ui/query-error';
import { StatusTag } from '../../../ui/status-tag';
import { useExchanges } from '../api/get-exchanges';
import { favoritesQueryOptions, useFavorites } from '../api/get-favorites';
import { overviewQueryOptions, useOverview } from '../api/get-overview';
import '../market.css';
import { ExchangesCard } from './exchanges-card';
import { FavoritesCard } from './favorites-card';
import { IndicesStrip } from './indices-strip';
import { MostActiveCard } from './most-active-card';
import { MoversCard } from './movers-card';
import { NewsSlot } from './news-slot';

/** Reloads the overview and the favorites (pull-to-refresh on the home screen). */
export function refreshMarketHome(): Promise<unknown> {
  return Promise.all([
    queryClient.refetchQueries({ queryKey: overviewQueryOptions().queryKey, type: 'active' }),
    queryClient.refetchQueries({ queryKey: favoritesQueryOptions().queryKey, type: 'active' }),
  ]);
}

/**
 * The market part of the home screen: whether the market is open, indices, the user's favorites,
 * top movers, most active, and the news slot (shown only when given headlines: the news feature
 * provides them once GET /api/news exists).
 */
export function MarketHome({ newsTeaser }: { newsTeaser?: ReactNode }) {
  const { t } = useTranslation();
  const loggedIn = useSessionStore((state) => state.token !== null);
  const overview = useOverview();
  const favorites = useFavorites();
  const exchanges = useExchanges();
  // With hours, each exchange has its own badge (the card below); 24/7, one badge says it all.
  const withHours = exchanges.data?.some((exchange) => !exchange.alwaysOpen) ?? false;
  // The rankings change while the tab is hidden; prices follow the stream anyway.
  usePaneShown(() => void overview.refetch());
  const data = overview.data;

  return (
    <>
      <div className="market-home-head">
        {data && !withHours && (
          <StatusTag tone={data.marketOpen ? 'success' : 'neutral'}>
            {data.marketOpen ? t('market.marketOpen') : t('market.marketClosed')}
          </StatusTag>
        )}
        <Link className="market-home-link" to={paths.search.getHref()}>
          {t('market.searchStocks')}
        </Link>
      </div>
      {data ? (
        <IndicesStrip indices={data.indices} />
      ) : overview.isError ? (
        <QueryError onRetry={() => void overview.refetch()} />
      ) : (
        <PageLoading inline />
      )}
      {loggedIn && (
        <FavoritesCard items={favorites.data} isError={favorites.isError} onRetry={() => void favorites.refetch()} />
      )}
      {data && (
        <>
          <MoversCard gainers={data.gainers} losers={data.losers} />
          <MostActiveCard items={data.active} />
        </>
      )}
      {withHours && exchanges.data && <ExchangesCard exchanges={exchanges.data} nowMs={exchanges.dataUpdatedAt} />}
      <NewsSlot>{newsTeaser}</NewsSlot>
    </>
  );
}
