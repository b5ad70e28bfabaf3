import type { LoanStatus } from '@bourse/shared/schemas/loans';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '../../../ui/status-tag';

const TONE: Record<LoanStatus, StatusTone> = {
  pending: 'info',
  passed: 'warning',
  rejected: 'danger',
  repaid: 'success',
};
const LABEL = {
  pending: 'loans.statusPending',
  passed: 'loans.statusPassed',
  rejected: 'loans.statusRejected',
  repaid: 'loans.statusRepaid',
} as const;

/** A loan's status: pending, approved (owing), rejected, repaid. */
export function LoanStatusTag({ status }: { status: LoanStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={TONE[status]}>{t(LABEL[status])}</StatusTag>;
}
