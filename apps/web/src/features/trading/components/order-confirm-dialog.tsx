import { Button, Dialog } from 'antd-mobile';
import type { CostBreakdown, OrderSide, OrderType, TimeInForce } from '@bourse/shared/schemas/trading';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StatList } from '../../../ui/stat-list';
import { TradingPasswordField } from '../../../ui/trading-password-field';
import { useTradingFormat } from '../use-trading-format';
import { CostLines } from './cost-preview';

export interface OrderSummary {
  name: string;
  code: string;
  side: OrderSide;
  type: OrderType;
  limitPrice: string | null;
  timeInForce: TimeInForce;
  /** Buy: lots; null for a sale. */
  lots: number | null;
  shares: number;
}

export interface OrderConfirmDialogProps {
  visible: boolean;
  summary: OrderSummary | null;
  breakdown: CostBreakdown | undefined;
  tradingPassword: string;
  onTradingPasswordChange: (value: string) => void;
  passwordError?: string | undefined;
  submitting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The last step before an order is sent: what will be bought or sold, on what terms, with every
 * cost, and the trading password. A sale asks the spec's question, "are you sure you want to sell".
 */
export function OrderConfirmDialog({
  visible,
  summary,
  breakdown,
  tradingPassword,
  onTradingPasswordChange,
  passwordError,
  submitting,
  onConfirm,
  onCancel,
}: OrderConfirmDialogProps) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const passwordRef = useRef<HTMLInputElement>(null);
  const sell = summary?.side === 'sell';
  const questionId = useId();
  const title = sell ? t('trading.confirm.titleSell') : t('trading.confirm.titleBuy');

  useEffect(() => {
    if (visible) passwordRef.current?.focus();
  }, [visible]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!submitting) onConfirm();
  };

  const content = summary && (
    <form className="order-confirm" noValidate onSubmit={onSubmit}>
      {/* The one part that scrolls on a small screen; focusable so the keyboard can scroll it too. */}
      <div className="order-confirm-summary" role="region" aria-labelledby={questionId} tabIndex={0}>
        <p id={questionId} className="order-confirm-question">
          {sell ? t('trading.confirm.questionSell') : t('trading.confirm.questionBuy')}
        </p>
        <StatList
          items={[
            { key: 'instrument', label: t('trading.figures.instrument'), value: `${summary.name} (${summary.code})` },
            { key: 'side', label: t('trading.ticket.side'), value: t(`trading.sides.${summary.side}`) },
            {
              key: 'type',
              label: t('trading.ticket.type'),
              value:
                summary.type === 'limit' && summary.limitPrice
                  ? t('trading.confirm.limitTerms', {
                      price: format.price(summary.limitPrice),
                      validity: t(`trading.timeInForce.${summary.timeInForce}`),
                    })
                  : t('trading.types.market'),
            },
            ...(summary.lots !== null
              ? [{ key: 'lots', label: t('trading.ticket.lots'), value: format.count(summary.lots) }]
              : []),
            { key: 'quantity', label: t('trading.costs.quantity'), value: format.count(summary.shares) },
            ...(breakdown
              ? [
                  {
                    key: 'price',
                    label:
                      summary.type === 'market' ? t('trading.costs.estimatedPrice') : t('trading.costs.limitPrice'),
                    value: format.price(breakdown.price),
                  },
                ]
              : []),
          ]}
        />
        {breakdown && <CostLines breakdown={breakdown} />}
      </div>
      <TradingPasswordField
        ref={passwordRef}
        id="order-trading-password"
        label={t('wallet.tradingPassword')}
        hint={t('wallet.tradingPasswordHint')}
        value={tradingPassword}
        onChange={onTradingPasswordChange}
        error={passwordError}
      />
      <div className="order-confirm-actions">
        <Button type="button" size="large" fill="outline" onClick={onCancel} disabled={submitting}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" size="large" color={sell ? 'danger' : 'primary'} loading={submitting}>
          {t('common.confirm')}
        </Button>
      </div>
    </form>
  );

  return (
    <Dialog
      visible={visible}
      aria-label={title}
      title={title}
      content={content}
      onClose={onCancel}
      destroyOnClose
      bodyClassName="order-confirm-body"
    />
  );
}
