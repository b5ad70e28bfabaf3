import { Button, Dialog } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { formatMinor, parseAmount } from '@bourse/shared/money';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { BankCard } from '@bourse/shared/schemas/wallet';
import { useActionKeys } from '../../../lib/idempotency';
import { paths } from '../../../lib/paths';
import { RequestError } from '../../../lib/request-error';
import { showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { TradingPasswordField } from '../../../ui/trading-password-field';
import { useRequestWithdrawal } from '../api/request-withdrawal';
import { useFormatAmount, useWalletConfig } from '../use-format-amount';
import { useProblemText } from '../use-problem-text';
import { checkAmount, checkTradingPassword, type Problem } from '../validation';
import { AmountField } from './amount-field';
import { CardPicker } from './card-picker';

const CARD_REQUIRED: Problem = { key: 'wallet.validation.cardRequired' };

type ServerField = 'card' | 'amount' | 'tradingPassword';

/** Server refusals that concern one field: their message stays under it until the field changes. */
const FIELD_OF_ERROR: Record<string, ServerField> = {
  CARD_NOT_FOUND: 'card',
  AMOUNT_BELOW_MINIMUM: 'amount',
  AMOUNT_EXCEEDS_WITHDRAWABLE: 'amount',
  AMOUNT_NOT_POSITIVE: 'amount',
  INSUFFICIENT_FUNDS: 'amount',
  TRADING_PASSWORD_WRONG: 'tradingPassword',
  TRADING_PASSWORD_LOCKED: 'tradingPassword',
  TRADING_PASSWORD_NOT_SET: 'tradingPassword',
};

export interface WithdrawFormProps {
  cards: readonly BankCard[];
  /** What may be withdrawn now (wire amount). */
  withdrawable: string;
  /** Called when the server's answer means the figures or cards shown are out of date. */
  onStale: () => void;
}

/**
 * A withdrawal: the card to pay to, the amount (at least the minimum, at most what is withdrawable)
 * and the trading password, confirmed once more before it is sent. The amount is held until an
 * operator pays it out.
 */
export function WithdrawForm({ cards, withdrawable, onStale }: WithdrawFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { currency, minWithdrawal, withdrawalFee } = useWalletConfig();
  const format = useFormatAmount();
  const problemText = useProblemText();
  const onFailure = useSubmitFailure();
  const withdraw = useRequestWithdrawal();
  const keys = useActionKeys();
  // A single bound card is the only place the money can go: chosen already.
  const [cardId, setCardId] = useState<number | null>(cards.length === 1 ? cards[0]!.id : null);
  const [amount, setAmount] = useState('');
  const [tradingPassword, setTradingPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ServerField, string>>>({});

  const card = cards.find((candidate) => candidate.id === cardId);
  const amountCheck = checkAmount(amount, { minimum: minWithdrawal, maximum: withdrawable });
  const passwordProblem = checkTradingPassword(tradingPassword);
  // The fee is disclosed before confirming, with what reaches the bank account (DESIGN §4).
  const feeMinor = parseAmount(withdrawalFee ?? '0') ?? 0;
  const amountMinor = amountCheck.ok ? parseAmount(amountCheck.amount) : null;
  const feeNotice =
    amountMinor !== null && amountMinor > feeMinor
      ? t('wallet.withdraw.feeNotice', {
          fee: format(formatMinor(feeMinor)),
          net: format(formatMinor(amountMinor - feeMinor)),
        })
      : t('wallet.withdraw.feeOnly', { fee: format(formatMinor(feeMinor)) });
  const clearServerError = (field: ServerField) => setServerErrors(({ [field]: _dropped, ...rest }) => rest);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (withdraw.isPending) return;
    setAttempted(true);
    if (!card || !amountCheck.ok || passwordProblem) return;

    const confirmed = await Dialog.confirm({
      'aria-label': t('wallet.withdraw.confirmTitle'),
      title: t('wallet.withdraw.confirmTitle'),
      content: `${t('wallet.withdraw.confirmBody', {
        amount: format(amountCheck.amount),
        bank: card.bankName,
        iban: card.ibanMasked,
      })} ${feeNotice}`,
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;

    const body = { cardId: card.id, amount: amountCheck.amount, tradingPassword };
    const idempotencyKey = keys.keyFor(body);
    try {
      await withdraw.mutateAsync({ ...body, idempotencyKey });
    } catch (error) {
      keys.settle(error);
      onFailure(error);
      if (error instanceof RequestError && error.errorCode) {
        const field = FIELD_OF_ERROR[error.errorCode];
        if (field) setServerErrors((current) => ({ ...current, [field]: error.message }));
        // A wrong password is typed again; other refusals mean the figures or cards shown are old.
        if (field === 'tradingPassword') setTradingPassword('');
        if (field !== 'tradingPassword' || error.errorCode === 'TRADING_PASSWORD_NOT_SET') onStale();
      }
      return;
    }
    keys.settle();
    showToast(t('wallet.withdraw.success'));
    void navigate(paths.bankRecord.getHref({ direction: 'out' }), { replace: true });
  };

  return (
    <form className="form wallet-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="withdrawable">
        <span className="withdrawable-label">{t('assets.withdrawable')}</span>
        <span className="withdrawable-value">{format(withdrawable)}</span>
      </div>
      <CardPicker
        name="withdraw-card"
        cards={cards}
        value={card ? card.id : null}
        onChange={(id) => {
          setCardId(id);
          clearServerError('card');
        }}
        error={serverErrors.card ?? (attempted && !card ? problemText(CARD_REQUIRED) : undefined)}
      />
      <AmountField
        id="withdraw-amount"
        value={amount}
        onChange={(value) => {
          setAmount(value);
          clearServerError('amount');
        }}
        currency={currency}
        error={serverErrors.amount ?? (attempted && !amountCheck.ok ? problemText(amountCheck.problem) : undefined)}
        hint={
          minWithdrawal
            ? t('wallet.withdraw.limits', { minimum: format(minWithdrawal), maximum: format(withdrawable) })
            : undefined
        }
      />
      <div className="withdraw-all">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setAmount(withdrawable);
            clearServerError('amount');
          }}
        >
          {t('wallet.withdraw.all')}
        </button>
      </div>
      <TradingPasswordField
        id="withdraw-trading-password"
        label={t('wallet.tradingPassword')}
        hint={t('wallet.tradingPasswordHint')}
        value={tradingPassword}
        onChange={(value) => {
          setTradingPassword(value);
          clearServerError('tradingPassword');
        }}
        error={
          serverErrors.tradingPassword ?? (attempted && passwordProblem ? problemText(passwordProblem) : undefined)
        }
      />
      <p className="wallet-intro">{t('wallet.withdraw.note')}</p>
      <p className="wallet-intro" data-testid="withdrawal-fee">
        {feeNotice}
      </p>
      <Button type="submit" color="primary" size="large" block loading={withdraw.isPending}>
        {t('wallet.withdraw.submit')}
      </Button>
    </form>
  );
}
