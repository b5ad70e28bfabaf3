import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { useCards } from '../api/get-cards';
import { useFormatAmount, useWalletConfig } from '../use-format-amount';
import { usePaymentCheckout } from '../use-payment-checkout';
import { useProblemText } from '../use-problem-text';
import { checkAmount, type Problem } from '../validation';
import { AmountField } from './amount-field';
import { CardPicker } from './card-picker';
import { CheckoutNotice } from './checkout-notice';
import { NoCardNotice } from './no-card-notice';

const CARD_REQUIRED: Problem = { key: 'wallet.validation.cardRequired' };

/**
 * Bank → securities transfer: a bound card and an amount of at least the minimum transfer, then the
 * bank's authorization page. The cash arrives when the provider confirms.
 */
export function TransferForm() {
  const { t } = useTranslation();
  const cards = useCards();
  const { currency, minTransfer } = useWalletConfig();
  const format = useFormatAmount();
  const problemText = useProblemText();
  const checkout = usePaymentCheckout();
  const [cardId, setCardId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [attempted, setAttempted] = useState(false);

  if (checkout.checkoutUrl) return <CheckoutNotice url={checkout.checkoutUrl} />;
  if (!cards.data) {
    return cards.isError ? <QueryError onRetry={() => void cards.refetch()} /> : <PageLoading inline />;
  }
  if (cards.data.length === 0) return <NoCardNotice body={t('wallet.transfer.noCard')} />;

  const card = cards.data.find((candidate) => candidate.id === cardId);
  const check = checkAmount(amount, { minimum: minTransfer });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (card && check.ok) void checkout.start({ kind: 'transfer', cardId: card.id, amount: check.amount });
  };

  return (
    <form className="form wallet-form" noValidate onSubmit={onSubmit}>
      <p className="wallet-intro">{t('wallet.transfer.intro')}</p>
      <CardPicker
        name="transfer-card"
        cards={cards.data}
        value={card ? card.id : null}
        onChange={setCardId}
        error={attempted && !card ? problemText(CARD_REQUIRED) : undefined}
      />
      <AmountField
        id="transfer-amount"
        value={amount}
        onChange={setAmount}
        currency={currency}
        error={attempted && !check.ok ? problemText(check.problem) : undefined}
        hint={minTransfer ? t('wallet.minimumHint', { minimum: format(minTransfer) }) : undefined}
      />
      <Button type="submit" color="primary" size="large" block loading={checkout.pending}>
        {t('wallet.transfer.submit')}
      </Button>
    </form>
  );
}
