import type { Holding, Position } from '@bourse/shared/schemas/trading';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { MenuList } from '../../../ui/menu-list';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { StatList } from '../../../ui/stat-list';
import { useHoldings } from '../api/get-holdings';
import { usePositions } from '../api/get-positions';
import { HoldingItem, type LiveValue } from '../components/holding-item';
import { PositionItem } from '../components/position-item';
import { SignedText } from '../components/signed-text';
import { sumAmounts } from '../figures';
import { useTradingEvents } from '../use-trading-events';
import { useTradingFormat } from '../use-trading-format';
import '../trading.css';

/**
 * /ucenter/holding: what the investor holds, per instrument, valued at the live price; with
 * `?code=X`, the open lots of that instrument, each leading to its detail.
 */
export function HoldingRoute() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim().toUpperCase() || null;
  useTradingEvents();
  return code ? <InstrumentLots key={code} code={code} /> : <Holdings />;
}

function Holdings() {
  const { t } = useTranslation();
  const holdings = useHoldings();
  // The lots behind each holding: its live value is summed over them.
  const positions = usePositions();

  return (
    <Page title={t('trading.holdings.title')}>
      <RefreshList
        onRefresh={() => Promise.all([holdings.refetch(), positions.refetch()])}
        empty={holdings.data?.length === 0}
        emptyText={t('emptyStates.holdings')}
        emptyAction={{ label: t('emptyStates.exploreMarket'), to: paths.market.getHref() }}
      >
        {holdings.data ? (
          <HoldingList holdings={holdings.data} lots={positions.data} />
        ) : holdings.isError ? (
          <div className="trade-content">
            <QueryError onRetry={() => void holdings.refetch()} />
          </div>
        ) : (
          <PageLoading inline />
        )}
        <TradingMenu />
      </RefreshList>
    </Page>
  );
}

function HoldingList({ holdings, lots }: { holdings: Holding[]; lots: Position[] | undefined }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  // Each row values its holding at the live price; the totals add up what the rows show.
  const [live, setLive] = useState<Readonly<Record<string, LiveValue>>>({});
  const onLive = useCallback((code: string, value: LiveValue) => {
    setLive((current) => {
      const known = current[code];
      if (known && known.marketValue === value.marketValue && known.floatingPnl === value.floatingPnl) return current;
      return { ...current, [code]: value };
    });
  }, []);
  const shown = holdings.map((holding) => live[holding.code] ?? holding);
  const marketValue = sumAmounts(shown.map((value) => value.marketValue)) ?? '0.00';
  const floatingPnl = sumAmounts(shown.map((value) => value.floatingPnl)) ?? '0.00';

  return (
    <>
      <section className="trade-summary" aria-labelledby="holdings-total">
        <p className="assets-total">
          <span id="holdings-total" className="assets-total-label">
            {t('trading.holdings.marketValue')}
          </span>
          <span className="assets-total-value">{format.money(marketValue)}</span>
        </p>
        <StatList
          items={[
            {
              key: 'pnl',
              label: t('trading.holdings.floatingPnl'),
              value: <SignedText value={floatingPnl}>{format.money(floatingPnl, { signed: true })}</SignedText>,
            },
            { key: 'count', label: t('trading.holdings.instruments'), value: format.count(holdings.length) },
          ]}
        />
      </section>
      {holdings.length > 0 && (
        <ul className="trade-list" aria-label={t('trading.holdings.title')}>
          {holdings.map((holding) => (
            <HoldingItem
              key={holding.code}
              holding={holding}
              lots={lots?.filter((lot) => lot.code === holding.code && lot.status === 'open')}
              onLive={onLive}
            />
          ))}
        </ul>
      )}
    </>
  );
}

/** The other trading screens, from the holdings. */
function TradingMenu() {
  const { t } = useTranslation();
  return (
    <MenuList
      label={t('trading.menu.title')}
      items={[
        { key: 'orders', kind: 'link', label: t('trading.menu.orders'), to: paths.transaction.getHref() },
        { key: 'history', kind: 'link', label: t('trading.menu.history'), to: paths.historyPosition.getHref() },
      ]}
    />
  );
}

function InstrumentLots({ code }: { code: string }) {
  const { t } = useTranslation();
  const positions = usePositions();
  const lots = positions.data?.filter((lot) => lot.code === code && lot.status === 'open');
  const name = lots?.[0]?.name ?? code;

  return (
    <Page title={t('trading.lots.title', { name })}>
      <RefreshList
        onRefresh={() => positions.refetch()}
        empty={lots?.length === 0}
        emptyText={t('emptyStates.holdings')}
        emptyAction={{ label: t('emptyStates.exploreMarket'), to: paths.market.getHref() }}
      >
        {lots ? (
          lots.length > 0 && (
            <ul className="trade-list" aria-label={t('trading.lots.title', { name })}>
              {lots.map((lot) => (
                <PositionItem key={lot.id} lot={lot} />
              ))}
            </ul>
          )
        ) : positions.isError ? (
          <div className="trade-content">
            <QueryError onRetry={() => void positions.refetch()} />
          </div>
        ) : (
          <PageLoading inline />
        )}
        <div className="trade-actions">
          <Link className="button-link" to={paths.trade.getHref(code, 'buy')}>
            {t('trading.sides.buy')}
          </Link>
          {lots && lots.length > 0 && (
            <Link className="button-link button-link-sell" to={paths.trade.getHref(code, 'sell')}>
              {t('trading.sides.sell')}
            </Link>
          )}
        </div>
      </RefreshList>
    </Page>
  );
}
