import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths.ts';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { PagedList, type PageQuery } from '../../../ui/paged-list.tsx';
import type { PageParams } from '../../../ui/pagination.ts';
import type { AdminUser } from '@bourse/shared/schemas/admin-users';
import { UserKycTag, UserStatusTag } from './user-tags.tsx';
import { type ConsoleColumns } from '../../../ui/console-table.tsx';

interface UsersTableProps {
  query: PageQuery<AdminUser>;
  pageParams: PageParams;
  onPageChange: (params: PageParams) => void;
}

export function UsersTable({ query, pageParams, onPageChange }: UsersTableProps) {
  const { t } = useTranslation();

  const columns: ConsoleColumns<AdminUser> = [
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
    <PagedList<AdminUser>
      query={query}
      rowKey="id"
      columns={columns}
      emptyText={t('admin.users.empty')}
      pageParams={pageParams}
      onPageChange={onPageChange}
    />
  );
}
