import type { IpoSubscription } from '@bourse/shared/schemas/ipo';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { StatList, type Stat } from '../../../ui/stat-list';
import { useDisplayFormat } from '../../../ui/use-display-format';
import { SubscriptionStatusTag } from './status-tags';

/**
 * One application: the issue, its state (already subscribed, allotted, no allotment), lots and
 * amount held and, after the draw, lots allotted with what was paid and what came back.
 */
export function SubscriptionItem({ subscription }: { subscription: IpoSubscription }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const titleId = `ipo-subscription-${subscription.id}`;
  const figures: Stat[] = [
    {
      key: 'lots',
      label: t('ipo.fields.lotsApplied'),
      value: t('ipo.records.lotsValue', {
        lots: format.count(subscription.lots),
        quantity: format.count(subscription.quantity),
      }),
    },
    { key: 'price', label: t('ipo.fields.issuePrice'), value: format.decimal(subscription.issuePrice) },
    { key: 'held', label: t('ipo.fields.amountHeld'), value: format.money(subscription.amountHeld) },
  ];
  if (subscription.lotsAllotted !== null) {
    figures.push({
      key: 'allotted',
      label: t('ipo.fields.lotsAllotted'),
      value: format.count(subscription.lotsAllotted),
    });
  }
  if (subscription.amountCaptured !== null) {
    figures.push({
      key: 'captured',
      label: t('ipo.fields.amountCaptured'),
      value: format.money(subscription.amountCaptured),
    });
  }
  if (subscription.amountReleased !== null) {
    figures.push({
      key: 'released',
      label: t('ipo.fields.amountReleased'),
      value: format.money(subscription.amountReleased),
    });
  }
  return (
    <li className="offer-card" aria-labelledby={titleId}>
      <div className="offer-card-head">
        <h2 id={titleId} className="offer-card-title">
          <Link className="offer-card-link" to={paths.newShareDetail.getHref(subscription.issueId)}>
            {subscription.name} <span className="offer-card-code">{subscription.code}</span>
          </Link>
        </h2>
        <SubscriptionStatusTag status={subscription.status} />
      </div>
      <StatList layout="grid" items={figures} />
      <p className="offer-card-window">
        <time dateTime={subscription.subscribedAt}>
          {t('ipo.records.subscribedAt', { time: format.dateTime(subscription.subscribedAt) })}
        </time>
        {subscription.allocatedAt && (
          <>
            {' · '}
            <time dateTime={subscription.allocatedAt}>
              {t('ipo.records.allocatedAt', { time: format.dateTime(subscription.allocatedAt) })}
            </time>
          </>
        )}
      </p>
    </li>
  );
}
