import type { IpoIssue } from '@bourse/shared/schemas/ipo';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { StatList } from '../../../ui/stat-list';
import { useDisplayFormat } from '../../../ui/use-display-format';
import { Countdown } from './countdown';
import { IssueStatusTag, SubscriptionStatusTag } from './status-tags';

/**
 * One issue in the calendar: name and code with its state, the application code, issue price, lot
 * size, maximum lots, the window (with the time left while open) and the investor's own application.
 */
export function IssueItem({ issue }: { issue: IpoIssue }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const titleId = `ipo-issue-${issue.id}`;
  return (
    <li className="offer-card" aria-labelledby={titleId}>
      <div className="offer-card-head">
        <h2 id={titleId} className="offer-card-title">
          <Link className="offer-card-link" to={paths.newShareDetail.getHref(issue.id)}>
            {issue.name} <span className="offer-card-code">{issue.code}</span>
          </Link>
        </h2>
        <IssueStatusTag status={issue.status} />
      </div>
      <StatList
        layout="grid"
        items={[
          { key: 'applicationCode', label: t('ipo.fields.applicationCode'), value: issue.applicationCode },
          { key: 'issuePrice', label: t('ipo.fields.issuePrice'), value: format.decimal(issue.issuePrice) },
          { key: 'lotSize', label: t('ipo.fields.lotSize'), value: format.count(issue.lotSize) },
          { key: 'maxLots', label: t('ipo.fields.maxLots'), value: format.count(issue.maxLotsPerInvestor) },
        ]}
      />
      <p className="offer-card-window">
        {t('ipo.fields.windowValue', {
          start: format.dateTime(issue.subscribeStart),
          end: format.dateTime(issue.subscribeEnd),
        })}
      </p>
      <div className="offer-card-foot">
        {issue.status === 'open' ? <Countdown end={issue.subscribeEnd} /> : <span />}
        {issue.mySubscription && (
          <span className="offer-card-mine">
            <span className="visually-hidden">{t('ipo.calendar.mySubscription')}: </span>
            <SubscriptionStatusTag status={issue.mySubscription.status} />
          </span>
        )}
      </div>
    </li>
  );
}
