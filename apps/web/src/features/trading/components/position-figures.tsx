import type { Position } from '@bourse/shared/schemas/trading';
import { useTranslation } from 'react-i18next';
import { formatUserDateTime } from '../../../ui/format-date';
import { StatList, type Stat } from '../../../ui/stat-list';
import { useTradingFormat } from '../use-trading-format';
import { PositionStatusTag } from './position-status-tag';
import { SignedText } from './signed-text';

/** The lot's instrument and state. */
export function PositionHeading({ lot }: { lot: Position }) {
  return (
    <div className="trade-detail-head">
      <h2 className="trade-detail-title">
        {lot.name} <span className="trade-item-code">{lot.code}</span>
      </h2>
      <PositionStatusTag lot={lot} />
    </div>
  );
}

/** What the lot is worth now (open lots): shares, sellable, live last price, market value, floating P/L. */
export function HoldingFigures({ lot }: { lot: Position }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  return (
    <section className="trade-section" aria-labelledby="lot-holding">
      <h2 id="lot-holding" className="trade-section-title">
        {t('trading.detail.holding')}
      </h2>
      <StatList
        items={[
          { key: 'quantity', label: t('trading.figures.quantity'), value: format.count(lot.quantity) },
          { key: 'sellable', label: t('trading.figures.sellable'), value: format.count(lot.sellable) },
          { key: 'last', label: t('trading.figures.lastPrice'), value: format.price(lot.lastPrice) },
          { key: 'value', label: t('trading.figures.marketValue'), value: format.money(lot.marketValue) },
          // After a partial sale, the part of the capital the remaining shares still carry.
          ...(lot.sales.length > 0
            ? [
                {
                  key: 'remainingCapital',
                  label: t('trading.figures.remainingCapital'),
                  value: format.money(lot.remainingCapital),
                },
              ]
            : []),
          {
            key: 'pnl',
            label: t('trading.figures.floatingPnl'),
            value: (
              <>
                <SignedText value={lot.floatingPnl}>{format.money(lot.floatingPnl, { signed: true })}</SignedText>{' '}
                <SignedText value={lot.floatingPnlPct}>
                  {format.percent(lot.floatingPnlPct, { signed: true })}
                </SignedText>
              </>
            ),
          },
        ]}
      />
    </section>
  );
}

/** The buy that opened the lot, with every fee it paid and the capital it cost. */
export function PurchaseFigures({ lot }: { lot: Position }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  return (
    <section className="trade-section" aria-labelledby="lot-purchase">
      <h2 id="lot-purchase" className="trade-section-title">
        {t('trading.detail.purchase')}
      </h2>
      <StatList
        items={[
          {
            key: 'time',
            label: t('trading.figures.buyTime'),
            value: <time dateTime={lot.buyTime}>{formatUserDateTime(lot.buyTime)}</time>,
          },
          { key: 'price', label: t('trading.figures.buyPrice'), value: format.price(lot.buyPrice) },
          { key: 'quantity', label: t('trading.figures.boughtQuantity'), value: format.count(lot.originalQuantity) },
          { key: 'value', label: t('trading.figures.buyValue'), value: format.money(lot.buyValue) },
          { key: 'commission', label: t('trading.costs.commission'), value: format.money(lot.buyCommission) },
          {
            key: 'transactionFee',
            label: t('trading.costs.transactionFee'),
            value: format.money(lot.buyTransactionFee),
          },
          { key: 'fees', label: t('trading.costs.fees'), value: format.money(lot.buyFees) },
          { key: 'capital', label: t('trading.figures.capital'), value: format.money(lot.capital) },
          { key: 'trades', label: t('trading.figures.trades'), value: format.count(lot.trades) },
        ]}
      />
    </section>
  );
}

/** What the sales realized: P/L and ratio, and the last sale's price, type and time. */
export function ResultFigures({ lot }: { lot: Position }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const items: Stat[] = [
    {
      key: 'pnl',
      label: t('trading.figures.realizedPnl'),
      value: <SignedText value={lot.realizedPnl}>{format.money(lot.realizedPnl, { signed: true })}</SignedText>,
    },
    {
      key: 'pct',
      label: t('trading.figures.realizedPnlPct'),
      value: <SignedText value={lot.realizedPnlPct}>{format.percent(lot.realizedPnlPct, { signed: true })}</SignedText>,
    },
  ];
  if (lot.sellPrice !== null) {
    items.push({ key: 'sellPrice', label: t('trading.figures.sellPrice'), value: format.price(lot.sellPrice) });
  }
  if (lot.sellType !== null) {
    items.push({ key: 'sellType', label: t('trading.figures.sellType'), value: t(`trading.types.${lot.sellType}`) });
  }
  if (lot.sellTime !== null) {
    items.push({
      key: 'sellTime',
      label: t('trading.figures.sellTime'),
      value: <time dateTime={lot.sellTime}>{formatUserDateTime(lot.sellTime)}</time>,
    });
  }
  return (
    <section className="trade-section" aria-labelledby="lot-result">
      <h2 id="lot-result" className="trade-section-title">
        {t('trading.detail.result')}
      </h2>
      <StatList items={items} />
    </section>
  );
}
