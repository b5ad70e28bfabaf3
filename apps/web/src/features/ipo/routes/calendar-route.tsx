import type { IpoCalendarTab } from '@bourse/shared/schemas/ipo';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { IPO_CALENDAR_TABS, paths } from '../../../lib/paths';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { TabList, tabPanelProps } from '../../../ui/tab-list';
import { useIssues } from '../api/get-issues';
import { IssueItem } from '../components/issue-item';
import { OneClickButton } from '../components/one-click-button';
import '../ipo.css';

const isTab = (value: string | null): value is IpoCalendarTab =>
  value !== null && (IPO_CALENDAR_TABS as readonly string[]).includes(value);

/**
 * /shares/new: the new-share calendar, by tab (upcoming, open, closed, listed; `?tab=`), with the
 * one-click subscription over every open issue.
 */
export function CalendarRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('tab');
  const tab: IpoCalendarTab = isTab(raw) ? raw : 'open';

  return (
    <Page
      title={t('ipo.calendar.title')}
      right={
        <Link className="nav-bar-link" to={paths.applyRecord.getHref()}>
          {t('ipo.records.short')}
        </Link>
      }
    >
      <TabList
        idPrefix="ipo-calendar"
        label={t('ipo.calendar.tabsLabel')}
        items={IPO_CALENDAR_TABS.map((key) => ({ key, label: t(`ipo.calendar.tabs.${key}`) }))}
        value={tab}
        onChange={(next) => setSearchParams(next === 'open' ? {} : { tab: next }, { replace: true })}
      />
      <div {...tabPanelProps('ipo-calendar', tab)}>
        {tab === 'open' && <OneClickButton />}
        <IssueList key={tab} tab={tab} />
      </div>
    </Page>
  );
}

function IssueList({ tab }: { tab: IpoCalendarTab }) {
  const { t } = useTranslation();
  const issues = useIssues(tab);
  if (!issues.data) {
    return issues.isError ? <QueryError onRetry={() => void issues.refetch()} /> : <PageLoading inline />;
  }
  const items = issues.data.pages.flatMap((page) => page.items);
  return (
    <RefreshList
      onRefresh={() => issues.refetch()}
      onLoad={() => issues.fetchNextPage()}
      hasMore={issues.hasNextPage}
      empty={items.length === 0 && !issues.hasNextPage}
      emptyText={t('emptyStates.issues')}
      emptyAction={{ label: t('emptyStates.exploreMarket'), to: paths.market.getHref() }}
    >
      {items.length > 0 && (
        <ul className="offer-list" aria-label={t(`ipo.calendar.tabs.${tab}`)}>
          {items.map((issue) => (
            <IssueItem key={issue.id} issue={issue} />
          ))}
        </ul>
      )}
    </RefreshList>
  );
}
