import { useTranslation } from 'react-i18next';
import type { KycSubmissionStatus } from '@bourse/shared/schemas/kyc';
import { StatusTag, type StatusTone } from '../../../ui/status-tag.tsx';

const TONES: Record<KycSubmissionStatus, StatusTone> = {
  in_review: 'waiting',
  approved: 'positive',
  resubmit: 'negative',
};

export function KycStatusTag({ status }: { status: KycSubmissionStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={TONES[status]}>{t(`admin.kyc.statuses.${status}`)}</StatusTag>;
}
