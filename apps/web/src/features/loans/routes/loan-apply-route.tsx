import { Button } from 'antd-mobile';
import { formatMinor, parseAmount } from '@bourse/shared/money';
import type { LoanOffer } from '@bourse/shared/schemas/loans';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useActionKeys } from '../../../lib/idempotency';
import { paths } from '../../../lib/paths';
import { RequestError } from '../../../lib/request-error';
import { showToast } from '../../../lib/toast';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { TextField } from '../../../ui/text-field';
import { useDisplayFormat } from '../../../ui/use-display-format';
import { useApplyForLoan, useLoanOffer } from '../api/loans';
import '../loans.css';
import { positiveMinor } from '../../../ui/use-amount-password-form';

/** Refusals about the amount, shown at the amount field (the server's codes). */
const AMOUNT_CODES = new Set(['LOAN_ABOVE_LIMIT', 'AMOUNT_NOT_POSITIVE']);

/**
 * /loan: the loan application — the amount (the investor's limit shown), a term from the settings'
 * list and the purpose. Identity must be verified, and one application at a time.
 */
export function LoanApplyRoute() {
  const { t } = useTranslation();
  const offer = useLoanOffer();

  let content;
  if (!offer.data) {
    content = offer.isError ? <QueryError onRetry={() => void offer.refetch()} /> : <PageLoading />;
  } else if (!offer.data.identityVerified) {
    content = (
      <div className="notice-card">
        <p>{t('loans.kycRequired')}</p>
        <Link className="button-link" to={paths.realNameAuthentication.getHref()}>
          {t('my.kycStatus')}
        </Link>
      </div>
    );
  } else if (offer.data.hasPending) {
    content = (
      <div className="notice-card">
        <p>{t('loans.pendingNotice')}</p>
        <Link className="button-link" to={paths.loanRecords.getHref()}>
          {t('loans.records')}
        </Link>
      </div>
    );
  } else {
    content = <LoanApplyForm offer={offer.data} />;
  }

  return (
    <Page
      title={t('loans.apply')}
      right={
        <Link className="nav-bar-link" to={paths.loanRecords.getHref()}>
          {t('loans.records')}
        </Link>
      }
    >
      {content}
    </Page>
  );
}

function LoanApplyForm({ offer }: { offer: LoanOffer }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const navigate = useNavigate();
  const apply = useApplyForLoan();
  const keys = useActionKeys();
  const [amount, setAmount] = useState('');
  const [termDays, setTermDays] = useState<number | null>(null);
  const [purpose, setPurpose] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [amountServerError, setAmountServerError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const availableMinor = parseAmount(offer.available) ?? 0;
  const amountMinor = positiveMinor(amount);
  const amountProblem =
    amountMinor === null
      ? t('loans.amountInvalid')
      : amountMinor > availableMinor
        ? t('loans.amountAboveLimit', { amount: format.money(offer.available) })
        : null;
  const termProblem = termDays === null ? t('loans.termRequired') : null;
  const purposeProblem = purpose.trim() === '' ? t('loans.purposeRequired') : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (apply.isPending) return;
    setAttempted(true);
    setFormError(null);
    if (amountProblem || termProblem || purposeProblem || amountMinor === null || termDays === null) return;
    const body = { amount: formatMinor(amountMinor), termDays, purpose: purpose.trim() };
    const idempotencyKey = keys.keyFor(body);
    try {
      await apply.mutateAsync({ ...body, idempotencyKey });
    } catch (error) {
      keys.settle(error);
      if (error instanceof RequestError && error.kind === 'business' && AMOUNT_CODES.has(error.errorCode ?? '')) {
        setAmountServerError(error.message);
      } else if (error instanceof RequestError && error.kind === 'business') {
        setFormError(error.message);
      } else {
        // The spec's message when the application did not reach a decision queue.
        setFormError(t('loans.submitFailed'));
      }
      return;
    }
    keys.settle();
    showToast(t('loans.submitted'));
    void navigate(paths.loanRecords.getHref(), { replace: true });
  };

  return (
    <form className="form wallet-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="wallet-intro">{t('loans.limit', { amount: format.money(offer.available), level: offer.level })}</p>
      <p className="wallet-intro">{t('loans.rate', { rate: format.decimal(offer.annualRate) })}</p>
      <TextField
        id="loan-amount"
        label={t('loans.amount')}
        placeholder={t('loans.amountPlaceholder')}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setAmountServerError(null);
        }}
        error={amountServerError ?? (attempted && amountProblem ? amountProblem : undefined)}
      />
      <fieldset className="loan-terms" aria-describedby={attempted && termProblem ? 'loan-term-error' : undefined}>
        <legend className="text-field-label">{t('loans.term')}</legend>
        <div className="loan-term-options">
          {offer.termsDays.map((days) => (
            <label key={days} className={termDays === days ? 'loan-term loan-term-selected' : 'loan-term'}>
              <input
                type="radio"
                name="loan-term"
                value={days}
                checked={termDays === days}
                onChange={() => setTermDays(days)}
              />
              {t('loans.termDays', { days })}
            </label>
          ))}
        </div>
        {attempted && termProblem && (
          <p id="loan-term-error" className="text-field-error" role="alert">
            {termProblem}
          </p>
        )}
      </fieldset>
      <TextField
        id="loan-purpose"
        label={t('loans.purpose')}
        placeholder={t('loans.purposePlaceholder')}
        maxLength={200}
        value={purpose}
        onChange={(event) => setPurpose(event.target.value)}
        error={attempted && purposeProblem ? purposeProblem : undefined}
      />
      {formError && (
        <p className="text-field-error" role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" color="primary" size="large" block loading={apply.isPending}>
        {t('loans.submit')}
      </Button>
    </form>
  );
}
