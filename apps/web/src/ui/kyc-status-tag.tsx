import { useTranslation } from 'react-i18next';
import type { KycStatus } from '@bourse/shared/schemas/auth';
import { StatusTag, type StatusTone } from './status-tag';

const KYC_TONES: Record<KycStatus, StatusTone> = {
  none: 'neutral',
  in_review: 'warning',
  approved: 'success',
  resubmit: 'danger',
};

/** The identity-verification state as a coloured tag. */
export function KycStatusTag({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={KYC_TONES[status]}>{t(`kyc.${status}`)}</StatusTag>;
}
