import { App, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminBlockOrder, BlockOrder } from '@bourse/shared/schemas/blocktrade';
import { DecisionDialog } from '../../../ui/decision-dialog.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { PriceText } from '../../../ui/price-text.tsx';
import { isAlreadyDecided, useApproveBlockOrder, useRejectBlockOrder } from '../api/decide-block-order.ts';

export type BlockOrderDecision = 'approve' | 'reject';

function OrderSummary({ order }: { order: AdminBlockOrder }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      items={[
        {
          key: 'investor',
          label: t('admin.blockTrades.investor'),
          children: t('admin.blockTrades.investorValue', { phone: order.phone, userId: order.userId }),
        },
        {
          key: 'instrument',
          label: t('admin.blockTrades.instrument'),
          children: t('admin.blockTrades.instrumentValue', { code: order.code, name: order.name }),
        },
        { key: 'quantity', label: t('admin.blockTrades.quantity'), children: order.quantity },
        { key: 'price', label: t('admin.blockTrades.price'), children: <PriceText value={order.price} /> },
        { key: 'amount', label: t('admin.blockTrades.amount'), children: <MoneyText amount={order.amount} strong /> },
        {
          key: 'approvals',
          label: t('admin.blockTrades.approvals'),
          children: t('admin.blockTrades.approvalsValue', {
            approvals: order.approvals,
            required: order.approvalsRequired,
          }),
        },
      ]}
    />
  );
}

/**
 * The operator's decision on one block order, with investor, instrument, quantity, price and amount
 * in view. Approving is confirmed as it stands; rejecting needs a reason, sent to the investor.
 */
export function BlockOrderDecisionDialog({
  decision,
  order,
  onClose,
}: {
  decision: BlockOrderDecision;
  /** Null while closed. */
  order: AdminBlockOrder | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const approve = useApproveBlockOrder();
  const reject = useRejectBlockOrder();

  // The query client has shown the server's message. An order decided elsewhere leaves nothing to
  // decide; after any other failure the operator may try again (a reason stays typed in).
  const settled = (item: AdminBlockOrder) => ({
    onSuccess: (decided: BlockOrder) => {
      // Under four eyes the first approval leaves the order pending: say so, not "approved".
      const text =
        decision === 'reject'
          ? t('admin.blockTrades.rejectedDone', { id: item.id })
          : decided.status === 'pending'
            ? t('admin.blockTrades.approvalRecorded', {
                id: item.id,
                approvals: decided.approvals,
                required: decided.approvalsRequired,
              })
            : t('admin.blockTrades.approvedDone', { id: item.id });
      void message.success(text);
      onClose();
    },
    onError: (error: Error) => {
      if (isAlreadyDecided(error)) onClose();
    },
  });

  const dialog = {
    open: order !== null,
    onCancel: onClose,
    description: order && (
      <>
        <Typography.Paragraph>
          {t(decision === 'approve' ? 'admin.blockTrades.approveBody' : 'admin.blockTrades.rejectBody')}
        </Typography.Paragraph>
        <OrderSummary order={order} />
      </>
    ),
  };

  if (decision === 'approve') {
    return (
      <DecisionDialog
        {...dialog}
        title={order ? t('admin.blockTrades.approveTitle', { id: order.id }) : ''}
        submitText={t('admin.blockTrades.approve')}
        pending={approve.isPending}
        onSubmit={() => order && approve.mutate(order.id, settled(order))}
      />
    );
  }
  return (
    <DecisionDialog
      {...dialog}
      title={order ? t('admin.blockTrades.rejectTitle', { id: order.id }) : ''}
      reasonLabel={t('admin.blockTrades.reasonLabel')}
      submitText={t('admin.blockTrades.reject')}
      pending={reject.isPending}
      onSubmit={(reason) => order && reject.mutate({ orderId: order.id, reason }, settled(order))}
    />
  );
}
