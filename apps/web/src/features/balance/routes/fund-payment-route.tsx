import { Button } from 'antd-mobile';
import { AMOUNT_PATTERN, parseAmount } from '@bourse/shared/money';
import type { FundOrderKind, FundSummary } from '@bourse/shared/schemas/balance';
import { tradingPasswordPattern } from '@bourse/shared/schemas/auth';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useUserInfo } from '../../../lib/api/get-user-info';
import { useActionKeys } from '../../../lib/idempotency';
import { paths } from '../../../lib/paths';
import { RequestError } from '../../../lib/request-error';
import { showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { StatList } from '../../../ui/stat-list';
import { TextField } from '../../../ui/text-field';
import { TradingPasswordField } from '../../../ui/trading-password-field';
import { useDisplayFormat } from '../../../ui/use-display-format';
import { useFund } from '../api/get-fund';
import { usePlaceFundOrder } from '../api/place-fund-order';

/**
 * /payment (buy into the fund) and /payment?mode=redeem (redeem from it): the amount, what it may be
 * at most (available cash, or the fund balance), the T+1 date shown before confirming, and the
 * trading password; sent once per action (Idempotency-Key).
 */
export function FundPaymentRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const kind: FundOrderKind = searchParams.get('mode') === 'redeem' ? 'redeem' : 'purchase';
  const fund = useFund();
  const user = useUserInfo();
  let content;
  if (!fund.data || !user.data) {
    content =
      fund.isError || user.isError ? (
        <QueryError onRetry={() => void Promise.all([fund.refetch(), user.refetch()])} />
      ) : (
        <PageLoading />
      );
  } else if (!user.data.hasTradingPassword) {
    content = (
      <div className="notice-card">
        <p>{t('fund.noTradingPassword')}</p>
        <Link className="button-link" to={paths.payPassword.getHref()}>
          {t('wallet.withdraw.setTradingPassword')}
        </Link>
      </div>
    );
  } else {
    content = <FundOrderForm key={kind} kind={kind} fund={fund.data} />;
  }
  return (
    <Page title={t(kind === 'purchase' ? 'fund.purchaseTitle' : 'fund.redeemTitle')}>
      <div className="fund-content">{content}</div>
    </Page>
  );
}

function FundOrderForm({ kind, fund }: { kind: FundOrderKind; fund: FundSummary }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const navigate = useNavigate();
  const onFailure = useSubmitFailure();
  const place = usePlaceFundOrder();
  const keys = useActionKeys();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [amountServerError, setAmountServerError] = useState<string | null>(null);
  const [passwordServerError, setPasswordServerError] = useState<string | null>(null);

  const maximum = kind === 'purchase' ? fund.available : fund.fund;
  const text = amount.trim();
  const amountMinor = AMOUNT_PATTERN.test(text) ? parseAmount(text) : null;
  const amountProblem = !text
    ? t('fund.amountRequired')
    : amountMinor === null || amountMinor <= 0
      ? t('fund.amountInvalid')
      : amountMinor > (parseAmount(maximum) ?? 0)
        ? t(kind === 'purchase' ? 'errors.FUND_ABOVE_AVAILABLE' : 'errors.FUND_REDEEM_ABOVE_BALANCE', {
            available: format.money(maximum),
            balance: format.money(maximum),
          })
        : null;
  const passwordProblem = !password
    ? t('wallet.validation.tradingPasswordRequired')
    : tradingPasswordPattern.test(password)
      ? null
      : t('wallet.validation.tradingPasswordFormat');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (place.isPending) return;
    setAttempted(true);
    if (amountProblem || passwordProblem) return;
    const body = { amount: text, tradingPassword: password };
    const idempotencyKey = keys.keyFor({ kind, ...body });
    let placed;
    try {
      placed = await place.mutateAsync({ kind, ...body, idempotencyKey });
    } catch (error) {
      keys.settle(error);
      onFailure(error);
      if (!(error instanceof RequestError) || error.kind !== 'business') return;
      if ((error.errorCode ?? '').startsWith('TRADING_PASSWORD')) {
        setPasswordServerError(error.message);
        setPassword('');
      } else setAmountServerError(error.message);
      return;
    }
    keys.settle();
    showToast(
      t(kind === 'purchase' ? 'fund.purchased' : 'fund.redeemed', {
        amount: format.money(placed.amount),
        date: placed.confirmDate,
      }),
    );
    void navigate(paths.fund.getHref());
  };

  return (
    <form className="fund-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <StatList
        items={[
          kind === 'purchase'
            ? { key: 'available', label: t('fund.available'), value: format.money(fund.available) }
            : { key: 'fund', label: t('fund.redeemable'), value: format.money(fund.fund) },
          { key: 'rate', label: t('fund.rate'), value: t('fund.ratePct', { rate: fund.rate }) },
        ]}
      />
      <TextField
        id="fund-amount"
        label={t('fund.amount')}
        placeholder={t('fund.amountPlaceholder')}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setAmountServerError(null);
        }}
        error={amountServerError ?? (attempted || text ? (amountProblem ?? undefined) : undefined)}
      />
      <p className="fund-notice" role="note">
        {t(kind === 'purchase' ? 'fund.purchaseNotice' : 'fund.redeemNotice', { date: fund.nextConfirmDate })}
      </p>
      <TradingPasswordField
        id="fund-trading-password"
        label={t('wallet.tradingPassword')}
        value={password}
        onChange={(value) => {
          setPassword(value);
          setPasswordServerError(null);
        }}
        error={passwordServerError ?? (attempted ? (passwordProblem ?? undefined) : undefined)}
      />
      <Button block color="primary" type="submit" loading={place.isPending}>
        {t(kind === 'purchase' ? 'fund.confirmPurchase' : 'fund.confirmRedeem')}
      </Button>
    </form>
  );
}
