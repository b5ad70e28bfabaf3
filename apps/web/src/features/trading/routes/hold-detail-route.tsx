import type { Position } from '@bourse/shared/schemas/trading';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { usePosition } from '../api/get-position';
import { HoldingFigures, PositionHeading, PurchaseFigures, ResultFigures } from '../components/position-figures';
import { SalesList } from '../components/sales-list';
import { revalueLot } from '../figures';
import { useLivePrice } from '../use-live-price';
import { useTradingEvents } from '../use-trading-events';
import { isMissingLot, positiveId } from '../position-id';
import '../trading.css';

/**
 * /shares/holdDetail?id=N: one position lot — its live value and P/L, the buy with every fee, each
 * sale — with the way to sell from it. A sold-out lot says so and leads to its history.
 */
export function HoldDetailRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const positionId = positiveId(searchParams.get('id'));
  const lot = usePosition(positionId);
  useTradingEvents();

  let content;
  if (positionId === null || (!lot.data && isMissingLot(lot.error))) {
    content = <p className="notice-card">{t('trading.detail.notFound')}</p>;
  } else if (!lot.data) {
    content = lot.isError ? (
      <div className="trade-content">
        <QueryError onRetry={() => void lot.refetch()} />
      </div>
    ) : (
      <PageLoading />
    );
  } else {
    content = (
      <RefreshList onRefresh={() => lot.refetch()}>
        {lot.data.status === 'open' ? <OpenLot lot={lot.data} /> : <ClosedLot lot={lot.data} />}
      </RefreshList>
    );
  }
  return <Page title={t('trading.detail.title')}>{content}</Page>;
}

function OpenLot({ lot }: { lot: Position }) {
  const { t } = useTranslation();
  const live = useLivePrice(lot.code);
  const valued = revalueLot(lot, live?.last);
  return (
    <div className="trade-content">
      <PositionHeading lot={valued} />
      <HoldingFigures lot={valued} />
      <PurchaseFigures lot={valued} />
      {valued.sales.length > 0 && <ResultFigures lot={valued} />}
      <SalesList sales={valued.sales} />
      <div className="trade-actions">
        {valued.sellable > 0 && (
          <Link className="button-link button-link-sell" to={paths.trade.getHref(lot.code, 'sell', lot.id)}>
            {t('trading.sides.sell')}
          </Link>
        )}
        <Link className="button-link button-link-outline" to={paths.trade.getHref(lot.code, 'buy')}>
          {t('trading.detail.buyMore')}
        </Link>
      </div>
    </div>
  );
}

function ClosedLot({ lot }: { lot: Position }) {
  const { t } = useTranslation();
  return (
    <div className="trade-content">
      <PositionHeading lot={lot} />
      <ResultFigures lot={lot} />
      <PurchaseFigures lot={lot} />
      <SalesList sales={lot.sales} />
      <div className="trade-actions">
        <Link className="button-link button-link-outline" to={paths.historyDetail.getHref(lot.id)}>
          {t('trading.detail.toHistory')}
        </Link>
      </div>
    </div>
  );
}
