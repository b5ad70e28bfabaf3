import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatAmount, useWalletConfig } from '../use-format-amount';
import { usePaymentCheckout } from '../use-payment-checkout';
import { useProblemText } from '../use-problem-text';
import { checkAmount } from '../validation';
import { AmountField } from './amount-field';
import { CheckoutNotice } from './checkout-notice';

/**
 * Quick payment: an amount of at least the deployment's minimum, then the payment provider's page,
 * where the payer approves. The cash arrives when the provider confirms.
 */
export function DepositForm() {
  const { t } = useTranslation();
  const { currency, minDeposit } = useWalletConfig();
  const format = useFormatAmount();
  const problemText = useProblemText();
  const checkout = usePaymentCheckout();
  const [amount, setAmount] = useState('');
  const [attempted, setAttempted] = useState(false);
  const check = checkAmount(amount, { minimum: minDeposit });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (check.ok) void checkout.start({ kind: 'deposit', amount: check.amount });
  };

  if (checkout.checkoutUrl) return <CheckoutNotice url={checkout.checkoutUrl} />;
  return (
    <form className="form wallet-form" noValidate onSubmit={onSubmit}>
      <p className="wallet-intro">{t('wallet.deposit.intro')}</p>
      <AmountField
        id="deposit-amount"
        value={amount}
        onChange={setAmount}
        currency={currency}
        error={attempted && !check.ok ? problemText(check.problem) : undefined}
        hint={minDeposit ? t('wallet.minimumHint', { minimum: format(minDeposit) }) : undefined}
      />
      <Button type="submit" color="primary" size="large" block loading={checkout.pending}>
        {t('wallet.deposit.submit')}
      </Button>
    </form>
  );
}
