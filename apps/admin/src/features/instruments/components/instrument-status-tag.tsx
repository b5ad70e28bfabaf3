import { useTranslation } from 'react-i18next';
import type { InstrumentStatus } from '@bourse/shared/schemas/market';
import { StatusTag, type StatusTone } from '../../../ui/status-tag.tsx';

const TONES: Record<InstrumentStatus, StatusTone> = { listed: 'positive', ipo: 'waiting', suspended: 'negative' };

export function InstrumentStatusTag({ status }: { status: InstrumentStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={TONES[status]}>{t(`admin.instruments.statuses.${status}`)}</StatusTag>;
}
