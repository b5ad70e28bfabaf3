import type { BlockOrderStatus } from '@bourse/shared/schemas/blocktrade';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BLOCK_ORDER_FILTERS, type BlockOrderFilter, paths } from '../../../lib/paths';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { TabList, tabPanelProps } from '../../../ui/tab-list';
import { useBlockOrders } from '../api/get-orders';
import { OrderItem } from '../components/order-item';

const isFilter = (value: string | null): value is BlockOrderFilter =>
  value !== null && (BLOCK_ORDER_FILTERS as readonly string[]).includes(value);

/** /shares/dzjy-record?status=: the investor's block orders (pending, approved, rejected with the reason). */
export function BlockTradeRecordsRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('status');
  const filter: BlockOrderFilter = isFilter(raw) ? raw : 'all';
  return (
    <Page title={t('blockTrade.recordsTitle')}>
      <TabList
        idPrefix="block-orders"
        label={t('blockTrade.statusLabel')}
        items={BLOCK_ORDER_FILTERS.map((key) => ({ key, label: t(`blockTrade.filters.${key}`) }))}
        value={filter}
        onChange={(next) => setSearchParams(next === 'all' ? {} : { status: next }, { replace: true })}
      />
      <div {...tabPanelProps('block-orders', filter)}>
        <OrderList key={filter} status={filter === 'all' ? undefined : filter} />
      </div>
    </Page>
  );
}

function OrderList({ status }: { status: BlockOrderStatus | undefined }) {
  const { t } = useTranslation();
  const orders = useBlockOrders(status);
  if (!orders.data) {
    return orders.isError ? <QueryError onRetry={() => void orders.refetch()} /> : <PageLoading inline />;
  }
  const items = orders.data.pages.flatMap((page) => page.items);
  return (
    <RefreshList
      onRefresh={() => orders.refetch()}
      onLoad={() => orders.fetchNextPage()}
      hasMore={orders.hasNextPage}
      empty={items.length === 0 && !orders.hasNextPage}
      emptyText={t('emptyStates.blockOrders')}
      emptyAction={{ label: t('emptyStates.blockTrade'), to: paths.blockTrade.getHref() }}
    >
      {items.length > 0 && (
        <ul className="offer-list" aria-label={t('blockTrade.recordsTitle')}>
          {items.map((order) => (
            <OrderItem key={order.id} order={order} />
          ))}
        </ul>
      )}
    </RefreshList>
  );
}
