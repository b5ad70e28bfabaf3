import type { CostBreakdown } from '@bourse/shared/schemas/trading';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTradingFormat } from '../use-trading-format';

interface CostLineProps {
  label: string;
  amount: string;
  pct?: string | undefined;
  strong?: boolean;
}

function CostLine({ label, amount, pct, strong = false }: CostLineProps) {
  const format = useTradingFormat();
  return (
    <div className={strong ? 'cost-line cost-line-strong' : 'cost-line'}>
      <dt>{label}</dt>
      <dd>
        <span className="cost-line-amount">{format.money(amount)}</span>
        {pct !== undefined && (
          <>
            {' '}
            <span className="cost-line-pct">{format.percent(pct)}</span>
          </>
        )}
      </dd>
    </div>
  );
}

/** Every line of the ex-ante costs, in money and as a percentage of the order value. */
export function CostLines({ breakdown }: { breakdown: CostBreakdown }) {
  const { t } = useTranslation();
  const sell = breakdown.side === 'sell';
  return (
    <dl className="cost-lines">
      <CostLine label={t('trading.costs.gross')} amount={breakdown.gross} />
      <CostLine
        label={t('trading.costs.commission')}
        amount={breakdown.commission.amount}
        pct={breakdown.commission.pct}
      />
      <CostLine
        label={t('trading.costs.transactionFee')}
        amount={breakdown.transactionFee.amount}
        pct={breakdown.transactionFee.pct}
      />
      {/* Stamp duty is charged on sales only. */}
      {sell && (
        <CostLine
          label={t('trading.costs.stampDuty')}
          amount={breakdown.stampDuty.amount}
          pct={breakdown.stampDuty.pct}
        />
      )}
      <CostLine label={t('trading.costs.fees')} amount={breakdown.fees.amount} pct={breakdown.fees.pct} />
      <CostLine
        label={sell ? t('trading.costs.totalSell') : t('trading.costs.totalBuy')}
        amount={breakdown.total}
        strong
      />
    </dl>
  );
}

export interface CostPreviewProps {
  breakdown: CostBreakdown | undefined;
  /** True while a newer estimate is on its way (the shown one may be out of date). */
  updating: boolean;
  /** Why there is no estimate (the ticket is incomplete, or the server refused it). */
  notice?: ReactNode;
}

/**
 * The costs of the order before it is confirmed (DESIGN §4: fees apply only as disclosed): the price
 * the estimate uses, the shares, each fee, the total, and the cash available or shares sellable.
 */
export function CostPreview({ breakdown, updating, notice }: CostPreviewProps) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  return (
    <section className="cost-preview" aria-labelledby="cost-preview-title" aria-busy={updating || undefined}>
      <h2 id="cost-preview-title" className="cost-preview-title">
        {t('trading.costs.title')}
      </h2>
      {notice ? (
        <p className="cost-preview-notice">{notice}</p>
      ) : breakdown ? (
        <>
          <dl className="cost-lines">
            <div className="cost-line">
              <dt>{breakdown.type === 'market' ? t('trading.costs.estimatedPrice') : t('trading.costs.limitPrice')}</dt>
              <dd>{format.price(breakdown.price)}</dd>
            </div>
            <div className="cost-line">
              <dt>{t('trading.costs.quantity')}</dt>
              <dd>{format.count(breakdown.quantity)}</dd>
            </div>
          </dl>
          <CostLines breakdown={breakdown} />
          <dl className="cost-lines cost-lines-funds">
            {breakdown.side === 'buy' && breakdown.available !== null && (
              <CostLine label={t('trading.costs.available')} amount={breakdown.available} />
            )}
            {breakdown.side === 'sell' && breakdown.sellable !== null && (
              <div className="cost-line">
                <dt>{t('trading.costs.sellable')}</dt>
                <dd>{format.count(breakdown.sellable)}</dd>
              </div>
            )}
          </dl>
          {breakdown.type === 'market' && breakdown.collarPrice !== null && (
            <p className="cost-preview-note">
              {t(breakdown.side === 'buy' ? 'trading.costs.collarBuy' : 'trading.costs.collarSell', {
                // On the grid, and still true: a buy fills at no more than this, a sale at no less.
                price: format.priceInText(breakdown.collarPrice, breakdown.side === 'buy' ? 'down' : 'up'),
              })}
            </p>
          )}
        </>
      ) : (
        <p className="cost-preview-notice">{t('common.loading')}</p>
      )}
    </section>
  );
}
