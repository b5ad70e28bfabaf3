import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths.ts';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { tablePagination, type PageParams } from '../../../ui/pagination.ts';
import { TableEmpty } from '../../../ui/table-empty.tsx';
import type { UserPage, UserSummary } from '../api/get-users.ts';
import { UserKycTag, UserStatusTag } from './user-tags.tsx';

interface UsersTableProps {
  data: UserPage | undefined;
  loading: boolean;
  pageParams: PageParams;
  onPageChange: (params: PageParams) => void;
}

export function UsersTable({ data, loading, pageParams, onPageChange }: UsersTableProps) {
  const { t } = useTranslation();

  const columns: TableColumnsType<UserSummary> = [
    { key: 'id', title: t('admin.users.id'), dataIndex: 'id' },
    {
      key: 'phone',
      title: t('admin.users.phone'),
      render: (_, { id, phone }) => <Link to={paths.user.getHref(id)}>{phone}</Link>,
    },
    { key: 'nickname', title: t('admin.users.nickname'), dataIndex: 'nickname' },
    {
      key: 'kycStatus',
      title: t('admin.users.kycStatus'),
      render: (_, { kycStatus }) => <UserKycTag status={kycStatus} />,
    },
    { key: 'status', title: t('admin.users.status'), render: (_, { status }) => <UserStatusTag status={status} /> },
    {
      key: 'createdAt',
      title: `${t('admin.users.createdAt')} (${browserTimeZone})`,
      render: (_, { createdAt }) => <DateTime value={createdAt} />,
      className: 'nowrap',
    },
  ];

  return (
    <Table<UserSummary>
      rowKey="id"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      locale={{ emptyText: <TableEmpty text={t('admin.users.empty')} /> }}
      scroll={{ x: 'max-content' }}
      pagination={tablePagination({ pageParams, total: data?.total ?? 0, onChange: onPageChange })}
    />
  );
}
