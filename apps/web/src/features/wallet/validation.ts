import type { MessageKey } from '@bourse/shared/i18n/types';
import { formatMinor, parseAmount, type MinorUnits } from '@bourse/shared/money';
import { tradingPasswordPattern } from '@bourse/shared/schemas/auth';

/**
 * The wallet forms' own checks, made before anything is sent; the server makes them again. A
 * problem is a catalog key with its parameters, translated where it is shown. Amount parameters
 * are wire amounts ("10.00"), formatted for display by the screen.
 */
export interface Problem {
  key: MessageKey;
  params?: Record<string, string>;
}

/**
 * What was typed, as a plain decimal: spaces dropped, a decimal comma (the separator of most of
 * the app's languages) read as a point, a leading point given its zero.
 */
export function normalizeAmountInput(text: string): string {
  let value = text.replace(/[\s\u00a0\u202f]/g, '');
  if (value.includes(',') && !value.includes('.') && value.indexOf(',') === value.lastIndexOf(',')) {
    value = value.replace(',', '.');
  }
  if (value.startsWith('.')) value = `0${value}`;
  return value;
}

export type AmountCheck = { ok: true; amount: string; minor: MinorUnits } | { ok: false; problem: Problem };

/**
 * An amount of money as typed: required, a plain decimal with at most two decimals, not zero, and
 * within the bounds given (the deployment's minimum, what may be withdrawn). On success gives the
 * wire amount with two decimals ("25.50").
 */
export function checkAmount(text: string, bounds: { minimum?: string; maximum?: string } = {}): AmountCheck {
  const value = normalizeAmountInput(text);
  if (!value) return { ok: false, problem: { key: 'wallet.validation.amountRequired' } };
  if (!/^\d+(\.\d+)?$/.test(value)) return { ok: false, problem: { key: 'wallet.validation.amountInvalid' } };
  if (/\.\d{3,}$/.test(value)) return { ok: false, problem: { key: 'wallet.validation.amountDecimals' } };
  // Leading zeros are not part of the wire pattern ("007.5" is 7.50).
  const minor = parseAmount(value.replace(/^0+(?=\d)/, ''));
  if (minor === null) return { ok: false, problem: { key: 'wallet.validation.amountInvalid' } };
  if (minor === 0) return { ok: false, problem: { key: 'wallet.validation.amountZero' } };
  const minimum = bounds.minimum === undefined ? null : parseAmount(bounds.minimum);
  if (minimum !== null && minor < minimum) {
    return {
      ok: false,
      problem: { key: 'wallet.validation.amountBelowMinimum', params: { minimum: formatMinor(minimum) } },
    };
  }
  const maximum = bounds.maximum === undefined ? null : parseAmount(bounds.maximum);
  if (maximum !== null && minor > maximum) {
    return {
      ok: false,
      problem: { key: 'wallet.validation.amountAboveWithdrawable', params: { maximum: formatMinor(maximum) } },
    };
  }
  return { ok: true, amount: formatMinor(minor), minor };
}

/** An IBAN as people write it ("de89 3704 0044…") in its electronic form ("DE8937040044…"). */
export function normalizeIban(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * The IBAN's shape and its ISO 13616 check digits (mod 97 = 1). The server also checks each
 * country's length and layout; this catches typing mistakes before the round trip and never
 * refuses an IBAN the server accepts.
 */
export function isPlausibleIban(text: string): boolean {
  const iban = normalizeIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export interface CardFormValues {
  bankName: string;
  branch: string;
  holderName: string;
  iban: string;
  agree: boolean;
}

export type CardField = keyof CardFormValues;

/** The server's limits on the card fields (packages/shared/src/schemas/wallet.ts). */
export const CARD_TEXT_MAX_LENGTH = 100;
export const IBAN_MAX_LENGTH = 64;

export function checkCardForm(values: CardFormValues): Partial<Record<CardField, Problem>> {
  const problems: Partial<Record<CardField, Problem>> = {};
  if (!values.bankName.trim()) problems.bankName = { key: 'common.required' };
  if (!values.branch.trim()) problems.branch = { key: 'common.required' };
  if (!values.holderName.trim()) problems.holderName = { key: 'common.required' };
  if (!values.iban.trim()) problems.iban = { key: 'common.required' };
  else if (!isPlausibleIban(values.iban)) problems.iban = { key: 'wallet.validation.ibanInvalid' };
  if (!values.agree) problems.agree = { key: 'wallet.validation.agreementRequired' };
  return problems;
}

/** The trading password confirming a withdrawal: six digits, as the server requires. */
export function checkTradingPassword(value: string): Problem | null {
  if (!value) return { key: 'wallet.validation.tradingPasswordRequired' };
  return tradingPasswordPattern.test(value) ? null : { key: 'wallet.validation.tradingPasswordFormat' };
}
