import { Button } from 'antd-mobile';
import { parseAmount } from '@bourse/shared/money';
import type { FundOrderKind, FundSummary } from '@bourse/shared/schemas/balance';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useUserInfo } from '../../../lib/api/get-user-info';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { StatList } from '../../../ui/stat-list';
import { TextField } from '../../../ui/text-field';
import { TradingPasswordField } from '../../../ui/trading-password-field';
import { useAmountPasswordForm } from '../../../ui/use-amount-password-form';
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
  const place = usePlaceFundOrder();
  const maximum = kind === 'purchase' ? fund.available : fund.fund;
  const form = useAmountPasswordForm({
    amountMessages: { required: t('fund.amountRequired'), invalid: t('fund.amountInvalid') },
    amountProblem: (minor) =>
      minor > (parseAmount(maximum) ?? 0)
        ? t(kind === 'purchase' ? 'errors.FUND_ABOVE_AVAILABLE' : 'errors.FUND_REDEEM_ABOVE_BALANCE', {
            available: format.money(maximum),
            balance: format.money(maximum),
          })
        : null,
    liveAmount: true,
    keyScope: { kind },
    pending: place.isPending,
    send: (body, idempotencyKey) => place.mutateAsync({ kind, ...body, idempotencyKey }),
    onDone: (placed) => {
      showToast(
        t(kind === 'purchase' ? 'fund.purchased' : 'fund.redeemed', {
          amount: format.money(placed.amount),
          date: placed.confirmDate,
        }),
      );
      void navigate(paths.fund.getHref());
    },
  });

  return (
    <form className="fund-form" noValidate onSubmit={form.onSubmit}>
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
        value={form.amount}
        onChange={(event) => form.setAmount(event.target.value)}
        error={form.amountError}
      />
      <p className="fund-notice" role="note">
        {t(kind === 'purchase' ? 'fund.purchaseNotice' : 'fund.redeemNotice', { date: fund.nextConfirmDate })}
      </p>
      <TradingPasswordField
        id="fund-trading-password"
        label={t('wallet.tradingPassword')}
        value={form.password}
        onChange={form.setPassword}
        error={form.passwordError}
      />
      <Button block color="primary" type="submit" loading={place.isPending}>
        {t(kind === 'purchase' ? 'fund.confirmPurchase' : 'fund.confirmRedeem')}
      </Button>
    </form>
  );
}
