import { App, Button, Card, Descriptions, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loanStatus, type AdminLoan, type Loan, type LoanStatus } from '@bourse/shared/schemas/loans';
import { paths } from '../../../lib/paths.ts';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { DecisionDialog } from '../../../ui/decision-dialog.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { PagedList } from '../../../ui/paged-list.tsx';
import { FIRST_PAGE, type PageParams } from '../../../ui/pagination.ts';
import { isAlreadyDecided, useLoans, usePassLoan, useRejectLoan } from '../api/loans.ts';
import { type ConsoleColumns } from '../../../ui/console-table.tsx';

const STATUSES = loanStatus.options;
const TAB_LABEL = {
  pending: 'admin.loans.queue',
  passed: 'admin.loans.book',
  repaid: 'loans.statusRepaid',
  rejected: 'loans.statusRejected',
} as const;
const isStatus = (value: string): value is LoanStatus => (STATUSES as readonly string[]).includes(value);

/**
 * Loans: the queue of applications (oldest first) to pass or reject — two different operators at or
 * above the four-eyes threshold —, the loan book (what each investor owes, interest accrued), and
 * repaid and rejected loans for reference.
 */
export function LoansScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<LoanStatus>('pending');
  const [pageParams, setPageParams] = useState<PageParams>(FIRST_PAGE);
  const [passing, setPassing] = useState<AdminLoan | null>(null);
  const [rejecting, setRejecting] = useState<AdminLoan | null>(null);
  const loans = useLoans({ status, ...pageParams });

  const table = (
    <LoansTable
      status={status}
      query={loans}
      pageParams={pageParams}
      onPageChange={setPageParams}
      onPass={setPassing}
      onReject={setRejecting}
    />
  );
  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('admin.loans.title')}
      </Typography.Title>
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
            label: t(TAB_LABEL[value]),
            children: value === status ? table : null,
          }))}
        />
      </Card>
      <LoanDecisionDialog decision="pass" loan={passing} onClose={() => setPassing(null)} />
      <LoanDecisionDialog decision="reject" loan={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}

function LoansTable({
  status,
  query,
  pageParams,
  onPageChange,
  onPass,
  onReject,
}: {
  status: LoanStatus;
  query: ReturnType<typeof useLoans>;
  pageParams: PageParams;
  onPageChange: (params: PageParams) => void;
  onPass: (loan: AdminLoan) => void;
  onReject: (loan: AdminLoan) => void;
}) {
  const { t } = useTranslation();
  const columns: ConsoleColumns<AdminLoan> = [
    {
      key: 'createdAt',
      title: `${t('admin.loans.applied')} (${browserTimeZone})`,
      className: 'nowrap',
      render: (_, { createdAt }) => <DateTime value={createdAt} />,
    },
    {
      key: 'investor',
      title: t('admin.loans.investor'),
      render: (_, { userId, phone, name }) => (
        <>
          <Link to={paths.user.getHref(userId)}>{phone}</Link>
          {name && <div>{name}</div>}
        </>
      ),
    },
    {
      key: 'amount',
      title: t('admin.loans.amount'),
      align: 'right',
      render: (_, { amount }) => <MoneyText amount={amount} strong />,
    },
    {
      key: 'term',
      title: t('admin.loans.term'),
      render: (_, { termDays }) => t('admin.loans.termDays', { days: termDays }),
    },
  ];
  if (status === 'pending') {
    columns.push(
      {
        key: 'purpose',
        title: t('admin.loans.purpose'),
        render: (_, { purpose }) => <span className="reason-cell">{purpose}</span>,
      },
      {
        key: 'approvals',
        title: t('admin.loans.approvals'),
        render: (_, { approvals, approvalsRequired }) => `${approvals} / ${approvalsRequired}`,
      },
      {
        key: 'actions',
        title: '',
        fixed: 'right',
        render: (_, loan) => (
          <Space size="small">
            <Button
              size="small"
              type="primary"
              onClick={() => onPass(loan)}
              aria-label={`${t('admin.loans.pass')}: ${loan.phone}`}
            >
              {t('admin.loans.pass')}
            </Button>
            <Button
              size="small"
              danger
              onClick={() => onReject(loan)}
              aria-label={`${t('admin.loans.reject')}: ${loan.phone}`}
            >
              {t('admin.loans.reject')}
            </Button>
          </Space>
        ),
      },
    );
  } else if (status === 'rejected') {
    columns.push({
      key: 'reason',
      title: t('loans.reason'),
      render: (_, { reason }) => <span className="reason-cell">{reason ?? '—'}</span>,
    });
  } else {
    columns.push(
      {
        key: 'rate',
        title: t('admin.loans.rate'),
        align: 'right',
        render: (_, { annualRate }) => (annualRate ? `${annualRate} %` : '—'),
      },
      { key: 'due', title: t('admin.loans.dueDate'), className: 'nowrap', render: (_, { dueDate }) => dueDate ?? '—' },
      {
        key: 'principal',
        title: t('admin.loans.principal'),
        align: 'right',
        render: (_, { principalOutstanding }) => <MoneyText amount={principalOutstanding} />,
      },
      {
        key: 'interest',
        title: t('admin.loans.interest'),
        align: 'right',
        render: (_, { interestOutstanding }) => <MoneyText amount={interestOutstanding} />,
      },
      {
        key: 'accrued',
        title: t('admin.loans.interestAccrued'),
        align: 'right',
        render: (_, { interestAccrued }) => <MoneyText amount={interestAccrued} />,
      },
    );
    if (status === 'repaid') {
      columns.push({
        key: 'onTime',
        title: t('loans.statusRepaid'),
        render: (_, { repaidOnTime }) => (
          <Tag color={repaidOnTime ? 'green' : 'orange'}>
            {t(repaidOnTime ? 'loans.repaidOnTime' : 'loans.repaidLate')}
          </Tag>
        ),
      });
    }
  }
  return (
    <PagedList<AdminLoan>
      query={query}
      rowKey="id"
      columns={columns}
      emptyText={t(
        status === 'pending'
          ? 'admin.loans.emptyQueue'
          : status === 'passed'
            ? 'admin.loans.emptyBook'
            : 'loans.noRecord',
      )}
      pageParams={pageParams}
      onPageChange={onPageChange}
    />
  );
}

