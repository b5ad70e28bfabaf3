import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '../../../ui/status-tag.tsx';
import type { OrderStatus } from '../api/get-orders.ts';

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
