import { Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { AdminIpoResult } from '@bourse/shared/schemas/ipo';
import { paths } from '../../../lib/paths.ts';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PagedList } from '../../../ui/paged-list.tsx';
import { FIRST_PAGE, type PageParams } from '../../../ui/pagination.ts';
import { useIpoResults } from '../api/get-ipo-results.ts';
import { SubscriptionStatusTag } from './ipo-status-tag.tsx';
import { type ConsoleColumns } from '../../../ui/console-table.tsx';

const amountOrDash = (value: string | null) => (value === null ? '—' : <MoneyText amount={value} />);

function IpoResults({ issueId }: { issueId: number }) {
  const { t } = useTranslation();
  const [pageParams, setPageParams] = useState<PageParams>(FIRST_PAGE);
  const results = useIpoResults({ issueId, ...pageParams });
  const first = results.data?.items[0];

  const columns: ConsoleColumns<AdminIpoResult> = [
    { key: 'id', title: t('admin.ipo.subscriptionId'), dataIndex: 'id' },
    {
      key: 'investor',
      title: t('admin.ipo.investor'),
      render: (_, { userId, phone }) => <Link to={paths.user.getHref(userId)}>{phone}</Link>,
    },
    {
      key: 'status',
      title: t('admin.ipo.status'),
      render: (_, { status }) => <SubscriptionStatusTag status={status} />,
    },
    { key: 'lots', title: t('admin.ipo.lotsApplied'), align: 'right', dataIndex: 'lots' },
    {
      key: 'lotsAllotted',
      title: t('admin.ipo.lotsAllotted'),
      align: 'right',
      render: (_, { lotsAllotted }) => lotsAllotted ?? '—',
    },
    {
      key: 'amountHeld',
      title: t('admin.ipo.amountHeld'),
      align: 'right',
      render: (_, { amountHeld }) => <MoneyText amount={amountHeld} />,
    },
    {
      key: 'amountCaptured',
      title: t('admin.ipo.amountCaptured'),
      align: 'right',
      render: (_, { amountCaptured }) => amountOrDash(amountCaptured),
    },
    {
      key: 'amountReleased',
      under: 'amountCaptured',
      title: t('admin.ipo.amountReleased'),
      align: 'right',
      render: (_, { amountReleased }) => amountOrDash(amountReleased),
    },
    {
      key: 'subscribedAt',
      title: `${t('admin.ipo.subscribedAt')} (${browserTimeZone})`,
      className: 'nowrap',
      render: (_, { subscribedAt }) => <DateTime value={subscribedAt} />,
    },
  ];

  return (
    <div className="screen">
      <Link to={paths.ipo.getHref()} className="back-link">
        {t('admin.ipo.back')}
      </Link>
      <Typography.Title level={1} className="screen-title">
        {first
          ? t('admin.ipo.resultsTitle', { code: first.code, name: first.name })
          : t('admin.ipo.resultsTitleId', { id: issueId })}
      </Typography.Title>
      <Card className="section-card">
        <PagedList<AdminIpoResult>
          query={results}
          rowKey="id"
          columns={columns}
          emptyText={t('admin.ipo.resultsEmpty')}
          pageParams={pageParams}
          onPageChange={setPageParams}
        />
      </Card>
    </div>
  );
}

/** The draw's outcome per subscription of one issue: lots applied and allotted, money captured and released. */
export function IpoResultsScreen() {
  const { issueId } = useParams();
  const id = Number(issueId);
  if (!/^[1-9]\d{0,15}$/.test(issueId ?? '') || !Number.isSafeInteger(id)) return <NotFound />;
  return <IpoResults key={id} issueId={id} />;
}
