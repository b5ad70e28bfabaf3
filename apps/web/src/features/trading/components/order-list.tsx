import { paths } from '../../../lib/paths';
import type { Order } from '@bourse/shared/schemas/trading';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { useOrders, type OrdersStatus } from '../api/get-orders';
import { OrderItem } from './order-item';

export interface OrderListProps {
  status: OrdersStatus | undefined;
  /** The list's accessible name. */
  label: string;
  /** Keeps only some of the orders the server sent (today's fills out of today's orders). */
  filter?: (order: Order) => boolean;
  /** What can be done with an order (cancel). */
  action?: (order: Order) => ReactNode;
}

/** Orders of one status, page by page as the user scrolls, with pull-to-refresh. */
export function OrderList({ status, label, filter, action }: OrderListProps) {
  const { t } = useTranslation();
  const orders = useOrders(status);
  if (!orders.data) {
    return orders.isError ? (
      <div className="trade-content">
        <QueryError onRetry={() => void orders.refetch()} />
      </div>
    ) : (
      <PageLoading inline />
    );
  }
  const all = orders.data.pages.flat();
  const shown = filter ? all.filter(filter) : all;
  return (
    <RefreshList
      onRefresh={() => orders.refetch()}
      onLoad={() => orders.fetchNextPage()}
      hasMore={orders.hasNextPage}
      empty={shown.length === 0 && !orders.hasNextPage}
      emptyText={t('emptyStates.orders')}
      emptyAction={{ label: t('emptyStates.exploreMarket'), to: paths.market.getHref() }}
    >
      {shown.length > 0 && (
        <ul className="trade-list" aria-label={label}>
          {shown.map((order) => (
            <OrderItem key={order.id} order={order} action={action?.(order)} />
          ))}
        </ul>
      )}
    </RefreshList>
  );
}
