import { Card } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../lib/api/get-user-info';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { RenderWhenNear } from '../../../ui/render-when-near';
import { supportInfoQueryOptions } from '../../../lib/api/get-support-info';
import { AccountCard } from '../components/account-card';
import { SupportCard } from '../components/support-card';
import { WelcomeCard } from '../components/welcome-card';

export interface HomeRouteProps {
  /** The investor's money (total assets, today's P/L, value chart, cash), composed in by the app; shown first. */
  portfolioSection?: ReactNode;
  /** Reloads what the portfolio section shows; part of pull-to-refresh. */
  onRefreshPortfolio?: () => Promise<unknown>;
  /** The getting-started checklist, shown first until it is done or put away; composed in by the app. */
  checklistSection?: ReactNode;
  /**
   * The market overview (indices, favorites, movers), placed under the greeting. The app composes
   * it in, so that features do not import one another.
   */
  marketSection?: ReactNode;
  /** Reloads what the market section shows; part of pull-to-refresh. */
  onRefreshMarket?: () => Promise<unknown>;
  /** New shares open now and applications waiting for their draw, composed in by the app like the market. */
  newSharesSection?: ReactNode;
  /** Reloads what the new-shares section shows; part of pull-to-refresh. */
  onRefreshNewShares?: () => Promise<unknown>;
}

/**
 * The room of what follows the investor's money (market, new shares, account, customer service) until it
 * is rendered: 2,150–2,210 px at 412 and 390 px wide with the demo's data (measured in Chromium).
 */
const BELOW_FIRST_SCREEN_HEIGHT_PX = 2_150;

/** The home tab: greeting, welcome, the market, the account at a glance and customer service. */
export function HomeRoute({
  portfolioSection,
  onRefreshPortfolio,
  checklistSection,
  marketSection,
  onRefreshMarket,
  newSharesSection,
  onRefreshNewShares,
}: HomeRouteProps = {}) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const support = useQuery(supportInfoQueryOptions());

  return (
    <Page title={t('app.name')} back={false}>
      <RefreshList
        onRefresh={() =>
          Promise.all([
            user.refetch(),
            support.refetch(),
            onRefreshMarket?.(),
            onRefreshNewShares?.(),
            onRefreshPortfolio?.(),
          ])
        }
      >
        <div className="home-content">
          {checklistSection}
          <WelcomeCard nickname={user.data?.nickname} />
          {portfolioSection}
          <RenderWhenNear minHeightPx={BELOW_FIRST_SCREEN_HEIGHT_PX}>
            {marketSection}
            {newSharesSection && (
              <Card className="home-card" title={<h2 className="card-title">{t('home.newShares')}</h2>}>
                {newSharesSection}
              </Card>
            )}
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
          </RenderWhenNear>
        </div>
      </RefreshList>
    </Page>
  );
}
