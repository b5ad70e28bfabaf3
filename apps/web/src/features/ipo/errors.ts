import { RequestError } from '../../lib/request-error';

/** The refusals about the number of lots (the server's codes), shown at the lots stepper. */
const LOTS_CODES = new Set(['IPO_LOTS_NOT_WHOLE', 'IPO_LOTS_NOT_POSITIVE', 'IPO_LOTS_ABOVE_MAXIMUM']);

/** Where a refusal of a subscription belongs on the screen. */
export type RefusalField = 'lots' | 'password' | 'form';

/**
 * The field a server refusal is about, read from its stable code: the trading-password codes belong
 * to the password field, the lots codes (0, negative, fractional, above the maximum) to the lots
 * stepper, everything else (window, cash, identity, already subscribed) to the form as a whole.
 */
export function refusalField(error: unknown): RefusalField {
  const code = error instanceof RequestError ? (error.errorCode ?? '') : '';
  if (code.startsWith('TRADING_PASSWORD')) return 'password';
  if (LOTS_CODES.has(code)) return 'lots';
  return 'form';
}

/** True when the server answered with its own (already localized) refusal. */
export function isRefusal(error: unknown): error is RequestError {
  return error instanceof RequestError && error.kind === 'business';
}
