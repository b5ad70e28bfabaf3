import { useTranslation } from 'react-i18next';

/**
 * Shown while the browser opens the provider's page, with a link in case it does not (a blocked
 * or slow navigation): the payment is waiting there for the payer's approval.
 */
export function CheckoutNotice({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <div className="notice-card" role="status">
      <p>{t('wallet.checkout.redirecting')}</p>
      <a className="button-link" href={url}>
        {t('wallet.checkout.continue')}
      </a>
    </div>
  );
}
