import type { Position } from '@bourse/shared/schemas/trading';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { formatUserDateTime } from '../../../ui/format-date';
import { ChevronRightIcon } from '../../../ui/icons';
import { useTradingFormat } from '../use-trading-format';
import { FigureGrid } from './figure-grid';
import { PositionStatusTag } from './position-status-tag';
import { SignedText } from './signed-text';

/** A lot sold from: shares sold, buy and last sell price, realized P/L and ratio, when. */
export function HistoryItem({ lot }: { lot: Position }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const sold = lot.sales.reduce((count, sale) => count + sale.quantity, 0);
  const titleId = `history-${lot.id}`;
  return (
    <li className="trade-item" aria-labelledby={titleId}>
      <Link className="trade-item-link" to={paths.historyDetail.getHref(lot.id)}>
        <div className="trade-item-head">
          <h2 id={titleId} className="trade-item-title">
            {lot.name} <span className="trade-item-code">{lot.code}</span>
          </h2>
          <span className="trade-item-pnl">
            <SignedText value={lot.realizedPnl}>{format.money(lot.realizedPnl, { signed: true })}</SignedText>
            <SignedText value={lot.realizedPnlPct} className="trade-item-pct">
              {format.percent(lot.realizedPnlPct, { signed: true })}
            </SignedText>
          </span>
          <ChevronRightIcon />
        </div>
        <FigureGrid
          items={[
            { key: 'sold', label: t('trading.figures.soldQuantity'), value: format.count(sold) },
            { key: 'buy', label: t('trading.figures.buyPrice'), value: format.price(lot.buyPrice) },
            ...(lot.sellPrice !== null
              ? [{ key: 'sell', label: t('trading.figures.sellPrice'), value: format.price(lot.sellPrice) }]
              : []),
          ]}
        />
        <div className="trade-item-foot">
          {lot.sellTime !== null && (
            <time className="trade-item-time" dateTime={lot.sellTime}>
              {formatUserDateTime(lot.sellTime)}
            </time>
          )}
          <PositionStatusTag lot={lot} />
        </div>
      </Link>
    </li>
  );
}
