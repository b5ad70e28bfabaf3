import type { Position } from '@bourse/shared/schemas/trading';
import { useTranslation } from 'react-i18next';
import { formatUserDateTime } from '../../../ui/format-date';
import { StatList } from '../../../ui/stat-list';
import { useTradingFormat } from '../use-trading-format';
import { SignedText } from './signed-text';

/** Every sale out of a lot with its price, type, time, each fee, the proceeds and the realized P/L. */
export function SalesList({ sales }: { sales: Position['sales'] }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  return (
    <section className="trade-section" aria-labelledby="lot-sales">
      <h2 id="lot-sales" className="trade-section-title">
        {t('trading.detail.sales')}
      </h2>
      {sales.length === 0 ? (
        <p className="trade-section-empty">{t('trading.detail.noSales')}</p>
      ) : (
        <ol className="trade-sales">
          {sales.map((sale) => (
            <li key={`${sale.orderId}-${sale.time}`} className="trade-sale">
              <h3 className="trade-sale-title">
                <time dateTime={sale.time}>{formatUserDateTime(sale.time)}</time>
                <span>{t(`trading.types.${sale.sellType}`)}</span>
              </h3>
              <StatList
                items={[
                  { key: 'quantity', label: t('trading.figures.quantity'), value: format.count(sale.quantity) },
                  { key: 'price', label: t('trading.figures.sellPrice'), value: format.price(sale.price) },
                  { key: 'gross', label: t('trading.costs.gross'), value: format.money(sale.gross) },
                  { key: 'commission', label: t('trading.costs.commission'), value: format.money(sale.commission) },
                  {
                    key: 'transactionFee',
                    label: t('trading.costs.transactionFee'),
                    value: format.money(sale.transactionFee),
                  },
                  { key: 'stampDuty', label: t('trading.costs.stampDuty'), value: format.money(sale.stampDuty) },
                  { key: 'proceeds', label: t('trading.costs.totalSell'), value: format.money(sale.proceeds) },
                  {
                    key: 'pnl',
                    label: t('trading.figures.realizedPnl'),
                    value: (
                      <SignedText value={sale.realizedPnl}>
                        {format.money(sale.realizedPnl, { signed: true })}
                      </SignedText>
                    ),
                  },
                ]}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
