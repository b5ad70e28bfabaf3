import { paths } from '../../../lib/paths';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { usePointEvents } from '../api/get-points';
import { PointEventItem } from '../components/point-event-item';
import '../members.css';

/** /ucenter/points: every change of the investor's credit points with its reason, newest first. */
export function PointsHistoryRoute() {
  const { t } = useTranslation();
  const events = usePointEvents();
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Page title={t('members.history')}>
      {!events.data ? (
        events.isError ? (
          <QueryError onRetry={() => void events.refetch()} />
        ) : (
          <PageLoading inline />
        )
      ) : (
        <RefreshList
          onRefresh={() => events.refetch()}
          onLoad={() => events.fetchNextPage()}
          hasMore={events.hasNextPage}
          empty={items.length === 0 && !events.hasNextPage}
          emptyText={t('emptyStates.points')}
          emptyAction={{ label: t('emptyStates.exploreMarket'), to: paths.market.getHref() }}
        >
          {items.length > 0 && (
            <ul className="point-events" aria-label={t('members.history')}>
              {items.map((event) => (
                <PointEventItem key={event.id} event={event} />
              ))}
            </ul>
          )}
        </RefreshList>
      )}
    </Page>
  );
}
