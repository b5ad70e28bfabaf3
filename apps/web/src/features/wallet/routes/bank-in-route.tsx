import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { MenuList } from '../../../ui/menu-list';
import { Page } from '../../../ui/page';
import { DepositForm } from '../components/deposit-form';
import { TransferForm } from '../components/transfer-form';

/**
 * /bankIn/:type? — money into the account: `quick` opens the quick-payment form, `transfer` the
 * bank transfer; without a (known) type the user chooses between the two.
 */
export function BankInRoute() {
  const { t } = useTranslation();
  const { type } = useParams<{ type?: string }>();

  if (type === 'quick') {
    return (
      <Page title={t('wallet.deposit.title')}>
        <DepositForm />
      </Page>
    );
  }
  if (type === 'transfer') {
    return (
      <Page title={t('wallet.transfer.title')}>
        <TransferForm />
      </Page>
    );
  }
  return (
    <Page title={t('wallet.bankIn.title')}>
      <p className="page-caption">{t('wallet.bankIn.intro')}</p>
      <MenuList
        label={t('wallet.bankIn.title')}
        items={[
          {
            key: 'quick',
            kind: 'link',
            to: paths.bankIn.getHref('quick'),
            label: <MenuChoice title={t('wallet.deposit.title')} body={t('wallet.bankIn.quickBody')} />,
          },
          {
            key: 'transfer',
            kind: 'link',
            to: paths.bankIn.getHref('transfer'),
            label: <MenuChoice title={t('wallet.transfer.title')} body={t('wallet.bankIn.transferBody')} />,
          },
        ]}
      />
    </Page>
  );
}

function MenuChoice({ title, body }: { title: string; body: string }) {
  return (
    <span className="menu-choice">
      <span className="menu-choice-title">{title}</span>
      <span className="menu-choice-body">{body}</span>
    </span>
  );
}
