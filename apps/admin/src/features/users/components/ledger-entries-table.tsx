import { useTranslation } from 'react-i18next';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { TableEmpty } from '../../../ui/table-empty.tsx';
import type { LedgerEntry } from '../api/get-user.ts';
import { AccountLabel } from './account-label.tsx';
import { type ConsoleColumns, ConsoleTable } from '../../../ui/console-table.tsx';

const PAGE_SIZE = 10;

/** The user's recent journal entries, each with its postings per account (they sum to zero). */
export function LedgerEntriesTable({ entries, userId }: { entries: LedgerEntry[]; userId: number }) {
  const { t } = useTranslation();

  const columns: ConsoleColumns<LedgerEntry> = [
    {
      key: 'createdAt',
      title: `${t('admin.users.entryTime')} (${browserTimeZone})`,
      render: (_, { createdAt }) => <DateTime value={createdAt} />,
      className: 'nowrap',
    },
    { key: 'id', title: t('admin.users.entryId'), dataIndex: 'id' },
    { key: 'kind', title: t('admin.users.entryKind'), render: (_, { kind }) => <code className="mono">{kind}</code> },
    { key: 'memo', title: t('admin.users.memo'), render: (_, { memo }) => memo ?? '—' },
    {
      key: 'postings',
      title: t('admin.users.postings'),
      render: (_, { postings }) => (
        <table className="postings">
          <tbody>
            {postings.map((posting, index) => (
              <tr key={index}>
                <th scope="row">
                  <AccountLabel code={posting.account} ownerId={userId} />
                </th>
                <td>
                  <MoneyText amount={posting.amount} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ),
    },
  ];

  return (
    <ConsoleTable<LedgerEntry>
      rowKey="id"
      columns={columns}
      dataSource={entries}
      locale={{ emptyText: <TableEmpty text={t('admin.users.entriesEmpty')} /> }}
      pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}
