import { ERROR_STATUS, type ErrorCode } from '@bourse/shared/errors';
import type { MessageParams } from '@bourse/shared/i18n/index';

/**
 * An expected failure: a stable code, the HTTP status fixed for it, and the parameters of its
 * localized message. Anything else that escapes a handler is a bug and becomes INTERNAL.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: MessageParams = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

/** Asserts an invariant of the core. A failure is a bug, never an expected outcome. */
export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Invariant violated: ${message}`);
}
