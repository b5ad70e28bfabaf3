import { isStrongPassword } from '@bourse/shared/password';
import type { MessageKey } from '@bourse/shared/i18n/types';

/**
 * Client-side checks that mirror the server's (so most mistakes are caught before a round trip).
 * Each returns a catalog key, translated where it is shown, so messages follow a language change.
 */
export type ValidationResult = true | MessageKey;

/** Strips the spacing people type ("+49 151 2345-6789") and turns a 00 prefix into +. */
export function normalizePhone(input: string): string {
  const compact = input.replace(/[\s\-().]/g, '');
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}

/** E.164: a plus, a country code not starting with 0, at most 15 digits in all. */
const E164 = /^\+[1-9]\d{6,14}$/;

export function isValidPhone(input: string): boolean {
  return E164.test(normalizePhone(input));
}

export function validatePhone(value: string): ValidationResult {
  if (!value.trim()) return 'auth.validation.phoneRequired';
  return isValidPhone(value) || 'auth.validation.phoneInvalid';
}

export function validateNewPassword(value: string): ValidationResult {
  if (!value) return 'auth.validation.passwordRequired';
  return isStrongPassword(value) || 'auth.validation.passwordWeak';
}

export function validateConfirmation(value: string, password: string): ValidationResult {
  if (!value) return 'auth.validation.confirmRequired';
  return value === password || 'auth.validation.passwordsDiffer';
}

export function validateResetCode(value: string): ValidationResult {
  if (!value.trim()) return 'auth.validation.codeRequired';
  return /^\d{6}$/.test(value.trim()) || 'auth.validation.codeInvalid';
}
