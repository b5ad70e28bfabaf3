import type { Order, OrderStatus } from '@bourse/shared/schemas/trading';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUserDateTime } from '../../../ui/format-date';
import { StatusTag, type StatusTone } from '../../../ui/status-tag';
import { useTradingFormat } from '../use-trading-format';
import { FigureGrid, type Figure } from './figure-grid';

const STATUS_TONES: Record<OrderStatus, StatusTone> = {
  new: 'info',
  filled: 'success',
  cancelled: 'neutral',
  expired: 'neutral',
  rejected: 'danger',
};

/** Buy or sell, as a word in a tag (not colour alone). */
export function SideTag({ side }: { side: Order['side'] }) {
  const { t } = useTranslation();
  return <StatusTag tone={side === 'buy' ? 'info' : 'warning'}>{t(`trading.sides.${side}`)}</StatusTag>;
}

/**
 * One order: instrument, side, type and limit, quantity, its state, and once filled the price,
 * fees and total; `action` holds what can be done with it (cancel an open one).
 */
export function OrderItem({ order, action }: { order: Order; action?: ReactNode }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const titleId = `order-${order.id}`;
  const items: Figure[] = [
    {
      key: 'type',
      label: t('trading.ticket.type'),
      value:
        order.type === 'limit' && order.limitPrice !== null
          ? t('trading.orders.limitAt', { price: format.price(order.limitPrice) })
          : t('trading.types.market'),
    },
    { key: 'quantity', label: t('trading.costs.quantity'), value: format.count(order.quantity) },
  ];
  if (order.lots !== null)
    items.push({ key: 'lots', label: t('trading.ticket.lots'), value: format.count(order.lots) });
  if (order.fillPrice !== null) {
    items.push({ key: 'fill', label: t('trading.orders.fillPrice'), value: format.price(order.fillPrice) });
  }
  if (order.fees !== null) items.push({ key: 'fees', label: t('trading.costs.fees'), value: format.money(order.fees) });
  if (order.total !== null) {
    items.push({
      key: 'total',
      label: order.side === 'buy' ? t('trading.costs.totalBuy') : t('trading.costs.totalSell'),
      value: format.money(order.total),
    });
  }
  if (order.type === 'limit' && order.status === 'new') {
    items.push({
      key: 'validity',
      label: t('trading.ticket.validity'),
      value: t(`trading.timeInForce.${order.timeInForce}`),
    });
  }
  const time = order.filledAt ?? order.cancelledAt ?? order.createdAt;

  return (
    <li className="trade-item" aria-labelledby={titleId}>
      <div className="trade-item-head">
        <h2 id={titleId} className="trade-item-title">
          {order.name} <span className="trade-item-code">{order.code}</span>
        </h2>
        <span className="trade-item-tags">
          <SideTag side={order.side} />
          <StatusTag tone={STATUS_TONES[order.status]}>{t(`trading.orderStatus.${order.status}`)}</StatusTag>
        </span>
      </div>
      <FigureGrid items={items} />
      <div className="trade-item-foot">
        <time className="trade-item-time" dateTime={time}>
          {formatUserDateTime(time)}
        </time>
        {action}
      </div>
      {order.status === 'rejected' && order.rejectReason && (
        <p className="record-reason">{t('trading.ticket.rejected', { reason: order.rejectReason })}</p>
      )}
    </li>
  );
}
