import type { BlockOrderStatus } from '@bourse/shared/schemas/blocktrade';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '../../../ui/status-tag';

const TONES: Record<BlockOrderStatus, StatusTone> = { pending: 'warning', approved: 'success', rejected: 'danger' };

/** A block order's state: waiting for an operator, approved or rejected. */
export function BlockOrderStatusTag({ status }: { status: BlockOrderStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={TONES[status]}>{t(`blockTrade.statuses.${status}`)}</StatusTag>;
}
