import { App, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminBlockOffer } from '@bourse/shared/schemas/blocktrade';
import { DecisionDialog } from '../../../ui/decision-dialog.tsx';
import { PriceText } from '../../../ui/price-text.tsx';
import { isAlreadyCancelled, useCancelBlockOffer } from '../api/cancel-block-offer.ts';

/** Withdrawing an offer, with a required reason and the pending orders it rejects in view. */
export function BlockOfferCancelDialog({ offer, onClose }: { offer: AdminBlockOffer | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const cancel = useCancelBlockOffer();
  return (
    <DecisionDialog
      open={offer !== null}
      onCancel={onClose}
      title={offer ? t('admin.blockTrades.cancelTitle', { id: offer.id, code: offer.code }) : ''}
      description={
        offer && (
          <>
            <Typography.Paragraph>{t('admin.blockTrades.cancelBody')}</Typography.Paragraph>
            <Descriptions
              column={1}
              bordered
              size="small"
              items={[
                {
                  key: 'instrument',
                  label: t('admin.blockTrades.instrument'),
                  children: t('admin.blockTrades.instrumentValue', { code: offer.code, name: offer.name }),
                },
                { key: 'price', label: t('admin.blockTrades.price'), children: <PriceText value={offer.price} /> },
                {
                  key: 'pending',
                  label: t('admin.blockTrades.pendingOrders'),
                  children: t('admin.blockTrades.pendingValue', {
                    orders: offer.pendingOrders,
                    quantity: offer.pendingQuantity,
                  }),
                },
              ]}
            />
          </>
        )
      }
      reasonLabel={t('admin.blockTrades.cancelReason')}
      submitText={t('admin.blockTrades.cancelOffer')}
      pending={cancel.isPending}
      onSubmit={(reason) =>
        offer &&
        cancel.mutate(
          { offerId: offer.id, reason },
          {
            // The query client has shown the server's message; after a refusal the reason stays typed
            // in, unless another operator withdrew it first and nothing is left to do.
            onSuccess: () => {
              void message.success(t('admin.blockTrades.cancelledDone', { id: offer.id }));
              onClose();
            },
            onError: (error) => {
              if (isAlreadyCancelled(error)) onClose();
            },
          },
        )
      }
    />
  );
}
