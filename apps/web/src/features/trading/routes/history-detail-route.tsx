import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { usePosition } from '../api/get-position';
import { PositionHeading, PurchaseFigures, ResultFigures } from '../components/position-figures';
import { SalesList } from '../components/sales-list';
import { isMissingLot, positiveId } from '../position-id';
import '../trading.css';

/**
 * /historyDetail?id=N: a lot sold from — realized P/L and ratio, the last sale's price, type and
 * time, the buy and every sale with all their fees.
 */
export function HistoryDetailRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const positionId = positiveId(searchParams.get('id'));
  const lot = usePosition(positionId);

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
        <div className="trade-content">
          <PositionHeading lot={lot.data} />
          <ResultFigures lot={lot.data} />
          <SalesList sales={lot.data.sales} />
          <PurchaseFigures lot={lot.data} />
        </div>
      </RefreshList>
    );
  }
  return <Page title={t('trading.history.detailTitle')}>{content}</Page>;
}
