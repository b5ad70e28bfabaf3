import type { IpoIssue, IpoSubscription } from '@bourse/shared/schemas/ipo';
import { Card } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { StatList, type Stat } from '../../../ui/stat-list';
import { useIssue } from '../api/get-issue';
import { Countdown } from '../components/countdown';
import { IssueStatusTag, SubscriptionStatusTag } from '../components/status-tags';
import { issueIdOf } from '../issue-id';
import { useDisplayFormat } from '../../../ui/use-display-format';
import '../ipo.css';

/**
 * /shares/new-detail?id=: every term of an issue, its demand, the draw's published hash (and seed
 * after the draw), and the investor's allotment; while open, the way to subscribe.
 */
export function IssueDetailRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = issueIdOf(searchParams.get('id'));
  const issue = useIssue(id);

  let content;
  if (id === null) {
    content = <p className="notice-card">{t('ipo.detail.unknown')}</p>;
  } else if (!issue.data) {
    content = issue.isError ? <QueryError onRetry={() => void issue.refetch()} /> : <PageLoading />;
  } else {
    content = (
      <RefreshList onRefresh={() => issue.refetch()}>
        <IssueDetail issue={issue.data} />
      </RefreshList>
    );
  }
  return <Page title={t('ipo.detail.title')}>{content}</Page>;
}

/**
 * The issue carries what the draw publishes for one reader (hash, seed, algorithm, time); the whole
 * list of subscriptions (`GET /api/ipo/:id/draw`, for `npm run ipo:verify`) is not fetched here.
 */
function IssueDetail({ issue }: { issue: IpoIssue }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const orDash = (value: string | null) => (value === null ? t('ipo.fields.none') : format.decimal(value));
  const terms: Stat[] = [
    { key: 'applicationCode', label: t('ipo.fields.applicationCode'), value: issue.applicationCode },
    { key: 'sector', label: t('ipo.fields.sector'), value: issue.sector },
    { key: 'issuePrice', label: t('ipo.fields.issuePrice'), value: format.decimal(issue.issuePrice) },
    { key: 'issueQuantity', label: t('ipo.fields.issueQuantity'), value: format.count(issue.issueQuantity) },
    { key: 'publicQuantity', label: t('ipo.fields.publicQuantity'), value: format.count(issue.publicQuantity) },
    { key: 'totalShares', label: t('ipo.fields.totalShares'), value: format.count(issue.totalShares) },
    { key: 'lotSize', label: t('ipo.fields.lotSize'), value: format.count(issue.lotSize) },
    { key: 'maxLots', label: t('ipo.fields.maxLots'), value: format.count(issue.maxLotsPerInvestor) },
    { key: 'maxAmount', label: t('ipo.fields.maxAmount'), value: format.money(issue.maxAmount) },
    { key: 'pe', label: t('ipo.fields.pe'), value: orDash(issue.pe) },
    { key: 'industryPe', label: t('ipo.fields.industryPe'), value: orDash(issue.industryPe) },
  ];
  const dates: Stat[] = [
    { key: 'start', label: t('ipo.fields.subscribeStart'), value: format.dateTime(issue.subscribeStart) },
    { key: 'end', label: t('ipo.fields.subscribeEnd'), value: format.dateTime(issue.subscribeEnd) },
    { key: 'allocation', label: t('ipo.fields.allocationAt'), value: format.dateTime(issue.allocationAt) },
    { key: 'listing', label: t('ipo.fields.listingAt'), value: format.dateTime(issue.listingAt) },
  ];
  const demand: Stat[] = [
    { key: 'applicants', label: t('ipo.fields.applicants'), value: format.count(issue.applicants) },
    { key: 'appliedLots', label: t('ipo.fields.appliedLots'), value: format.count(issue.appliedLots) },
    { key: 'publicLots', label: t('ipo.fields.publicLots'), value: format.count(issue.publicLots) },
  ];
  const seedHash = issue.seedHash;
  const drawFigures: Stat[] = [
    {
      key: 'hash',
      label: t('ipo.draw.seedHash'),
      value: <code className="ipo-hash">{seedHash ?? t('ipo.draw.notYet')}</code>,
    },
    {
      key: 'seed',
      label: t('ipo.draw.seed'),
      value: <code className="ipo-hash">{issue.seed ?? t('ipo.draw.seedAfterDraw')}</code>,
    },
  ];
  if (issue.seedHash !== null) {
    drawFigures.push({ key: 'algorithm', label: t('ipo.draw.algorithm'), value: issue.algorithm });
    if (issue.drawnAt) {
      drawFigures.push(
        { key: 'drawnAt', label: t('ipo.draw.drawnAt'), value: format.dateTime(issue.drawnAt) },
        {
          key: 'oversubscribed',
          label: t('ipo.draw.outcome'),
          value: issue.appliedLots > issue.publicLots ? t('ipo.draw.oversubscribed') : t('ipo.draw.everyoneServed'),
        },
      );
    }
  }

  return (
    <div className="ipo-content">
      <header className="ipo-detail-head">
        <h2 className="ipo-detail-title">
          {issue.name} <span className="offer-card-code">{issue.code}</span>
        </h2>
        <IssueStatusTag status={issue.status} />
      </header>
      {issue.status === 'open' && (
        <div className="ipo-detail-open">
          <Countdown end={issue.subscribeEnd} />
          {!issue.mySubscription && (
            <Link className="button-link button-link-block" to={paths.apply.getHref(issue.id)}>
              {t('ipo.detail.subscribe')}
            </Link>
          )}
        </div>
      )}
      {issue.mySubscription && <AllotmentCard subscription={issue.mySubscription} />}
      <Card className="home-card" title={<h3 className="card-title">{t('ipo.detail.terms')}</h3>}>
        <StatList items={terms} />
      </Card>
      <Card className="home-card" title={<h3 className="card-title">{t('ipo.detail.dates')}</h3>}>
        <StatList items={dates} />
      </Card>
      <Card className="home-card" title={<h3 className="card-title">{t('ipo.detail.demand')}</h3>}>
        <StatList items={demand} />
      </Card>
      <Card className="home-card" title={<h3 className="card-title">{t('ipo.draw.title')}</h3>}>
        <p className="note-text">{t('ipo.draw.explanation')}</p>
        <StatList items={drawFigures} />
      </Card>
    </div>
  );
}

/** The investor's application and what became of it. */
function AllotmentCard({ subscription }: { subscription: IpoSubscription }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const pending = (value: string | null) => (value === null ? t('ipo.fields.pendingDraw') : format.money(value));
  return (
    <Card
      className="home-card"
      title={<h3 className="card-title">{t('ipo.detail.myAllotment')}</h3>}
      extra={<SubscriptionStatusTag status={subscription.status} />}
    >
      <StatList
        items={[
          { key: 'lots', label: t('ipo.fields.lotsApplied'), value: format.count(subscription.lots) },
          {
            key: 'allotted',
            label: t('ipo.fields.lotsAllotted'),
            value:
              subscription.lotsAllotted === null
                ? t('ipo.fields.pendingDraw')
                : format.count(subscription.lotsAllotted),
          },
          { key: 'held', label: t('ipo.fields.amountHeld'), value: format.money(subscription.amountHeld) },
          { key: 'captured', label: t('ipo.fields.amountCaptured'), value: pending(subscription.amountCaptured) },
          { key: 'released', label: t('ipo.fields.amountReleased'), value: pending(subscription.amountReleased) },
          {
            key: 'subscribedAt',
            label: t('ipo.fields.subscribedAt'),
            value: format.dateTime(subscription.subscribedAt),
          },
        ]}
      />
    </Card>
  );
}
