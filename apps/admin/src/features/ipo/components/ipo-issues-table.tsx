import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminIpoIssue } from '@bourse/shared/schemas/ipo';
import { paths } from '../../../lib/paths.ts';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { PagedList, type PageQuery } from '../../../ui/paged-list.tsx';
import type { PageParams } from '../../../ui/pagination.ts';
import { PriceText } from '../../../ui/price-text.tsx';
import { hasResults, isAllocatable, isCancellable, isEditable } from '../issue-values.ts';
import { IpoStatusTag } from './ipo-status-tag.tsx';
import { type ConsoleColumns } from '../../../ui/console-table.tsx';

interface IpoIssuesTableProps {
  query: PageQuery<AdminIpoIssue>;
  pageParams: PageParams;
  onPageChange: (params: PageParams) => void;
  onEdit: (issue: AdminIpoIssue) => void;
  onCancel: (issue: AdminIpoIssue) => void;
  onAllocate: (issue: AdminIpoIssue) => void;
}

/** Issues with their terms and demand; edits, the draw and cancellation only where the status allows them. */
export function IpoIssuesTable({ query, pageParams, onPageChange, onEdit, onCancel, onAllocate }: IpoIssuesTableProps) {
  const { t } = useTranslation();

  const columns: ConsoleColumns<AdminIpoIssue> = [
    { key: 'code', title: t('admin.ipo.code'), render: (_, { code }) => <code className="mono">{code}</code> },
    { key: 'name', title: t('admin.ipo.name'), dataIndex: 'name' },
    {
      key: 'applicationCode',
      under: 'code',
      title: t('admin.ipo.applicationCode'),
      render: (_, { applicationCode }) => <code className="mono">{applicationCode}</code>,
    },
    {
      key: 'status',
      title: t('admin.ipo.status'),
      render: (_, { status, cancelledReason }) => (
        <Space orientation="vertical" size={2}>
          <IpoStatusTag status={status} />
          {cancelledReason && <Typography.Text type="secondary">{cancelledReason}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'window',
      title: `${t('admin.ipo.window')} (${browserTimeZone})`,
      // Start and end each on one line, one under the other: the column stays narrow.
      render: (_, { subscribeStart, subscribeEnd }) => (
        <>
          <span className="nowrap">
            <DateTime value={subscribeStart} /> –
          </span>{' '}
          <span className="nowrap">
            <DateTime value={subscribeEnd} />
          </span>
        </>
      ),
    },
    {
      key: 'issuePrice',
      title: t('admin.ipo.issuePrice'),
      align: 'right',
      render: (_, { issuePrice }) => <PriceText value={issuePrice} />,
    },
    { key: 'applicants', title: t('admin.ipo.applicants'), align: 'right', dataIndex: 'applicants' },
    {
      key: 'appliedLots',
      title: t('admin.ipo.appliedLots'),
      align: 'right',
      render: (_, { appliedLots, publicLots }) =>
        t('admin.ipo.lotsOfPublic', { applied: appliedLots, public: publicLots }),
    },
    {
      key: 'oversubscription',
      under: 'appliedLots',
      title: t('admin.ipo.oversubscription'),
      align: 'right',
      render: (_, { oversubscription }) =>
        oversubscription === null ? '—' : t('admin.ipo.oversubscriptionValue', { ratio: oversubscription }),
    },
    {
      key: 'heldTotal',
      under: 'appliedLots',
      title: t('admin.ipo.heldTotal'),
      align: 'right',
      render: (_, { heldTotal }) => <MoneyText amount={heldTotal} />,
    },
    {
      key: 'actions',
      title: t('admin.ipo.actions'),
      fixed: 'right',
      render: (_, issue) => (
        <Space size="small" wrap>
          {isEditable(issue.status) && (
            <Button size="small" onClick={() => onEdit(issue)} aria-label={`${t('admin.ipo.edit')}: ${issue.code}`}>
              {t('admin.ipo.edit')}
            </Button>
          )}
          {isAllocatable(issue.status) && (
            <Button
              size="small"
              type="primary"
              onClick={() => onAllocate(issue)}
              aria-label={`${t('admin.ipo.allocate')}: ${issue.code}`}
            >
              {t('admin.ipo.allocate')}
            </Button>
          )}
          {isCancellable(issue.status) && (
            <Button
              size="small"
              danger
              onClick={() => onCancel(issue)}
              aria-label={`${t('admin.ipo.cancel')}: ${issue.code}`}
            >
              {t('admin.ipo.cancel')}
            </Button>
          )}
          {hasResults(issue.status) && (
            <Link to={paths.ipoResults.getHref(issue.id)} aria-label={`${t('admin.ipo.results')}: ${issue.code}`}>
              {t('admin.ipo.results')}
            </Link>
          )}
        </Space>
      ),
    },
  ];

  return (
    <PagedList<AdminIpoIssue>
      query={query}
      rowKey="id"
      columns={columns}
      emptyText={t('admin.ipo.empty')}
      pageParams={pageParams}
      onPageChange={onPageChange}
    />
  );
}
