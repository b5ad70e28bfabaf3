import { useTranslation } from 'react-i18next';
import { Page } from '../../../ui/page';
import { DepositForm } from '../components/deposit-form';

/** /fastpayment: a deposit by quick payment. */
export function FastPaymentRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('wallet.deposit.title')}>
      <DepositForm />
    </Page>
  );
}
