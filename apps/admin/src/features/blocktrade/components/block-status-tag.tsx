import { useTranslation } from 'react-i18next';
import type { BlockOfferStatus, BlockOrderStatus } from '@bourse/shared/schemas/blocktrade';
import { StatusTag, type StatusTone } from '../../../ui/status-tag.tsx';

const ORDER_TONES: Record<BlockOrderStatus, StatusTone> = {
  pending: 'waiting',
  approved: 'positive',
  rejected: 'negative',
};

export function BlockOrderStatusTag({ status }: { status: BlockOrderStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={ORDER_TONES[status]}>{t(`admin.blockTrades.statuses.${status}`)}</StatusTag>;
}

const OFFER_TONES: Record<BlockOfferStatus, StatusTone> = {
  open: 'positive',
  closed: 'neutral',
  cancelled: 'negative',
};

export function BlockOfferStatusTag({ status }: { status: BlockOfferStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={OFFER_TONES[status]}>{t(`admin.blockTrades.offerStatuses.${status}`)}</StatusTag>;
}
