import type { Holding, Position } from '@bourse/shared/schemas/trading';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { ChevronRightIcon } from '../../../ui/icons';
import { revalueHolding } from '../figures';
import { useLivePrice } from '../use-live-price';
import { useTradingFormat } from '../use-trading-format';
import { FigureGrid } from './figure-grid';
import { SignedText } from './signed-text';

export interface LiveValue {
  marketValue: string;
  floatingPnl: string;
}

export interface HoldingItemProps {
  holding: Holding;
  /** The open lots of the instrument, which the live value is summed over (undefined while loading). */
  lots: readonly Position[] | undefined;
  onLive: (code: string, value: LiveValue) => void;
}

/**
 * One instrument held: shares, average price, the live last price, market value and floating P/L
 * (signed, in money and percent). Reports its live value so the screen can total them.
 */
export function HoldingItem({ holding, lots, onLive }: HoldingItemProps) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const live = useLivePrice(holding.code);
  const figures = revalueHolding(holding, lots, live?.last);
  const { marketValue, floatingPnl } = figures;
  useEffect(() => onLive(holding.code, { marketValue, floatingPnl }), [onLive, holding.code, marketValue, floatingPnl]);
  const titleId = `holding-${holding.code}`;

  return (
    <li className="trade-item" aria-labelledby={titleId}>
      <Link className="trade-item-link" to={paths.holding.getHref(holding.code)}>
        <div className="trade-item-head">
          <h2 id={titleId} className="trade-item-title">
            {holding.name} <span className="trade-item-code">{holding.code}</span>
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
            { key: 'quantity', label: t('trading.figures.quantity'), value: format.count(holding.quantity) },
            { key: 'average', label: t('trading.figures.averagePrice'), value: format.price(holding.averagePrice) },
            { key: 'last', label: t('trading.figures.lastPrice'), value: format.price(figures.lastPrice) },
            { key: 'value', label: t('trading.figures.marketValue'), value: format.money(figures.marketValue) },
          ]}
        />
      </Link>
    </li>
  );
}
