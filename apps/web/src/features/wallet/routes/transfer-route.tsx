import { useTranslation } from 'react-i18next';
import { Page } from '../../../ui/page';
import { TransferForm } from '../components/transfer-form';

/** /ucenter/transfer: bank → securities transfer from a bound card. */
export function TransferRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('wallet.transfer.title')}>
      <TransferForm />
    </Page>
  );
}
