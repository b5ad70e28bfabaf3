import { useTranslation } from 'react-i18next';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { TableEmpty } from '../../../ui/table-empty.tsx';
import type { UserCard } from '../api/get-user.ts';
import { type ConsoleColumns, ConsoleTable } from '../../../ui/console-table.tsx';

export function BankCardsTable({ cards }: { cards: UserCard[] }) {
  const { t } = useTranslation();
  const columns: ConsoleColumns<UserCard> = [
    { key: 'bankName', title: t('admin.users.bank'), dataIndex: 'bankName' },
    { key: 'holderName', title: t('admin.users.holder'), dataIndex: 'holderName' },
    {
      key: 'iban',
      title: t('admin.users.iban'),
      render: (_, { ibanMasked }) => <code className="mono">{ibanMasked}</code>,
    },
    {
      key: 'createdAt',
      title: `${t('admin.users.addedAt')} (${browserTimeZone})`,
      render: (_, { createdAt }) => <DateTime value={createdAt} />,
      className: 'nowrap',
    },
  ];
  return (
    <ConsoleTable<UserCard>
      rowKey="id"
      columns={columns}
      dataSource={cards}
      locale={{ emptyText: <TableEmpty text={t('admin.users.cardsEmpty')} /> }}
      pagination={{ hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}
