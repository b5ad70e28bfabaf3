import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminPayment } from '@bourse/shared/schemas/wallet';
import { paths } from '../../../lib/paths.ts';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { PagedList, type PageQuery } from '../../../ui/paged-list.tsx';
import type { PageParams } from '../../../ui/pagination.ts';
import { PaymentStatusTag } from './payment-status-tag.tsx';
import { type ConsoleColumns } from '../../../ui/console-table.tsx';

interface PaymentsTableProps {
  query: PageQuery<AdminPayment>;
  pageParams: PageParams;
  onPageChange: (params: PageParams) => void;
}

export function PaymentsTable({ query, pageParams, onPageChange }: PaymentsTableProps) {
  const { t } = useTranslation();

  const columns: ConsoleColumns<AdminPayment> = [
    {
      key: 'createdAt',
      title: `${t('admin.payments.createdAt')} (${browserTimeZone})`,
      render: (_, { createdAt }) => <DateTime value={createdAt} />,
      className: 'nowrap',
    },
    { key: 'id', title: t('admin.payments.id'), dataIndex: 'id' },
    { key: 'type', title: t('admin.payments.type'), render: (_, { type }) => t(`admin.payments.types.${type}`) },
    {
      key: 'investor',
      title: t('admin.payments.investor'),
      render: (_, { userId, phone }) => <Link to={paths.user.getHref(userId)}>{phone}</Link>,
    },
    {
      key: 'amount',
      title: t('admin.payments.amount'),
      align: 'right',
      render: (_, { amount }) => <MoneyText amount={amount} />,
    },
    {
      key: 'status',
      title: t('admin.payments.status'),
      render: (_, { status }) => <PaymentStatusTag status={status} />,
    },
    {
      key: 'completedAt',
      title: `${t('admin.payments.completedAt')} (${browserTimeZone})`,
      render: (_, { completedAt }) => (completedAt ? <DateTime value={completedAt} /> : '—'),
      className: 'nowrap',
    },
  ];

  return (
    <PagedList<AdminPayment>
      query={query}
      rowKey="id"
      columns={columns}
      emptyText={t('admin.payments.empty')}
      pageParams={pageParams}
      onPageChange={onPageChange}
    />
  );
}
