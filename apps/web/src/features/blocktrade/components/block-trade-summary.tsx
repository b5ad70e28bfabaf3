import { formatMinor, parseAmount } from '@bourse/shared/money';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { MenuList } from '../../../ui/menu-list';
import { usePaneShown } from '../../../ui/pane-active';
import { useDisplayFormat } from '../../../ui/use-display-format';
import { usePendingBlockOrders } from '../api/get-orders';

/** Block trades at a glance: the way to the offers, and the orders waiting for an operator with what they hold. */
export function BlockTradeSummary() {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const pending = usePendingBlockOrders();
  usePaneShown(() => void pending.refetch({ cancelRefetch: false }));
  const items = pending.data?.items ?? [];
  const heldTotal = items.reduce((sum, order) => sum + (parseAmount(order.amount) ?? 0), 0);
  return (
    <MenuList
      label={t('blockTrade.summary.title')}
      items={[
        { key: 'offers', kind: 'link', label: t('blockTrade.summary.offers'), to: paths.blockTrade.getHref() },
        {
          key: 'pending',
          kind: 'link',
          label: t('blockTrade.summary.pending'),
          to: paths.blockTradeRecords.getHref('pending'),
          ...(pending.data
            ? {
                extra: t('blockTrade.summary.pendingValue', {
                  number: format.count(items.length),
                  amount: format.money(formatMinor(heldTotal)),
                }),
              }
            : {}),
        },
      ]}
    />
  );
}
