import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KycSubmissionStatus } from '@bourse/shared/schemas/kyc';

// Text and background pairs above 7:1 (antd's preset tag colours fall below 4.5:1).
const STYLES: Record<KycSubmissionStatus, { color: string; background: string; borderColor: string }> = {
  in_review: { color: '#873800', background: '#fff7e6', borderColor: '#ffc069' },
  approved: { color: '#135200', background: '#f6ffed', borderColor: '#95de64' },
  resubmit: { color: '#820014', background: '#fff1f0', borderColor: '#ffa39e' },
};

export function KycStatusTag({ status }: { status: KycSubmissionStatus }) {
  const { t } = useTranslation();
  return <Tag style={STYLES[status]}>{t(`admin.kyc.statuses.${status}`)}</Tag>;
}
