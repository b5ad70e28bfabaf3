import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminBlockOrder, BlockOrderStatus } from '@bourse/shared/schemas/blocktrade';
import { paths } from '../../../lib/paths.ts';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { PagedList, type PageQuery } from '../../../ui/paged-list.tsx';
import type { PageParams } from '../../../ui/pagination.ts';
import { PriceText } from '../../../ui/price-text.tsx';
import { BlockOrderStatusTag } from './block-status-tag.tsx';
import { type ConsoleColumns } from '../../../ui/console-table.tsx';

interface BlockOrdersTableProps {
  status: BlockOrderStatus;
  query: PageQuery<AdminBlockOrder>;
  pageParams: PageParams;
  onPageChange: (params: PageParams) => void;
  onApprove: (order: AdminBlockOrder) => void;
  onReject: (order: AdminBlockOrder) => void;
}

/** Block orders in one status; decisions on pending ones only, the reason shown on rejected ones. */
export function BlockOrdersTable(props: BlockOrdersTableProps) {
  const { status, query, pageParams, onPageChange, onApprove, onReject } = props;
  const { t } = useTranslation();

  const columns: ConsoleColumns<AdminBlockOrder> = [
    {
      key: 'createdAt',
      title: `${t('admin.blockTrades.orderedAt')} (${browserTimeZone})`,
      className: 'nowrap',
      render: (_, { createdAt }) => <DateTime value={createdAt} />,
    },
    { key: 'id', under: 'createdAt', title: t('admin.blockTrades.id'), dataIndex: 'id' },
    {
      key: 'investor',
      title: t('admin.blockTrades.investor'),
      render: (_, { userId, phone }) => <Link to={paths.user.getHref(userId)}>{phone}</Link>,
    },
    {
      key: 'instrument',
      title: t('admin.blockTrades.instrument'),
      render: (_, { code, name }) => (
        <>
          <code className="mono">{code}</code> {name}
        </>
      ),
    },
    { key: 'quantity', title: t('admin.blockTrades.quantity'), align: 'right', dataIndex: 'quantity' },
    {
      key: 'price',
      under: 'quantity',
      title: t('admin.blockTrades.price'),
      align: 'right',
      render: (_, { price }) => <PriceText value={price} />,
    },
    {
      key: 'amount',
      title: t('admin.blockTrades.amount'),
      align: 'right',
      render: (_, { amount }) => <MoneyText amount={amount} strong />,
    },
    {
      key: 'status',
      title: t('admin.blockTrades.status'),
      render: (_, { status: value }) => <BlockOrderStatusTag status={value} />,
    },
    ...(status === 'pending'
      ? ([
          {
            key: 'approvals',
            under: 'status',
            title: t('admin.blockTrades.approvals'),
            render: (_, { approvals, approvalsRequired }) =>
              t('admin.blockTrades.approvalsValue', { approvals, required: approvalsRequired }),
          },
          {
            key: 'actions',
            title: t('admin.blockTrades.actions'),
            fixed: 'right',
            render: (_, order) => {
              const label = t('admin.blockTrades.label', { id: order.id });
              return (
                <Space size="small">
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => onApprove(order)}
                    aria-label={`${t('admin.blockTrades.approve')}: ${label}`}
                  >
                    {t('admin.blockTrades.approve')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    onClick={() => onReject(order)}
                    aria-label={`${t('admin.blockTrades.reject')}: ${label}`}
                  >
                    {t('admin.blockTrades.reject')}
                  </Button>
                </Space>
              );
            },
          },
        ] satisfies ConsoleColumns<AdminBlockOrder>)
      : ([
          {
            key: 'decidedAt',
            under: 'createdAt',
            title: `${t('admin.blockTrades.decidedAt')} (${browserTimeZone})`,
            className: 'nowrap',
            render: (_, { decidedAt }) => (decidedAt ? <DateTime value={decidedAt} /> : '—'),
          },
          ...(status === 'rejected'
            ? ([
                {
                  key: 'reason',
                  under: 'status',
                  title: t('admin.blockTrades.reason'),
                  render: (_, { reason }) => <span className="reason-cell">{reason ?? '—'}</span>,
                },
              ] satisfies ConsoleColumns<AdminBlockOrder>)
            : []),
        ] satisfies ConsoleColumns<AdminBlockOrder>)),
  ];

  return (
    <PagedList<AdminBlockOrder>
      query={query}
      rowKey="id"
      columns={columns}
      emptyText={t('admin.blockTrades.ordersEmpty')}
      pageParams={pageParams}
      onPageChange={onPageChange}
    />
  );
}
