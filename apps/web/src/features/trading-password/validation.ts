import type { MessageKey } from '@bourse/shared/i18n/types';
import { tradingPasswordPattern } from '@bourse/shared/schemas/auth';

/** Checks of the trading-password form; each gives a catalog key or null. */
export function checkNewTradingPassword(value: string): MessageKey | null {
  if (!value) return 'wallet.validation.tradingPasswordRequired';
  return tradingPasswordPattern.test(value) ? null : 'wallet.validation.tradingPasswordFormat';
}

export function checkConfirmation(value: string, password: string): MessageKey | null {
  if (!value) return 'wallet.payPassword.confirmRequired';
  return value === password ? null : 'wallet.payPassword.mismatch';
}

export function checkLoginPassword(value: string): MessageKey | null {
  return value ? null : 'wallet.payPassword.loginPasswordRequired';
}
