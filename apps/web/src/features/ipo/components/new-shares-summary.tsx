import { parseAmount, formatMinor } from '@bourse/shared/money';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../lib/query-client';
import { paths } from '../../../lib/paths';
import { MenuList, type MenuItem } from '../../../ui/menu-list';
import { usePaneShown } from '../../../ui/pane-active';
import { openIssuesQueryOptions, useOpenIssues } from '../api/get-issues';
import { pendingSubscriptionsQueryOptions, usePendingSubscriptions } from '../api/get-subscriptions';
import { useDisplayFormat } from '../../../ui/use-display-format';

/** Reloads what NewSharesSummary shows (the home screen's pull-to-refresh). */
export function refreshNewSharesSummary(): Promise<unknown> {
  return Promise.all([
    queryClient.refetchQueries({ queryKey: openIssuesQueryOptions().queryKey, type: 'active' }),
    queryClient.refetchQueries({ queryKey: pendingSubscriptionsQueryOptions().queryKey, type: 'active' }),
  ]);
}

/**
 * New shares at a glance, for the home screen and the personal centre: how many issues are open
 * now, and the applications waiting for their draw with the cash they hold.
 */
export function NewSharesSummary() {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const issues = useOpenIssues();
  const pending = usePendingSubscriptions();
  usePaneShown(
    () => void Promise.all([issues.refetch({ cancelRefetch: false }), pending.refetch({ cancelRefetch: false })]),
  );

  const openCount = issues.data?.items.filter((issue) => !issue.mySubscription).length;
  const waiting = pending.data?.items ?? [];
  const heldTotal = waiting.reduce((sum, item) => sum + (parseAmount(item.amountHeld) ?? 0), 0);
  const items: MenuItem[] = [
    {
      key: 'open',
      kind: 'link',
      label: t('ipo.summary.open'),
      to: paths.newShares.getHref(),
      ...(openCount === undefined ? {} : { extra: t('ipo.summary.openCount', { number: format.count(openCount) }) }),
    },
    {
      key: 'pending',
      kind: 'link',
      label: t('ipo.summary.pending'),
      to: paths.subscriptionRecords.getHref('subscribed'),
      ...(pending.data
        ? {
            extra: t('ipo.summary.pendingValue', {
              number: format.count(waiting.length),
              amount: format.money(formatMinor(heldTotal)),
            }),
          }
        : {}),
    },
  ];
  return <MenuList label={t('ipo.summary.title')} items={items} />;
}
