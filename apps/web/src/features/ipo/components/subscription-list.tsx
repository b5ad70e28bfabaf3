import { paths } from '../../../lib/paths';
import type { IpoSubscription } from '@bourse/shared/schemas/ipo';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ListPage } from '../../../lib/paged';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { SubscriptionItem } from './subscription-item';

export interface SubscriptionListProps {
  query: UseInfiniteQueryResult<InfiniteData<ListPage<IpoSubscription>>>;
  /** The list's accessible name. */
  label: string;
}

/** Applications page by page as the user scrolls, with pull-to-refresh and the empty state. */
export function SubscriptionList({ query, label }: SubscriptionListProps) {
  const { t } = useTranslation();
  if (!query.data) {
    return query.isError ? <QueryError onRetry={() => void query.refetch()} /> : <PageLoading inline />;
  }
  const items = query.data.pages.flatMap((page) => page.items);
  return (
    <RefreshList
      onRefresh={() => query.refetch()}
      onLoad={() => query.fetchNextPage()}
      hasMore={query.hasNextPage}
      empty={items.length === 0 && !query.hasNextPage}
      emptyText={t('emptyStates.subscriptions')}
      emptyAction={{ label: t('emptyStates.openIssues'), to: paths.newShares.getHref('open') }}
    >
      {items.length > 0 && (
        <ul className="offer-list" aria-label={label}>
          {items.map((subscription) => (
            <SubscriptionItem key={subscription.id} subscription={subscription} />
          ))}
        </ul>
      )}
    </RefreshList>
  );
}
