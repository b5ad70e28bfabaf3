import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserLocation } from '../../lib/browser-location';
import { useActionKeys } from '../../lib/idempotency';
import { showErrorToast } from '../../lib/toast';
import { useSubmitFailure } from '../../lib/use-submit-failure';
import { useStartPayment, type PaymentRequest } from './api/start-payment';
import { resolveCheckoutUrl } from './checkout-url';

/**
 * Starts a deposit or transfer and sends the browser to the provider's page, where the payer
 * approves it. Each tap is one action with its own Idempotency-Key; tapping again after a lost
 * connection repeats the same action, so the server starts at most one payment for it.
 */
export function usePaymentCheckout() {
  const { t } = useTranslation();
  const keys = useActionKeys();
  const mutation = useStartPayment();
  const onFailure = useSubmitFailure();
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);

  const start = async (request: PaymentRequest) => {
    if (mutation.isPending) return;
    const idempotencyKey = keys.keyFor(request);
    let url: string | null;
    try {
      const payment = await mutation.mutateAsync({ ...request, idempotencyKey });
      keys.settle();
      url = resolveCheckoutUrl(payment.checkoutUrl);
    } catch (error) {
      keys.settle(error);
      onFailure(error);
      return;
    }
    if (!url) {
      showErrorToast(t('common.submitFailed'));
      return;
    }
    setCheckoutUrl(url);
    browserLocation.assign(url);
  };

  return { start, pending: mutation.isPending, checkoutUrl };
}
