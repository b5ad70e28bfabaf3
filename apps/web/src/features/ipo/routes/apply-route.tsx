import { Button } from 'antd-mobile';
import type { IpoIssue } from '@bourse/shared/schemas/ipo';
import { tradingPasswordPattern } from '@bourse/shared/schemas/auth';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAssets } from '../../../lib/api/get-assets';
import { useUserInfo } from '../../../lib/api/get-user-info';
import { useActionKeys } from '../../../lib/idempotency';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QuantityStepper } from '../../../ui/quantity-stepper';
import { QueryError } from '../../../ui/query-error';
import { StatList } from '../../../ui/stat-list';
import { TradingPasswordField } from '../../../ui/trading-password-field';
import { availableMinor, heldAmount, heldMinor } from '../amounts';
import { useIssue } from '../api/get-issue';
import { useSubscribe } from '../api/subscribe';
import { isRefusal, refusalField } from '../errors';
import { issueIdOf } from '../issue-id';
import { useDisplayFormat } from '../../../ui/use-display-format';
import '../ipo.css';

/** /apply?id=: subscribing to one open issue with a number of lots and the trading password. */
export function ApplyRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = issueIdOf(searchParams.get('id'));
  const issue = useIssue(id);
  const assets = useAssets();
  const user = useUserInfo();

  let content;
  if (id === null) {
    content = <p className="notice-card">{t('ipo.detail.unknown')}</p>;
  } else if (!issue.data || !assets.data || !user.data) {
    content =
      issue.isError || assets.isError || user.isError ? (
        <QueryError onRetry={() => void Promise.all([issue.refetch(), assets.refetch(), user.refetch()])} />
      ) : (
        <PageLoading />
      );
  } else if (issue.data.mySubscription) {
    content = (
      <div className="notice-card">
        <p>{t('ipo.apply.alreadySubscribed', { name: issue.data.name })}</p>
        <Link className="button-link" to={paths.newShareDetail.getHref(issue.data.id)}>
          {t('ipo.apply.toDetail')}
        </Link>
      </div>
    );
  } else if (issue.data.status !== 'open') {
    content = (
      <div className="notice-card">
        <p>{t('ipo.apply.notOpen', { name: issue.data.name })}</p>
        <Link className="button-link" to={paths.newShareDetail.getHref(issue.data.id)}>
          {t('ipo.apply.toDetail')}
        </Link>
      </div>
    );
  } else if (!user.data.hasTradingPassword) {
    content = (
      <div className="notice-card">
        <p>{t('ipo.oneClick.noTradingPassword')}</p>
        <Link className="button-link" to={paths.payPassword.getHref()}>
          {t('wallet.withdraw.setTradingPassword')}
        </Link>
      </div>
    );
  } else {
    content = <ApplyForm issue={issue.data} available={assets.data.available} />;
  }
  return <Page title={t('ipo.apply.title')}>{content}</Page>;
}

type LotsProblem = 'ipo.validation.lotsRequired' | 'ipo.validation.lotsMin' | 'ipo.validation.lotsMax';

function checkLots(text: string, max: number): LotsProblem | null {
  const value = text.trim();
  if (!value) return 'ipo.validation.lotsRequired';
  if (!/^\d+$/.test(value) || Number(value) === 0) return 'ipo.validation.lotsMin';
  if (Number(value) > max) return 'ipo.validation.lotsMax';
  return null;
}

