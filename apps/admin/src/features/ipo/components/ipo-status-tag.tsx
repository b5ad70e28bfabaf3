import { useTranslation } from 'react-i18next';
import type { IpoStatus, SubscriptionStatus } from '@bourse/shared/schemas/ipo';
import { StatusTag, type StatusTone } from '../../../ui/status-tag.tsx';

const ISSUE_TONES: Record<IpoStatus, StatusTone> = {
  upcoming: 'neutral',
  open: 'waiting',
  closed: 'neutral',
  allocated: 'positive',
  listed: 'positive',
  cancelled: 'negative',
};

export function IpoStatusTag({ status }: { status: IpoStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={ISSUE_TONES[status]}>{t(`admin.ipo.statuses.${status}`)}</StatusTag>;
}

const SUBSCRIPTION_TONES: Record<SubscriptionStatus, StatusTone> = {
  subscribed: 'waiting',
  allotted: 'positive',
  not_allotted: 'neutral',
  cancelled: 'negative',
};

export function SubscriptionStatusTag({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={SUBSCRIPTION_TONES[status]}>{t(`admin.ipo.subscriptionStatuses.${status}`)}</StatusTag>;
}