/** The decision on one application with the investor, amount, term and purpose in view; a rejection needs a reason. */
function LoanDecisionDialog({
  decision,
  loan,
  onClose,
}: {
  decision: 'pass' | 'reject';
  loan: AdminLoan | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pass = usePassLoan();
  const reject = useRejectLoan();
  const settled = {
    onSuccess: (decided: Loan) => {
      void message.success(
        decision === 'reject'
          ? t('admin.loans.rejected')
          : decided.status === 'pending'
            ? t('admin.loans.approvalRecorded')
            : t('admin.loans.passed'),
      );
      onClose();
    },
    onError: (error: Error) => {
      if (isAlreadyDecided(error)) onClose();
    },
  };
  const investor = loan ? (loan.name ? `${loan.name} (${loan.phone})` : loan.phone) : '';
  const description = loan && (
    <>
      {decision === 'pass' && (
        <Typography.Paragraph>{t('admin.loans.passBody', { amount: loan.amount, investor })}</Typography.Paragraph>
      )}
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'investor', label: t('admin.loans.investor'), children: investor },
          { key: 'amount', label: t('admin.loans.amount'), children: <MoneyText amount={loan.amount} strong /> },
          { key: 'term', label: t('admin.loans.term'), children: t('admin.loans.termDays', { days: loan.termDays }) },
          { key: 'purpose', label: t('admin.loans.purpose'), children: loan.purpose },
          {
            key: 'approvals',
            label: t('admin.loans.approvals'),
            children: `${loan.approvals} / ${loan.approvalsRequired}`,
          },
        ]}
      />
    </>
  );
  if (decision === 'pass') {
    return (
      <DecisionDialog
        open={loan !== null}
        onCancel={onClose}
        description={description}
        title={t('admin.loans.passTitle')}
        submitText={t('admin.loans.pass')}
        pending={pass.isPending}
        onSubmit={() => loan && pass.mutate(loan.id, settled)}
      />
    );
  }
  return (
    <DecisionDialog
      open={loan !== null}
      onCancel={onClose}
      description={description}
      title={t('admin.loans.rejectTitle')}
      reasonLabel={t('loans.reason')}
      submitText={t('admin.loans.reject')}
      pending={reject.isPending}
      onSubmit={(reason) => loan && reject.mutate({ loanId: loan.id, reason }, settled)}
    />
  );
}
