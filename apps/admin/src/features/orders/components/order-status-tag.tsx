import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@bourse/shared/schemas/trading';
import { StatusTag, type StatusTone } from '../../../ui/status-tag.tsx';

const TONES: Record<OrderStatus, StatusTone> = {
  new: 'waiting',
  filled: 'positive',
  cancelled: 'neutral',
  expired: 'neutral',
  rejected: 'negative',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={TONES[status]}>{t(`admin.orders.statuses.${status}`)}</StatusTag>;
}