function ApplyForm({ issue, available }: { issue: IpoIssue; available: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useDisplayFormat();
  const onFailure = useSubmitFailure();
  const subscribe = useSubscribe();
  const keys = useActionKeys();
  const [lotsText, setLotsText] = useState('1');
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [lotsServerError, setLotsServerError] = useState<string | null>(null);
  const [passwordServerError, setPasswordServerError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const lotsProblem = checkLots(lotsText, issue.maxLotsPerInvestor);
  const lots = lotsProblem ? null : Number(lotsText.trim());
  const amount = lots === null ? null : heldAmount(issue, lots);
  const short = lots !== null && (heldMinor(issue, lots) ?? 0) > availableMinor(available);
  const passwordProblem = !password
    ? t('wallet.validation.tradingPasswordRequired')
    : tradingPasswordPattern.test(password)
      ? null
      : t('wallet.validation.tradingPasswordFormat');

  const lotsError =
    lotsServerError ??
    (lotsProblem && (attempted || lotsText !== '1')
      ? t(lotsProblem, { max: format.count(issue.maxLotsPerInvestor) })
      : undefined);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (subscribe.isPending) return;
    setAttempted(true);
    setFormError(null);
    if (lots === null || passwordProblem || short) return;
    const body = { lots, tradingPassword: password };
    const idempotencyKey = keys.keyFor({ issueId: issue.id, ...body });
    try {
      await subscribe.mutateAsync({ ...body, issueId: issue.id, idempotencyKey });
    } catch (error) {
      keys.settle(error);
      onFailure(error);
      if (!isRefusal(error)) return;
      const field = refusalField(error);
      if (field === 'password') {
        setPasswordServerError(error.message);
        setPassword('');
      } else if (field === 'lots') setLotsServerError(error.message);
      else setFormError(error.message);
      return;
    }
    keys.settle();
    showToast(t('ipo.apply.succeeded'));
    void navigate(paths.newShareDetail.getHref(issue.id), { replace: true });
  };

  return (
    <form className="form ipo-content" noValidate onSubmit={(event) => void onSubmit(event)}>
      <header className="ipo-detail-head">
        <h2 className="ipo-detail-title">
          {issue.name} <span className="offer-card-code">{issue.code}</span>
        </h2>
      </header>
      <StatList
        items={[
          { key: 'applicationCode', label: t('ipo.fields.applicationCode'), value: issue.applicationCode },
          { key: 'issuePrice', label: t('ipo.fields.issuePrice'), value: format.decimal(issue.issuePrice) },
          { key: 'lotSize', label: t('ipo.fields.lotSize'), value: format.count(issue.lotSize) },
          { key: 'maxLots', label: t('ipo.fields.maxLots'), value: format.count(issue.maxLotsPerInvestor) },
        ]}
      />
      <QuantityStepper
        id="ipo-lots"
        label={t('ipo.apply.lots')}
        decreaseLabel={t('trading.ticket.decrease', { label: t('ipo.apply.lots') })}
        increaseLabel={t('trading.ticket.increase', { label: t('ipo.apply.lots') })}
        value={lotsText}
        min={1}
        max={issue.maxLotsPerInvestor}
        onChange={(value) => {
          setLotsText(value);
          setLotsServerError(null);
          setFormError(null);
        }}
        error={lotsError}
        hint={t('ipo.apply.lotsHint', {
          max: format.count(issue.maxLotsPerInvestor),
          shares: format.count(issue.lotSize),
        })}
      />
      <dl className="stat-list stat-list-rows ipo-amounts">
        <div className="stat-list-item">
          <dt>{t('ipo.fields.amountHeld')}</dt>
          <dd aria-live="polite">{amount === null ? '–' : format.money(amount)}</dd>
        </div>
        <div className="stat-list-item">
          <dt>{t('assets.available')}</dt>
          <dd>{format.money(available)}</dd>
        </div>
      </dl>
      {short && (
        <p className="text-field-error" role="alert">
          {t('ipo.validation.insufficientCash')}
        </p>
      )}
      <TradingPasswordField
        id="ipo-apply-password"
        label={t('wallet.tradingPassword')}
        hint={t('wallet.tradingPasswordHint')}
        value={password}
        onChange={(value) => {
          setPassword(value);
          setPasswordServerError(null);
        }}
        error={passwordServerError ?? (attempted && passwordProblem ? passwordProblem : undefined)}
      />
      {formError && (
        <p className="text-field-error" role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" color="primary" size="large" block loading={subscribe.isPending}>
        {t('ipo.apply.submit')}
      </Button>
    </form>
  );
}
