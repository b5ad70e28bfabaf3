import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '../../../ui/status-tag.tsx';
import type { PaymentStatus } from '../api/get-payments.ts';

const TONES: Record<PaymentStatus, StatusTone> = { pending: 'waiting', succeeded: 'positive', failed: 'negative' };

export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={TONES[status]}>{t(`admin.payments.statuses.${status}`)}</StatusTag>;
}
