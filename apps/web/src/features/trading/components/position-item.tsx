import type { Position } from '@bourse/shared/schemas/trading';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { formatUserDateTime } from '../../../ui/format-date';
import { ChevronRightIcon } from '../../../ui/icons';
import { revalueLot } from '../figures';
import { useLivePrice } from '../use-live-price';
import { useTradingFormat } from '../use-trading-format';
import { FigureGrid } from './figure-grid';
import { SignedText } from './signed-text';

/** One open lot (one buy): when and at what price, shares and sellable, live value and floating P/L. */
export function PositionItem({ lot }: { lot: Position }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const live = useLivePrice(lot.code);
  const figures = revalueLot(lot, live?.last);
  const titleId = `lot-${lot.id}`;
  return (
    <li className="trade-item" aria-labelledby={titleId}>
      <Link className="trade-item-link" to={paths.holdDetail.getHref(lot.id)}>
        <div className="trade-item-head">
          <h2 id={titleId} className="trade-item-title">
            {t('trading.lots.lotTitle', { time: formatUserDateTime(lot.buyTime) })}
          </h2>
          <span className="trade-item-pnl">
            <SignedText value={figures.floatingPnl}>{format.money(figures.floatingPnl, { signed: true })}</SignedText>
            <SignedText value={figures.floatingPnlPct} className="trade-item-pct">
              {format.percent(figures.floatingPnlPct, { signed: true })}
            </SignedText>
          </span>
          <ChevronRightIcon />
        </div>
        <FigureGrid
          items={[
            { key: 'quantity', label: t('trading.figures.quantity'), value: format.count(lot.quantity) },
            { key: 'sellable', label: t('trading.figures.sellable'), value: format.count(lot.sellable) },
            { key: 'buy', label: t('trading.figures.buyPrice'), value: format.price(lot.buyPrice) },
            { key: 'last', label: t('trading.figures.lastPrice'), value: format.price(figures.lastPrice) },
            { key: 'value', label: t('trading.figures.marketValue'), value: format.money(figures.marketValue) },
          ]}
        />
      </Link>
    </li>
  );
}
