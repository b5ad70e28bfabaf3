import type { Position } from '@bourse/shared/schemas/trading';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { formatUserDateTime } from '../../../ui/format-date';
import { revalueLot } from '../figures';
import { useLivePrice } from '../use-live-price';
import { useTradingFormat } from '../use-trading-format';
import { TradeListItem } from './trade-list-item';

/** One open lot (one buy): when and at what price, shares and sellable, live value and floating P/L. */
export function PositionItem({ lot }: { lot: Position }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const live = useLivePrice(lot.code);
  const figures = revalueLot(lot, live?.last);
  return (
    <TradeListItem
      titleId={`lot-${lot.id}`}
      title={t('trading.lots.lotTitle', { time: formatUserDateTime(lot.buyTime) })}
      href={paths.holdDetail.getHref(lot.id)}
      pnl={{ amount: figures.floatingPnl, pct: figures.floatingPnlPct }}
      figures={[
        { key: 'quantity', label: t('trading.figures.quantity'), value: format.count(lot.quantity) },
        { key: 'sellable', label: t('trading.figures.sellable'), value: format.count(lot.sellable) },
        { key: 'buy', label: t('trading.figures.buyPrice'), value: format.price(lot.buyPrice) },
        { key: 'last', label: t('trading.figures.lastPrice'), value: format.price(figures.lastPrice) },
        { key: 'value', label: t('trading.figures.marketValue'), value: format.money(figures.marketValue) },
      ]}
    />
  );
}
