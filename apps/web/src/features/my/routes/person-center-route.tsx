import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssets } from '../../../lib/api/get-assets';
import { useUserInfo } from '../../../lib/api/get-user-info';
import { MenuList } from '../../../ui/menu-list';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { AssetsOverview } from '../components/assets-overview';
import { TradingMenu } from '../components/trading-menu';
import { useWalletEntries } from '../components/use-wallet-entries';

export interface PersonCenterRouteProps {
  /** New shares and block trades at a glance (open issues, pending holds), composed in by the app. */
  investmentsSection?: ReactNode;
  /** Credit points and member level with what they mean, composed in by the app. */
  standingSection?: ReactNode;
}

/**
 * /personCenter: every figure of the account (DESIGN §3), fresh each time the screen opens or the
 * app comes back into focus, and the ways to move money.
 */
export function PersonCenterRoute({ investmentsSection, standingSection }: PersonCenterRouteProps = {}) {
  const { t } = useTranslation();
  const assets = useAssets();
  const user = useUserInfo();
  const entries = useWalletEntries(user.data?.hasTradingPassword);

  return (
    <Page title={t('assets.title')}>
      <RefreshList onRefresh={() => Promise.all([assets.refetch(), user.refetch()])}>
        <div className="assets-content">
          {assets.data ? (
            <AssetsOverview assets={assets.data} variant="full" />
          ) : assets.isError ? (
            <QueryError onRetry={() => void assets.refetch()} />
          ) : (
            <PageLoading inline className="assets-overview-loading" />
          )}
        </div>
        {standingSection}
        <TradingMenu />
        {investmentsSection}
        <MenuList label={t('assets.moneyMenu')} items={[entries.deposit, entries.transfer, entries.withdraw]} />
        <MenuList label={t('assets.accountMenu')} items={[entries.cards, entries.records, entries.tradingPassword]} />
      </RefreshList>
    </Page>
  );
}
