import type { Position } from '@bourse/shared/schemas/trading';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../ui/status-tag';

/** A lot's state: held, partly sold, or sold out (product spec §4, "Position: sold out"). */
export function PositionStatusTag({ lot }: { lot: Pick<Position, 'status' | 'sales'> }) {
  const { t } = useTranslation();
  if (lot.status === 'closed') return <StatusTag tone="neutral">{t('trading.positionStatus.soldOut')}</StatusTag>;
  if (lot.sales.length > 0) return <StatusTag tone="info">{t('trading.positionStatus.partlySold')}</StatusTag>;
  return <StatusTag tone="success">{t('trading.positionStatus.holding')}</StatusTag>;
}
