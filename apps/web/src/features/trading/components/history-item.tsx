import type { Position } from '@bourse/shared/schemas/trading';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { formatUserDateTime } from '../../../ui/format-date';
import { useTradingFormat } from '../use-trading-format';
import { PositionStatusTag } from './position-status-tag';
import { TradeListItem } from './trade-list-item';

/** A lot sold from: shares sold, buy and last sell price, realized P/L and ratio, when. */
export function HistoryItem({ lot }: { lot: Position }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const sold = lot.sales.reduce((count, sale) => count + sale.quantity, 0);
  return (
    <TradeListItem
      titleId={`history-${lot.id}`}
      title={
        <>
          {lot.name} <span className="trade-item-code">{lot.code}</span>
        </>
      }
      href={paths.historyDetail.getHref(lot.id)}
      pnl={{ amount: lot.realizedPnl, pct: lot.realizedPnlPct }}
      figures={[
        { key: 'sold', label: t('trading.figures.soldQuantity'), value: format.count(sold) },
        { key: 'buy', label: t('trading.figures.buyPrice'), value: format.price(lot.buyPrice) },
        ...(lot.sellPrice !== null
          ? [{ key: 'sell', label: t('trading.figures.sellPrice'), value: format.price(lot.sellPrice) }]
          : []),
      ]}
    >
      <div className="trade-item-foot">
        {lot.sellTime !== null && (
          <time className="trade-item-time" dateTime={lot.sellTime}>
            {formatUserDateTime(lot.sellTime)}
          </time>
        )}
        <PositionStatusTag lot={lot} />
      </div>
    </TradeListItem>
  );
}
