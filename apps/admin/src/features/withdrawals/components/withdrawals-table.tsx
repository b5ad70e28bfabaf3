import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminWithdrawal } from '@bourse/shared/schemas/wallet';
import { paths } from '../../../lib/paths.ts';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { PagedList, type PageQuery } from '../../../ui/paged-list.tsx';
import type { PageParams } from '../../../ui/pagination.ts';
import type { WithdrawalStatus } from '../api/get-withdrawals.ts';
import { netPayout } from '../net-payout.ts';
import { WithdrawalStatusTag } from './withdrawal-status-tag.tsx';
import { type ConsoleColumns } from '../../../ui/console-table.tsx';

interface WithdrawalsTableProps {
  status: WithdrawalStatus;
  query: PageQuery<AdminWithdrawal>;
  pageParams: PageParams;
  onPageChange: (params: PageParams) => void;
  onPay: (withdrawal: AdminWithdrawal) => void;
  onReject: (withdrawal: AdminWithdrawal) => void;
}

/** Withdrawals in one status; decisions are offered on pending ones only, the reason shown on rejected ones. */
export function WithdrawalsTable(props: WithdrawalsTableProps) {
  const { status, query, pageParams, onPageChange, onPay, onReject } = props;
  const { t } = useTranslation();

  const columns: ConsoleColumns<AdminWithdrawal> = [
    {
      key: 'createdAt',
      title: `${t('admin.withdrawals.createdAt')} (${browserTimeZone})`,
      render: (_, { createdAt }) => <DateTime value={createdAt} />,
      className: 'nowrap',
    },
    { key: 'id', title: t('admin.withdrawals.id'), dataIndex: 'id' },
    {
      key: 'investor',
      title: t('admin.withdrawals.investor'),
      render: (_, { userId, phone }) => <Link to={paths.user.getHref(userId)}>{phone}</Link>,
    },
    {
      key: 'amount',
      title: t('admin.withdrawals.amount'),
      align: 'right',
      render: (_, { amount }) => <MoneyText amount={amount} />,
    },
    {
      key: 'fee',
      title: t('admin.withdrawals.fee'),
      align: 'right',
      render: (_, { fee }) => <MoneyText amount={fee} />,
    },
    {
      key: 'net',
      title: t('admin.withdrawals.net'),
      align: 'right',
      render: (_, withdrawal) => <MoneyText amount={netPayout(withdrawal)} strong />,
    },
    {
      key: 'account',
      title: t('admin.withdrawals.account'),
      render: (_, { card }) => (
        <span className="account-cell">
          <span>{card.holderName}</span>
          <code className="mono">{card.ibanMasked}</code>
          <span className="account-cell__bank">{card.bankName}</span>
        </span>
      ),
    },
    {
      key: 'status',
      title: t('admin.withdrawals.status'),
      render: (_, { status: value }) => <WithdrawalStatusTag status={value} />,
    },
    ...(status === 'rejected'
      ? ([
          {
            key: 'reason',
            title: t('admin.withdrawals.reason'),
            render: (_, { reason }) => <span className="reason-cell">{reason ?? '—'}</span>,
          },
        ] satisfies ConsoleColumns<AdminWithdrawal>)
      : []),
    ...(status === 'pending'
      ? ([
          {
            key: 'actions',
            title: t('admin.withdrawals.actions'),
            // Kept in view while the wide table scrolls sideways on a laptop screen.
            fixed: 'right',
            render: (_, withdrawal) => {
              const label = t('admin.withdrawals.label', { id: withdrawal.id });
              return (
                <Space size="small">
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => onPay(withdrawal)}
                    aria-label={`${t('admin.withdrawals.pay')}: ${label}`}
                  >
                    {t('admin.withdrawals.pay')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    onClick={() => onReject(withdrawal)}
                    aria-label={`${t('admin.withdrawals.reject')}: ${label}`}
                  >
                    {t('admin.withdrawals.reject')}
                  </Button>
                </Space>
              );
            },
          },
        ] satisfies ConsoleColumns<AdminWithdrawal>)
      : []),
  ];

  return (
    <PagedList<AdminWithdrawal>
      query={query}
      rowKey="id"
      columns={columns}
      emptyText={t('admin.withdrawals.empty')}
      pageParams={pageParams}
      onPageChange={onPageChange}
    />
  );
}
