import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminWithdrawal } from '@bourse/shared/schemas/wallet';
import { MoneyText } from '../../../ui/money-text.tsx';
import { netPayout } from '../net-payout.ts';

/** Everything an operator checks before deciding: who, how much, what the fee takes, and where it goes. */
export function WithdrawalSummary({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      className="withdrawal-summary"
      items={[
        {
          key: 'investor',
          label: t('admin.withdrawals.investor'),
          children: t('admin.withdrawals.investorValue', { phone: withdrawal.phone, userId: withdrawal.userId }),
        },
        { key: 'amount', label: t('admin.withdrawals.amount'), children: <MoneyText amount={withdrawal.amount} /> },
        { key: 'fee', label: t('admin.withdrawals.fee'), children: <MoneyText amount={withdrawal.fee} /> },
        {
          key: 'net',
          label: t('admin.withdrawals.net'),
          children: <MoneyText amount={netPayout(withdrawal)} strong />,
        },
        { key: 'holder', label: t('admin.withdrawals.holder'), children: withdrawal.card.holderName },
        {
          key: 'iban',
          label: t('admin.withdrawals.iban'),
          children: <code className="mono">{withdrawal.card.ibanMasked}</code>,
        },
        { key: 'bank', label: t('admin.withdrawals.bank'), children: withdrawal.card.bankName },
      ]}
    />
  );
}
