import type { Holding, Position } from '@bourse/shared/schemas/trading';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { revalueHolding } from '../figures';
import { useLivePrice } from '../use-live-price';
import { useTradingFormat } from '../use-trading-format';
import { TradeListItem } from './trade-list-item';

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

  return (
    <TradeListItem
      titleId={`holding-${holding.code}`}
      title={
        <>
          {holding.name} <span className="trade-item-code">{holding.code}</span>
        </>
      }
      href={paths.holding.getHref(holding.code)}
      pnl={{ amount: figures.floatingPnl, pct: figures.floatingPnlPct }}
      figures={[
        { key: 'quantity', label: t('trading.figures.quantity'), value: format.count(holding.quantity) },
        { key: 'average', label: t('trading.figures.averagePrice'), value: format.price(holding.averagePrice) },
        { key: 'last', label: t('trading.figures.lastPrice'), value: format.price(figures.lastPrice) },
        { key: 'value', label: t('trading.figures.marketValue'), value: format.money(figures.marketValue) },
      ]}
    />
  );
}
