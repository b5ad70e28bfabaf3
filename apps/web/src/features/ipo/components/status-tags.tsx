import type { IpoStatus, SubscriptionStatus } from '@bourse/shared/schemas/ipo';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '../../../ui/status-tag';

const ISSUE_TONES: Record<IpoStatus, StatusTone> = {
  upcoming: 'info',
  open: 'success',
  closed: 'warning',
  allocated: 'warning',
  listed: 'neutral',
  cancelled: 'danger',
};

const SUBSCRIPTION_TONES: Record<SubscriptionStatus, StatusTone> = {
  subscribed: 'info',
  allotted: 'success',
  not_allotted: 'neutral',
  cancelled: 'danger',
};

/** Where an issue stands: upcoming, open, closed, drawn, listed or cancelled. */
export function IssueStatusTag({ status }: { status: IpoStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={ISSUE_TONES[status]}>{t(`ipo.issueStatuses.${status}`)}</StatusTag>;
}

/** Where the investor's application stands: already subscribed, allotted, no allotment, cancelled. */
export function SubscriptionStatusTag({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={SUBSCRIPTION_TONES[status]}>{t(`ipo.subscriptionStatuses.${status}`)}</StatusTag>;
}
