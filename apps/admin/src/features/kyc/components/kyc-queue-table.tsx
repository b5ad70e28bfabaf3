import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KycSubmission, KycSubmissionStatus } from '@bourse/shared/schemas/kyc';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { PagedList, type PageQuery } from '../../../ui/paged-list.tsx';
import type { PageParams } from '../../../ui/pagination.ts';
import { KycStatusTag } from './kyc-status-tag.tsx';
import { type ConsoleColumns } from '../../../ui/console-table.tsx';

const EMPTY = '—';

interface KycQueueTableProps {
  status: KycSubmissionStatus;
  query: PageQuery<KycSubmission>;
  pageParams: PageParams;
  onPageChange: (params: PageParams) => void;
  onReview: (submission: KycSubmission) => void;
}

/** Submissions in one status; the decision columns appear once there is a decision to show. */
export function KycQueueTable({ status, query, pageParams, onPageChange, onReview }: KycQueueTableProps) {
  const { t } = useTranslation();
  const decided = status !== 'in_review';

  const columns: ConsoleColumns<KycSubmission> = [
    {
      key: 'submittedAt',
      title: `${t('admin.kyc.submittedAt')} (${browserTimeZone})`,
      render: (_, { submittedAt }) => <DateTime value={submittedAt} />,
    },
    { key: 'userId', title: t('admin.kyc.userId'), dataIndex: 'userId' },
    { key: 'phone', title: t('admin.kyc.phone'), dataIndex: 'phone' },
    { key: 'realName', title: t('admin.kyc.realName'), dataIndex: 'realName' },
    {
      key: 'idNumber',
      title: t('admin.kyc.idNumber'),
      render: (_, { idNumber }) => <code className="mono">{idNumber}</code>,
    },
    { key: 'docType', title: t('admin.kyc.docType'), render: (_, { docType }) => t(`admin.kyc.docTypes.${docType}`) },
    { key: 'status', title: t('admin.kyc.statusFilter'), render: (_, { status: s }) => <KycStatusTag status={s} /> },
    ...(decided
      ? ([
          {
            key: 'decidedAt',
            title: t('admin.kyc.decidedAt'),
            render: (_, { decidedAt }) => (decidedAt ? <DateTime value={decidedAt} /> : EMPTY),
          },
          { key: 'decidedBy', title: t('admin.kyc.decidedBy'), render: (_, { decidedBy }) => decidedBy ?? EMPTY },
          {
            key: 'reason',
            title: t('admin.kyc.reason'),
            render: (_, { reason }) => <span className="kyc-reason-cell">{reason ?? EMPTY}</span>,
          },
        ] satisfies ConsoleColumns<KycSubmission>)
      : []),
    {
      key: 'actions',
      title: t('admin.kyc.actions'),
      render: (_, submission) => (
        <Button
          size="small"
          type={decided ? 'default' : 'primary'}
          onClick={() => onReview(submission)}
          aria-label={`${t('admin.kyc.review')}: ${submission.realName}`}
        >
          {t('admin.kyc.review')}
        </Button>
      ),
    },
  ];

  return (
    <PagedList<KycSubmission>
      query={query}
      rowKey="id"
      columns={columns}
      emptyText={t('admin.kyc.empty')}
      pageParams={pageParams}
      onPageChange={onPageChange}
    />
  );
}
