import type { BlockOrder } from '@bourse/shared/schemas/blocktrade';
import { useTranslation } from 'react-i18next';
import { StatList, type Stat } from '../../../ui/stat-list';
import { useDisplayFormat } from '../../../ui/use-display-format';
import { BlockOrderStatusTag } from './block-order-status-tag';

/** One block order: the offer's instrument and price, quantity and amount, its state and, if rejected, why. */
export function OrderItem({ order }: { order: BlockOrder }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const titleId = `block-order-${order.id}`;
  const figures: Stat[] = [
    { key: 'price', label: t('blockTrade.fields.price'), value: format.decimal(order.price) },
    { key: 'quantity', label: t('blockTrade.fields.quantity'), value: format.count(order.quantity) },
    { key: 'amount', label: t('blockTrade.fields.amount'), value: format.money(order.amount) },
  ];
  if (order.status === 'pending' && order.approvalsRequired > 1) {
    figures.push({
      key: 'approvals',
      label: t('blockTrade.fields.approvals'),
      value: t('blockTrade.approvalsValue', { given: order.approvals, required: order.approvalsRequired }),
    });
  }
  return (
    <li className="offer-card" aria-labelledby={titleId}>
      <div className="offer-card-head">
        <h2 id={titleId} className="offer-card-title">
          {order.name} <span className="offer-card-code">{order.code}</span>
        </h2>
        <BlockOrderStatusTag status={order.status} />
      </div>
      <StatList layout="grid" items={figures} />
      <p className="offer-card-window">
        <time dateTime={order.createdAt}>{t('blockTrade.orderedAt', { time: format.dateTime(order.createdAt) })}</time>
        {order.decidedAt && (
          <>
            {' · '}
            <time dateTime={order.decidedAt}>
              {t('blockTrade.decidedAt', { time: format.dateTime(order.decidedAt) })}
            </time>
          </>
        )}
      </p>
      {order.status === 'rejected' && order.reason && (
        <p className="record-reason">{t('blockTrade.reason', { reason: order.reason })}</p>
      )}
    </li>
  );
}
