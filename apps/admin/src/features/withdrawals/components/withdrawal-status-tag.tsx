import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '../../../ui/status-tag.tsx';
import type { WithdrawalStatus } from '../api/get-withdrawals.ts';

const TONES: Record<WithdrawalStatus, StatusTone> = { pending: 'waiting', paid: 'positive', rejected: 'negative' };

export function WithdrawalStatusTag({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={TONES[status]}>{t(`admin.withdrawals.statuses.${status}`)}</StatusTag>;
}
