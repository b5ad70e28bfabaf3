import type { SubscriptionStatus } from '@bourse/shared/schemas/ipo';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SUBSCRIPTION_RECORD_FILTERS, type SubscriptionRecordFilter } from '../../../lib/paths';
import { Page } from '../../../ui/page';
import { TabList, tabPanelProps } from '../../../ui/tab-list';
import { useAllocations, useSubscriptions } from '../api/get-subscriptions';
import { RecordsLinks } from '../components/records-links';
import { SubscriptionList } from '../components/subscription-list';

/** /apply-record: every application, newest first. */
export function ApplyRecordRoute() {
  const { t } = useTranslation();
  const query = useSubscriptions(undefined);
  return (
    <Page title={t('ipo.records.applicationsTitle')}>
      <RecordsLinks current="applications" />
      <SubscriptionList query={query} label={t('ipo.records.applicationsTitle')} />
    </Page>
  );
}

const isFilter = (value: string | null): value is SubscriptionRecordFilter =>
  value !== null && (SUBSCRIPTION_RECORD_FILTERS as readonly string[]).includes(value);

/** /ucenter/shengou?status=: the applications by state (already subscribed, no allotment, allotted). */
export function SubscriptionRecordsRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('status');
  const filter: SubscriptionRecordFilter = isFilter(raw) ? raw : 'all';
  return (
    <Page title={t('ipo.records.subscriptionsTitle')}>
      <TabList
        idPrefix="ipo-subscriptions"
        label={t('ipo.records.statusLabel')}
        items={SUBSCRIPTION_RECORD_FILTERS.map((key) => ({ key, label: t(`ipo.records.filters.${key}`) }))}
        value={filter}
        onChange={(next) => setSearchParams(next === 'all' ? {} : { status: next }, { replace: true })}
      />
      <div {...tabPanelProps('ipo-subscriptions', filter)}>
        <FilteredSubscriptions key={filter} status={filter === 'all' ? undefined : filter} />
      </div>
      <RecordsLinks current="subscriptions" />
    </Page>
  );
}

function FilteredSubscriptions({ status }: { status: SubscriptionStatus | undefined }) {
  const { t } = useTranslation();
  const query = useSubscriptions(status);
  return <SubscriptionList query={query} label={t('ipo.records.subscriptionsTitle')} />;
}

/** /ucenter/allocation: the drawn applications with lots allotted, paid and returned. */
export function AllocationRecordsRoute() {
  const { t } = useTranslation();
  const query = useAllocations();
  return (
    <Page title={t('ipo.records.allocationsTitle')}>
      <RecordsLinks current="allocations" />
      <SubscriptionList query={query} label={t('ipo.records.allocationsTitle')} />
    </Page>
  );
}
