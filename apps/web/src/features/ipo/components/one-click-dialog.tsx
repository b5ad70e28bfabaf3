import { Button, Dialog } from 'antd-mobile';
import type { SubscribeAllResult } from '@bourse/shared/schemas/ipo';
import { formatMinor } from '@bourse/shared/money';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tradingPasswordPattern } from '@bourse/shared/schemas/auth';
import { useActionKeys } from '../../../lib/idempotency';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { TradingPasswordField } from '../../../ui/trading-password-field';
import type { OneClickPlan } from '../amounts';
import { useSubscribeAll } from '../api/subscribe';
import { isRefusal, refusalField } from '../errors';
import { useDisplayFormat } from '../../../ui/use-display-format';

export interface OneClickDialogProps {
  /** What one-click would hold, computed from the open issues and the available cash; null hides the dialog. */
  plan: OneClickPlan | null;
  available: string;
  onClose: () => void;
}

/**
 * One-click subscription: first the summary of what it will hold (per open issue the lots at its
 * largest affordable number, the amount, the total) with the trading password, then the server's
 * answer per issue, subscribed or why not.
 */
export function OneClickDialog({ plan, available, onClose }: OneClickDialogProps) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const onFailure = useSubmitFailure();
  const subscribeAll = useSubscribeAll();
  const keys = useActionKeys();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<SubscribeAllResult | null>(null);
  const visible = plan !== null;
  const title = result ? t('ipo.oneClick.resultTitle') : t('ipo.oneClick.title');

  useEffect(() => {
    if (visible) passwordRef.current?.focus();
  }, [visible]);

  const close = () => {
    if (subscribeAll.isPending) return;
    setPassword('');
    setPasswordError(null);
    setFormError(null);
    setResult(null);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (subscribeAll.isPending) return;
    setFormError(null);
    if (!password) return setPasswordError(t('wallet.validation.tradingPasswordRequired'));
    if (!tradingPasswordPattern.test(password)) return setPasswordError(t('wallet.validation.tradingPasswordFormat'));
    setPasswordError(null);
    const body = { tradingPassword: password };
    const idempotencyKey = keys.keyFor(body);
    try {
      const answer = await subscribeAll.mutateAsync({ ...body, idempotencyKey });
      keys.settle();
      setPassword('');
      setResult(answer);
    } catch (error) {
      keys.settle(error);
      onFailure(error);
      if (!isRefusal(error)) return;
      if (refusalField(error) === 'password') {
        setPasswordError(error.message);
        setPassword('');
      } else {
        setFormError(error.message);
      }
    }
  };

  const summary = plan && !result && (
    <form className="order-confirm" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="order-confirm-question">{t('ipo.oneClick.question')}</p>
      <p className="note-text">{t('ipo.oneClick.available', { amount: format.money(available) })}</p>
      <ul className="ipo-lines" aria-label={t('ipo.oneClick.summaryLabel')}>
        {plan.lines.map(({ issue, lots, amountMinor }) => (
          <li key={issue.id} className="ipo-line">
            <span className="ipo-line-name">
              {issue.name} ({issue.code})
            </span>
            <span className="ipo-line-value">
              {lots > 0
                ? t('ipo.oneClick.lineLots', {
                    lots: format.count(lots),
                    amount: format.money(formatMinor(amountMinor)),
                  })
                : t('ipo.oneClick.lineUnaffordable')}
            </span>
          </li>
        ))}
      </ul>
      <p className="sum-line">
        <span>{t('ipo.oneClick.total')}</span>
        <strong>{format.money(formatMinor(plan.totalMinor))}</strong>
      </p>
      <p className="note-text">{t('ipo.oneClick.estimateNote')}</p>
      <TradingPasswordField
        ref={passwordRef}
        id="ipo-one-click-password"
        label={t('wallet.tradingPassword')}
        hint={t('wallet.tradingPasswordHint')}
        value={password}
        onChange={(value) => {
          setPassword(value);
          setPasswordError(null);
        }}
        error={passwordError ?? undefined}
      />
      {formError && (
        <p className="text-field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="order-confirm-actions">
        <Button type="button" size="large" fill="outline" onClick={close} disabled={subscribeAll.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" size="large" color="primary" loading={subscribeAll.isPending}>
          {t('ipo.oneClick.confirm')}
        </Button>
      </div>
    </form>
  );

  const outcome = result && (
    <div className="order-confirm">
      <p className="order-confirm-question" role="status">
        {t('ipo.oneClick.resultSummary', {
          number: format.count(result.subscribedCount),
          amount: format.money(result.totalHeld),
        })}
      </p>
      <ul className="ipo-lines" aria-label={t('ipo.oneClick.resultLabel')}>
        {result.items.map((item) => (
          <li key={item.issueId} className="ipo-line">
            <span className="ipo-line-name">
              {item.name} ({item.code})
            </span>
            <span className={item.subscribed ? 'ipo-line-value ipo-line-ok' : 'ipo-line-value ipo-line-refused'}>
              {item.subscribed && item.lots !== null && item.amountHeld !== null
                ? t('ipo.oneClick.subscribedLine', {
                    lots: format.count(item.lots),
                    amount: format.money(item.amountHeld),
                  })
                : t('ipo.oneClick.notSubscribedLine', {
                    reason: item.reason ?? item.error ?? t('ipo.oneClick.noReason'),
                  })}
            </span>
          </li>
        ))}
      </ul>
      <Button block size="large" color="primary" onClick={close}>
        {t('common.close')}
      </Button>
    </div>
  );

  return (
    <Dialog
      visible={visible}
      aria-label={title}
      title={title}
      content={summary || outcome}
      onClose={close}
      destroyOnClose
      bodyClassName="order-confirm-body"
    />
  );
}
