import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { MenuList } from '../../../ui/menu-list';

/** The ways between the records of new shares: applications, subscriptions by status, allocations. */
export function RecordsLinks({ current }: { current: 'applications' | 'subscriptions' | 'allocations' }) {
  const { t } = useTranslation();
  const items = [
    { key: 'applications', label: t('ipo.records.applicationsTitle'), to: paths.applyRecord.getHref() },
    { key: 'subscriptions', label: t('ipo.records.subscriptionsTitle'), to: paths.subscriptionRecords.getHref() },
    { key: 'allocations', label: t('ipo.records.allocationsTitle'), to: paths.allocationRecords.getHref() },
  ] as const;
  return (
    <MenuList
      label={t('ipo.records.otherRecords')}
      items={items.filter((item) => item.key !== current).map((item) => ({ ...item, kind: 'link' as const }))}
    />
  );
}
