import type { Loan } from '@bourse/shared/schemas/loans';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { StatList, type Stat } from '../../../ui/stat-list';
import { useDisplayFormat } from '../../../ui/use-display-format';
import { LoanStatusTag } from './loan-status-tag';

/** One loan in the records: amount, term, status; once passed what is owed and when; if rejected, why. */
export function LoanItem({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const titleId = `loan-${loan.id}`;
  const figures: Stat[] = [
    { key: 'term', label: t('loans.term'), value: t('loans.termDays', { days: loan.termDays }) },
  ];
  if (loan.status === 'passed') {
    figures.push({ key: 'owed', label: t('loans.owed'), value: format.money(loan.owed) });
  }
  if (loan.dueDate) figures.push({ key: 'due', label: t('loans.dueDate'), value: loan.dueDate });
  return (
    <li className="offer-card" aria-labelledby={titleId}>
      <div className="offer-card-head">
        <h2 id={titleId} className="offer-card-title">
          <Link to={paths.loanDetail.getHref(loan.id)}>{format.money(loan.amount)}</Link>
        </h2>
        <LoanStatusTag status={loan.status} />
      </div>
      <StatList layout="grid" items={figures} />
      <p className="offer-card-window">
        <time dateTime={loan.createdAt}>{t('loans.appliedOn', { date: format.dateTime(loan.createdAt) })}</time>
      </p>
      {loan.status === 'rejected' && loan.reason && (
        <p className="record-reason">
          {t('loans.reason')}: {loan.reason}
        </p>
      )}
    </li>
  );
}
