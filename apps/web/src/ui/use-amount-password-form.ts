import { AMOUNT_PATTERN, parseAmount } from '@bourse/shared/money';
import { tradingPasswordPattern } from '@bourse/shared/schemas/auth';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionKeys } from '../lib/idempotency';
import { RequestError } from '../lib/request-error';
import { useSubmitFailure } from '../lib/use-submit-failure';

/** The typed amount in minor units when it is a positive amount with at most two decimals, else null. */
export function positiveMinor(text: string): number | null {
  const value = text.trim();
  if (!AMOUNT_PATTERN.test(value)) return null;
  const minor = parseAmount(value);
  return minor !== null && minor > 0 ? minor : null;
}

export interface AmountPasswordBody {
  amount: string;
  tradingPassword: string;
}

/**
 * A money form of an amount and the trading password (a fund order, a loan repayment): the fields'
 * state, their problems shown once the form was submitted (or, with `liveAmount`, as the amount is
 * typed), one Idempotency-Key per distinct request kept across retries, and the server's refusals
 * put under the field they concern — a trading-password refusal clears the password — after the
 * shared failure toast.
 */
export function useAmountPasswordForm<T>(options: {
  /** What is wrong with a positive amount (above a maximum…), or null; `minor` is never null here. */
  amountProblem: (minor: number) => string | null;
  /** The messages for an empty and for a malformed or non-positive amount. */
  amountMessages: { required: string; invalid: string };
  /** The refusals shown under the amount (by default every one but the trading password's). */
  amountCodes?: ReadonlySet<string>;
  /** The request's identity beside the body (the loan's id…), for its Idempotency-Key. */
  keyScope: Record<string, unknown>;
  pending: boolean;
  send: (body: AmountPasswordBody, idempotencyKey: string) => Promise<T>;
  onDone: (result: T) => void;
  /** Show the amount's problem while it is typed, not only after submitting. */
  liveAmount?: boolean;
}) {
  const { t } = useTranslation();
  const onFailure = useSubmitFailure();
  const keys = useActionKeys();
  const [amount, setAmountText] = useState('');
  const [password, setPasswordText] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [amountServerError, setAmountServerError] = useState<string | null>(null);
  const [passwordServerError, setPasswordServerError] = useState<string | null>(null);

  const amountMinor = positiveMinor(amount);
  const amountProblem = !amount.trim()
    ? options.amountMessages.required
    : amountMinor === null
      ? options.amountMessages.invalid
      : options.amountProblem(amountMinor);
  const passwordProblem = !password
    ? t('wallet.validation.tradingPasswordRequired')
    : tradingPasswordPattern.test(password)
      ? null
      : t('wallet.validation.tradingPasswordFormat');
  const showAmount = attempted || (options.liveAmount === true && amount.trim() !== '');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (options.pending) return;
    setAttempted(true);
    if (amountProblem || passwordProblem || amountMinor === null) return;
    const body = { amount: amount.trim(), tradingPassword: password };
    const idempotencyKey = keys.keyFor({ ...options.keyScope, ...body });
    let result: T;
    try {
      result = await options.send(body, idempotencyKey);
    } catch (error) {
      keys.settle(error);
      onFailure(error);
      if (!(error instanceof RequestError) || error.kind !== 'business') return;
      const code = error.errorCode ?? '';
      if (code.startsWith('TRADING_PASSWORD')) {
        setPasswordServerError(error.message);
        setPasswordText('');
      } else if (!options.amountCodes || options.amountCodes.has(code)) setAmountServerError(error.message);
      return;
    }
    keys.settle();
    options.onDone(result);
  };

  return {
    amount,
    setAmount: (text: string) => {
      setAmountText(text);
      setAmountServerError(null);
    },
    amountError: amountServerError ?? (showAmount ? (amountProblem ?? undefined) : undefined),
    password,
    setPassword: (text: string) => {
      setPasswordText(text);
      setPasswordServerError(null);
    },
    passwordError: passwordServerError ?? (attempted ? (passwordProblem ?? undefined) : undefined),
    onSubmit: (event: FormEvent) => void onSubmit(event),
  };
}
