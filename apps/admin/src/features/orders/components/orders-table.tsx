import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminOrder } from '@bourse/shared/schemas/trading';
import { paths } from '../../../lib/paths.ts';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { PagedList, type PageQuery } from '../../../ui/paged-list.tsx';
import type { PageParams } from '../../../ui/pagination.ts';
import { PriceText } from '../../../ui/price-text.tsx';
import { OrderStatusTag } from './order-status-tag.tsx';
import { type ConsoleColumns } from '../../../ui/console-table.tsx';

interface OrdersTableProps {
  query: PageQuery<AdminOrder>;
  pageParams: PageParams;
  onPageChange: (params: PageParams) => void;
}

const money = (amount: string | null) => (amount === null ? '—' : <MoneyText amount={amount} />);

/** Orders with their fill: what was asked (side, type, quantity, limit) and what happened (price, costs). */
export function OrdersTable({ query, pageParams, onPageChange }: OrdersTableProps) {
  const { t } = useTranslation();

  const columns: ConsoleColumns<AdminOrder> = [
    {
      key: 'createdAt',
      title: `${t('admin.orders.placedAt')} (${browserTimeZone})`,
      render: (_, { createdAt }) => <DateTime value={createdAt} />,
      className: 'nowrap',
    },
    { key: 'id', title: t('admin.orders.id'), dataIndex: 'id' },
    {
      key: 'investor',
      title: t('admin.orders.investor'),
      render: (_, { userId, phone }) => <Link to={paths.user.getHref(userId)}>{phone}</Link>,
    },
    {
      key: 'instrument',
      title: t('admin.orders.instrument'),
      render: (_, { code, name }) => (
        <>
          <span className="mono">{code}</span> {name}
        </>
      ),
    },
    {
      key: 'order',
      title: t('admin.orders.order'),
      render: (_, { side, type, timeInForce }) =>
        [
          t(`admin.orders.sides.${side}`),
          t(`admin.orders.types.${type}`),
          ...(type === 'limit' ? [t(`admin.orders.timeInForce.${timeInForce}`)] : []),
        ].join(' · '),
      className: 'nowrap',
    },
    {
      key: 'quantity',
      title: t('admin.orders.quantity'),
      align: 'right',
      render: (_, { lots, quantity }) =>
        lots === null ? t('admin.orders.sharesValue', { quantity }) : t('admin.orders.lotsValue', { lots, quantity }),
      className: 'nowrap',
    },
    {
      key: 'limitPrice',
      title: t('admin.orders.limitPrice'),
      align: 'right',
      render: (_, { limitPrice }) => <PriceText value={limitPrice} />,
    },
    { key: 'status', title: t('admin.orders.status'), render: (_, { status }) => <OrderStatusTag status={status} /> },
    {
      key: 'fillPrice',
      under: 'limitPrice',
      title: t('admin.orders.fillPrice'),
      align: 'right',
      render: (_, { fillPrice }) => <PriceText value={fillPrice} />,
    },
    {
      key: 'gross',
      under: 'total',
      title: t('admin.orders.gross'),
      align: 'right',
      render: (_, { gross }) => money(gross),
    },
    {
      key: 'fees',
      under: 'total',
      title: t('admin.orders.fees'),
      align: 'right',
      render: (_, { fees }) => money(fees),
    },
    { key: 'total', title: t('admin.orders.total'), align: 'right', render: (_, { total }) => money(total) },
    {
      key: 'filledAt',
      under: 'createdAt',
      title: `${t('admin.orders.filledAt')} (${browserTimeZone})`,
      render: (_, { filledAt }) => (filledAt ? <DateTime value={filledAt} /> : '—'),
      className: 'nowrap',
    },
    {
      key: 'reason',
      under: 'status',
      title: t('admin.orders.reason'),
      render: (_, { rejectReason }) => rejectReason ?? '—',
    },
  ];

  return (
    <PagedList<AdminOrder>
      query={query}
      rowKey="id"
      columns={columns}
      emptyText={t('admin.orders.empty')}
      pageParams={pageParams}
      onPageChange={onPageChange}
    />
  );
}
