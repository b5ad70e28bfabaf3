/**
 * Stable error codes of the API. Every failure the server returns carries one of these in `error`,
 * a localized `msg` (catalog key `errors.<CODE>`) and the HTTP status fixed here.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNKNOWN_FIELD: 400,
  MALFORMED_BODY: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHORIZED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  DUPLICATE_SUBMIT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,

  // Encrypted credential envelopes (JWE).
  JWE_INVALID: 400,
  JWE_STALE: 400,
  JWE_REPLAYED: 409,

  // Accounts.
  INVALID_PHONE: 400,
  WEAK_PASSWORD: 400,
  PASSWORD_MISMATCH: 400,
  AGREEMENT_REQUIRED: 400,
  INVITE_INVALID: 422,
  PHONE_TAKEN: 409,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 429,
  ACCOUNT_FROZEN: 403,
  OLD_PASSWORD_WRONG: 422,
  RESET_CODE_INVALID: 422,
  RESET_CODE_EXPIRED: 422,
  RESET_CODE_TOO_MANY_ATTEMPTS: 429,
  SAME_PASSWORD: 422,

  // Operators.
  TOTP_INVALID: 401,
  INVITE_NOT_FOUND: 404,
  INVITE_ALREADY_DISABLED: 409,
  CLOCK_NOT_SIMULATED: 404,

  // Money.
  INSUFFICIENT_FUNDS: 422,
  HOLD_NOT_OPEN: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Body `code` of a failure: 401 for session failures (the spec's rule), otherwise the HTTP status. */
export function bodyCodeFor(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
