import { Card, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminWithdrawal } from '@bourse/shared/schemas/wallet';
import { FIRST_PAGE, type PageParams } from '../../../ui/pagination.ts';
import { WITHDRAWAL_STATUSES, useWithdrawals, type WithdrawalStatus } from '../api/get-withdrawals.ts';
import { WithdrawalDecisionDialog } from './withdrawal-decision-dialog.tsx';
import { WithdrawalsTable } from './withdrawals-table.tsx';

function isWithdrawalStatus(value: string): value is WithdrawalStatus {
  return (WITHDRAWAL_STATUSES as readonly string[]).includes(value);
}

/**
 * The finance queue: pending withdrawals oldest first, each paid or rejected after a confirmation
 * that shows what leaves and where it goes; paid and rejected ones for reference.
 */
export function WithdrawalsScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WithdrawalStatus>('pending');
  const [pageParams, setPageParams] = useState<PageParams>(FIRST_PAGE);
  const [paying, setPaying] = useState<AdminWithdrawal | null>(null);
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const withdrawals = useWithdrawals({ status, ...pageParams });

  const table = (
    <WithdrawalsTable
      status={status}
      query={withdrawals}
      pageParams={pageParams}
      onPageChange={setPageParams}
      onPay={setPaying}
      onReject={setRejecting}
    />
  );

  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('admin.withdrawals.title')}
      </Typography.Title>
      <Card className="section-card">
        <Tabs
          activeKey={status}
          onChange={(key) => {
            if (!isWithdrawalStatus(key)) return;
            setStatus(key);
            setPageParams(FIRST_PAGE);
          }}
          items={WITHDRAWAL_STATUSES.map((value) => ({
            key: value,
            label: t(`admin.withdrawals.statuses.${value}`),
            // One table, in the panel of the tab it lists, so the panel is labelled by its tab.
            children: value === status ? table : null,
          }))}
        />
      </Card>
      <WithdrawalDecisionDialog decision="pay" withdrawal={paying} onClose={() => setPaying(null)} />
      <WithdrawalDecisionDialog decision="reject" withdrawal={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}
