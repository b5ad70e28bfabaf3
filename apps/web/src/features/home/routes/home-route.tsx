import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../app/api/get-user-info';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { supportInfoQueryOptions } from '../api/get-support-info';
import { AccountCard } from '../components/account-card';
import { SupportCard } from '../components/support-card';
import { WelcomeCard } from '../components/welcome-card';

/** The home tab: greeting, welcome, the account at a glance and customer service. */
export function HomeRoute() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const support = useQuery(supportInfoQueryOptions());

  return (
    <Page title={t('app.name')} back={false}>
      <RefreshList onRefresh={() => Promise.all([user.refetch(), support.refetch()])}>
        <div className="home-content">
          <WelcomeCard nickname={user.data?.nickname} />
          {user.data ? (
            <AccountCard user={user.data} />
          ) : user.isError ? (
            <QueryError onRetry={() => void user.refetch()} />
          ) : (
            <PageLoading inline />
          )}
          {support.data ? (
            <SupportCard support={support.data} />
          ) : support.isError ? (
            <QueryError onRetry={() => void support.refetch()} />
          ) : (
            <PageLoading inline />
          )}
        </div>
      </RefreshList>
    </Page>
  );
}
