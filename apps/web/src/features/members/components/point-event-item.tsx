import type { CreditPointEvent } from '@bourse/shared/schemas/members';
import { useTranslation } from 'react-i18next';
import { useDisplayFormat } from '../../../ui/use-display-format';

/** One change of credit points: why (the rule), when, by how much, and the balance after it. */
export function PointEventItem({ event }: { event: CreditPointEvent }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const titleId = `point-event-${event.id}`;
  const signed = event.points > 0 ? `+${format.count(event.points)}` : format.count(event.points);
  const tone = event.points > 0 ? 'point-event-gain' : event.points < 0 ? 'point-event-loss' : '';
  return (
    <li className="point-event" aria-labelledby={titleId}>
      <div className="point-event-head">
        <h2 id={titleId} className="point-event-title">
          {t(`members.rules.${event.rule}`)}
        </h2>
        <span className={`point-event-points ${tone}`.trim()}>{signed}</span>
      </div>
      <div className="point-event-foot">
        <time dateTime={event.createdAt}>{format.dateTime(event.createdAt)}</time>
        <span>{t('members.balanceAfter', { points: format.count(event.balanceAfter) })}</span>
      </div>
    </li>
  );
}
