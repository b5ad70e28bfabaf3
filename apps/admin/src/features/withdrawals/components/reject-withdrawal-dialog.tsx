import { App, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../../ui/reason-dialog.tsx';
import { isAlreadyDecided, useRejectWithdrawal } from '../api/decide-withdrawal.ts';
import type { AdminWithdrawal } from '../api/get-withdrawals.ts';
import { WithdrawalSummary } from './withdrawal-summary.tsx';

/** Rejecting needs a reason, which the investor is sent; the whole amount returns to their cash. */
export function RejectWithdrawalDialog({
  withdrawal,
  onClose,
}: {
  withdrawal: AdminWithdrawal | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reject = useRejectWithdrawal();

  const submit = (item: AdminWithdrawal, reason: string) => {
    reject.mutate(
      { withdrawalId: item.id, reason },
      {
        onSuccess: () => {
          void message.success(t('admin.withdrawals.rejectedDone', { id: item.id }));
          onClose();
        },
        // After any failure but "already decided" the reason stays typed in, ready to send again.
        onError: (error) => {
          if (isAlreadyDecided(error)) onClose();
        },
      },
    );
  };

  return (
    <ReasonDialog
      open={withdrawal !== null}
      title={withdrawal ? t('admin.withdrawals.rejectTitle', { id: withdrawal.id }) : ''}
      description={
        withdrawal && (
          <>
            <Typography.Paragraph>{t('admin.withdrawals.rejectBody')}</Typography.Paragraph>
            <WithdrawalSummary withdrawal={withdrawal} />
          </>
        )
      }
      reasonLabel={t('admin.withdrawals.reasonLabel')}
      submitText={t('admin.withdrawals.reject')}
      pending={reject.isPending}
      onSubmit={(reason) => withdrawal && submit(withdrawal, reason)}
      onCancel={onClose}
    />
  );
}
