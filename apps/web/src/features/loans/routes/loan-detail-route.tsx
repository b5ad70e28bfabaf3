import { Button } from 'antd-mobile';
import { parseAmount } from '@bourse/shared/money';
import type { Loan } from '@bourse/shared/schemas/loans';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useAssets } from '../../../lib/api/get-assets';
import { showToast } from '../../../lib/toast';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { StatList, type Stat } from '../../../ui/stat-list';
import { TextField } from '../../../ui/text-field';
import { TradingPasswordField } from '../../../ui/trading-password-field';
import { useAmountPasswordForm } from '../../../ui/use-amount-password-form';
import { useDisplayFormat } from '../../../ui/use-display-format';
import '../loans.css';
import { useLoan, useRepayLoan } from '../api/loans';
import { LoanStatusTag } from '../components/loan-status-tag';

const AMOUNT_CODES = new Set(['LOAN_REPAY_ABOVE_OWED', 'INSUFFICIENT_FUNDS', 'AMOUNT_NOT_POSITIVE']);

/** /loan/:id: one loan — what is owed (principal and interest), its terms — and, while owed, the repayment. */
export function LoanDetailRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const loan = useLoan(id);
  const assets = useAssets();

  let content;
  if (!Number.isSafeInteger(id) || id <= 0) {
    content = <p className="notice-card">{t('errors.LOAN_NOT_FOUND')}</p>;
  } else if (!loan.data || !assets.data) {
    content =
      loan.isError || assets.isError ? (
        <QueryError onRetry={() => void Promise.all([loan.refetch(), assets.refetch()])} />
      ) : (
        <PageLoading />
      );
  } else {
    content = (
      <>
        <LoanSummary loan={loan.data} />
        {loan.data.status === 'passed' && (
          <RepayForm key={loan.data.owed} loan={loan.data} available={assets.data.available} />
        )}
      </>
    );
  }
  return <Page title={t('loans.detailTitle')}>{content}</Page>;
}

function LoanSummary({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const items: Stat[] = [
    { key: 'status', label: t('loans.title'), value: <LoanStatusTag status={loan.status} /> },
    { key: 'amount', label: t('loans.amount'), value: format.money(loan.amount) },
    { key: 'term', label: t('loans.term'), value: t('loans.termDays', { days: loan.termDays }) },
    { key: 'purpose', label: t('loans.purpose'), value: loan.purpose },
  ];
  if (loan.annualRate)
    items.push({ key: 'rate', label: t('loans.annualRate'), value: `${format.decimal(loan.annualRate)} %` });
  if (loan.dueDate) items.push({ key: 'due', label: t('loans.dueDate'), value: loan.dueDate });
  if (loan.status === 'passed') {
    items.push(
      { key: 'principal', label: t('loans.principal'), value: format.money(loan.principalOutstanding) },
      { key: 'interest', label: t('loans.interest'), value: format.money(loan.interestOutstanding) },
      { key: 'owed', label: t('loans.owed'), value: format.money(loan.owed) },
    );
  }
  if (loan.status === 'rejected' && loan.reason)
    items.push({ key: 'reason', label: t('loans.reason'), value: loan.reason });
  if (loan.status === 'repaid') {
    items.push({
      key: 'onTime',
      label: t('loans.statusRepaid'),
      value: t(loan.repaidOnTime ? 'loans.repaidOnTime' : 'loans.repaidLate'),
    });
  }
  return (
    <section className="wallet-form" aria-label={t('loans.detailTitle')}>
      <StatList items={items} />
    </section>
  );
}

function RepayForm({ loan, available }: { loan: Loan; available: string }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const repay = useRepayLoan();
  const form = useAmountPasswordForm({
    amountMessages: { required: t('loans.amountInvalid'), invalid: t('loans.amountInvalid') },
    amountProblem: (minor) =>
      minor > (parseAmount(loan.owed) ?? 0)
        ? t('errors.LOAN_REPAY_ABOVE_OWED', { owed: format.money(loan.owed) })
        : minor > (parseAmount(available) ?? 0)
          ? t('errors.INSUFFICIENT_FUNDS')
          : null,
    amountCodes: AMOUNT_CODES,
    keyScope: { loanId: loan.id },
    pending: repay.isPending,
    send: (body, idempotencyKey) => repay.mutateAsync({ ...body, loanId: loan.id, idempotencyKey }),
    onDone: () => showToast(t('loans.repaid')),
  });

  return (
    <form className="form wallet-form" noValidate onSubmit={form.onSubmit}>
      <h2 className="section-title">{t('loans.repay')}</h2>
      <p className="wallet-intro">{t('loans.availableCash', { amount: format.money(available) })}</p>
      <TextField
        id="loan-repay-amount"
        label={t('loans.repayAmount')}
        inputMode="decimal"
        autoComplete="off"
        value={form.amount}
        onChange={(event) => form.setAmount(event.target.value)}
        error={form.amountError}
        hint={t('loans.repayHint')}
      />
      <div className="withdraw-all">
        <button type="button" className="link-button" onClick={() => form.setAmount(loan.owed)}>
          {t('loans.repayAll')}
        </button>
      </div>
      <TradingPasswordField
        id="loan-trading-password"
        label={t('wallet.tradingPassword')}
        hint={t('wallet.tradingPasswordHint')}
        value={form.password}
        onChange={form.setPassword}
        error={form.passwordError}
      />
      <Button type="submit" color="primary" size="large" block loading={repay.isPending}>
        {t('loans.repay')}
      </Button>
    </form>
  );
}
