import { App, Button, Card, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { closureStatus, type AdminClosure, type ClosureStatus } from '@bourse/shared/schemas/privacy';
import { paths } from '../../../lib/paths.ts';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { DecisionDialog } from '../../../ui/decision-dialog.tsx';
import { PagedList } from '../../../ui/paged-list.tsx';
import { FIRST_PAGE, type PageParams } from '../../../ui/pagination.ts';
import { isAlreadyDecided, useClosures, useCompleteClosure, useRejectClosure } from '../api/closures.ts';
import { type ConsoleColumns } from '../../../ui/console-table.tsx';

const STATUSES = closureStatus.options;
const isStatus = (value: string): value is ClosureStatus => (STATUSES as readonly string[]).includes(value);

/**
 * Account closures (admin, compliance): the queue of investors' requests, oldest first, to complete
 * — the server checks again that nothing is left, closes the account and signs it out everywhere —
 * or reject with a reason the investor reads; decided and withdrawn requests for reference.
 */
export function ClosuresScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ClosureStatus>('pending');
  const [pageParams, setPageParams] = useState<PageParams>(FIRST_PAGE);
  const [completing, setCompleting] = useState<AdminClosure | null>(null);
  const [rejecting, setRejecting] = useState<AdminClosure | null>(null);
  const closures = useClosures({ status, ...pageParams });

  const columns: ConsoleColumns<AdminClosure> = [
    {
      key: 'createdAt',
      title: `${t('admin.closures.requested')} (${browserTimeZone})`,
      className: 'nowrap',
      render: (_, { createdAt }) => <DateTime value={createdAt} />,
    },
    {
      key: 'investor',
      title: t('admin.closures.investor'),
      render: (_, { userId, phone }) => <Link to={paths.user.getHref(userId)}>{phone}</Link>,
    },
    {
      key: 'reason',
      title: t('admin.closures.reason'),
      render: (_, { reason, rejectReason }) => <span className="reason-cell">{rejectReason ?? reason ?? '—'}</span>,
    },
  ];
  if (status === 'pending') {
    columns.push({
      key: 'actions',
      title: '',
      fixed: 'right',
      render: (_, closure) => (
        <Space size="small">
          <Button
            size="small"
            type="primary"
            danger
            onClick={() => setCompleting(closure)}
            aria-label={`${t('admin.closures.complete')}: ${closure.phone}`}
          >
            {t('admin.closures.complete')}
          </Button>
          <Button
            size="small"
            onClick={() => setRejecting(closure)}
            aria-label={`${t('admin.closures.reject')}: ${closure.phone}`}
          >
            {t('admin.closures.reject')}
          </Button>
        </Space>
      ),
    });
  }

  const table = (
    <PagedList<AdminClosure>
      query={closures}
      rowKey="id"
      columns={columns}
      emptyText={t('admin.closures.empty')}
      pageParams={pageParams}
      onPageChange={setPageParams}
    />
  );
  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('admin.closures.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.closures.blockersNote')}</Typography.Paragraph>
      <Card className="section-card">
        <Tabs
          activeKey={status}
          onChange={(key) => {
            if (!isStatus(key)) return;
            setStatus(key);
            setPageParams(FIRST_PAGE);
          }}
          items={STATUSES.map((value) => ({
            key: value,
            label: t(`profile.status_${value}`),
            children: value === status ? table : null,
          }))}
        />
      </Card>
      <ClosureDecisionDialog decision="complete" closure={completing} onClose={() => setCompleting(null)} />
      <ClosureDecisionDialog decision="reject" closure={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}

function ClosureDecisionDialog({
  decision,
  closure,
  onClose,
}: {
  decision: 'complete' | 'reject';
  closure: AdminClosure | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const complete = useCompleteClosure();
  const reject = useRejectClosure();
  const settled = {
    onSuccess: () => {
      void message.success(t(decision === 'complete' ? 'admin.closures.completed' : 'admin.closures.rejected'));
      onClose();
    },
    onError: (error: Error) => {
      if (isAlreadyDecided(error)) onClose();
    },
  };
  const description = closure && (
    <Typography.Paragraph>
      {decision === 'complete'
        ? t('admin.closures.completeBody', { investor: closure.phone })
        : `${t('admin.closures.investor')}: ${closure.phone}`}
    </Typography.Paragraph>
  );
  if (decision === 'complete') {
    return (
      <DecisionDialog
        open={closure !== null}
        onCancel={onClose}
        description={description}
        title={t('admin.closures.completeTitle')}
        submitText={t('admin.closures.complete')}
        pending={complete.isPending}
        onSubmit={() => closure && complete.mutate(closure.id, settled)}
      />
    );
  }
  return (
    <DecisionDialog
      open={closure !== null}
      onCancel={onClose}
      description={description}
      title={t('admin.closures.rejectTitle')}
      reasonLabel={t('admin.closures.rejectReason')}
      submitText={t('admin.closures.reject')}
      pending={reject.isPending}
      onSubmit={(reason) => closure && reject.mutate({ id: closure.id, reason }, settled)}
    />
  );
}
