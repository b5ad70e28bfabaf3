import { App, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminWithdrawal, DecidedWithdrawal } from '@bourse/shared/schemas/wallet';
import { DecisionDialog } from '../../../ui/decision-dialog.tsx';
import { isAlreadyDecided, usePayWithdrawal, useRejectWithdrawal } from '../api/decide-withdrawal.ts';
import { WithdrawalSummary } from './withdrawal-summary.tsx';

export type WithdrawalDecision = 'pay' | 'reject';

/**
 * The finance operator's decision on one withdrawal, with amount, fee, net payout and the destination
 * account in view. Paying is confirmed as it stands; rejecting needs a reason, which the investor is
 * sent, and the whole amount returns to their cash.
 */
export function WithdrawalDecisionDialog({
  decision,
  withdrawal,
  onClose,
}: {
  decision: WithdrawalDecision;
  /** Null while closed. */
  withdrawal: AdminWithdrawal | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pay = usePayWithdrawal();
  const reject = useRejectWithdrawal();

  // The query client has shown the server's message. A withdrawal decided elsewhere leaves nothing
  // to decide; after any other failure the operator may try again (a reason stays typed in).
  const settled = (item: AdminWithdrawal) => ({
    onSuccess: (decided: DecidedWithdrawal) => {
      // Under four eyes the first approval leaves the withdrawal pending: say so, not "paid".
      const text =
        decision === 'reject'
          ? t('admin.withdrawals.rejectedDone', { id: item.id })
          : decided.status === 'pending'
            ? t('admin.withdrawals.approvalRecorded', {
                id: item.id,
                approvals: decided.approvals,
                required: decided.approvalsRequired,
              })
            : t('admin.withdrawals.paidDone', { id: item.id });
      void message.success(text);
      onClose();
    },
    onError: (error: Error) => {
      if (isAlreadyDecided(error)) onClose();
    },
  });

  const dialog = {
    open: withdrawal !== null,
    onCancel: onClose,
    description: withdrawal && (
      <>
        <Typography.Paragraph>
          {t(decision === 'pay' ? 'admin.withdrawals.payBody' : 'admin.withdrawals.rejectBody')}
        </Typography.Paragraph>
        <WithdrawalSummary withdrawal={withdrawal} />
      </>
    ),
  };

  if (decision === 'pay') {
    return (
      <DecisionDialog
        {...dialog}
        title={withdrawal ? t('admin.withdrawals.payTitle', { id: withdrawal.id }) : ''}
        submitText={t('admin.withdrawals.pay')}
        pending={pay.isPending}
        onSubmit={() => withdrawal && pay.mutate(withdrawal.id, settled(withdrawal))}
      />
    );
  }
  return (
    <DecisionDialog
      {...dialog}
      title={withdrawal ? t('admin.withdrawals.rejectTitle', { id: withdrawal.id }) : ''}
      reasonLabel={t('admin.withdrawals.reasonLabel')}
      submitText={t('admin.withdrawals.reject')}
      pending={reject.isPending}
      onSubmit={(reason) => withdrawal && reject.mutate({ withdrawalId: withdrawal.id, reason }, settled(withdrawal))}
    />
  );
}
