import { App, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAlreadyDecided, usePayWithdrawal } from '../api/decide-withdrawal.ts';
import type { AdminWithdrawal } from '../api/get-withdrawals.ts';
import { WithdrawalSummary } from './withdrawal-summary.tsx';

/**
 * The confirmation before a withdrawal is marked paid, showing amount, fee, net payout and the
 * destination account. It starts on "cancel": paying cannot be undone from the console.
 */
export function PayWithdrawalDialog({
  withdrawal,
  onClose,
}: {
  withdrawal: AdminWithdrawal | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pay = usePayWithdrawal();

  const confirm = (item: AdminWithdrawal) => {
    pay.mutate(item.id, {
      onSuccess: () => {
        void message.success(t('admin.withdrawals.paidDone', { id: item.id }));
        onClose();
      },
      // The query client has shown the server's message. A withdrawal decided elsewhere leaves
      // nothing to confirm; after any other failure the operator may try again.
      onError: (error) => {
        if (isAlreadyDecided(error)) onClose();
      },
    });
  };

  return (
    <Modal
      open={withdrawal !== null}
      title={withdrawal ? t('admin.withdrawals.payTitle', { id: withdrawal.id }) : undefined}
      onCancel={onClose}
      destroyOnHidden
      footer={
        withdrawal && [
          <Button key="cancel" onClick={onClose} autoFocus>
            {t('common.cancel')}
          </Button>,
          <Button key="pay" type="primary" loading={pay.isPending} onClick={() => confirm(withdrawal)}>
            {t('admin.withdrawals.pay')}
          </Button>,
        ]
      }
    >
      {withdrawal && (
        <>
          <Typography.Paragraph>{t('admin.withdrawals.payBody')}</Typography.Paragraph>
          <WithdrawalSummary withdrawal={withdrawal} />
        </>
      )}
    </Modal>
  );
}
