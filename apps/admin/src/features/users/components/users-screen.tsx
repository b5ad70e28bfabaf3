import { Card, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FIRST_PAGE, type PageParams } from '../../../ui/pagination.ts';
import { USER_SEARCH_MAX_LENGTH, useUsers } from '../api/get-users.ts';
import { UsersTable } from './users-table.tsx';

const SEARCH_PARAM = 'q';

/**
 * Looks investors up by mobile number (or nickname). The search is part of the address, so coming
 * back from a user's page finds the same list.
 */
export function UsersScreen() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get(SEARCH_PARAM) ?? '';
  const [pageParams, setPageParams] = useState<PageParams>(FIRST_PAGE);
  const users = useUsers({ search, ...pageParams });

  const runSearch = (text: string) => {
    const trimmed = text.trim();
    setSearchParams(trimmed === '' ? {} : { [SEARCH_PARAM]: trimmed });
    setPageParams(FIRST_PAGE);
  };

  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('admin.users.title')}
      </Typography.Title>
      <Card className="section-card">
        <div role="search" className="list-filter user-search">
          <label htmlFor="user-search" className="user-search__label">
            {t('admin.users.search')}
          </label>
          <Input.Search
            id="user-search"
            // Remounted when the address changes (back and forward), so the field shows the search in effect.
            key={search}
            defaultValue={search}
            placeholder={t('admin.users.searchPlaceholder')}
            maxLength={USER_SEARCH_MAX_LENGTH}
            enterButton={t('common.search')}
            allowClear
            onSearch={runSearch}
          />
        </div>
        <UsersTable query={users} pageParams={pageParams} onPageChange={setPageParams} />
      </Card>
    </div>
  );
}
