/**
 * Why a request failed:
 * - `business`: the server answered with an envelope whose code is not 1 (its msg was shown);
 * - `session`: HTTP 401 with body code 401 (msg shown; the session was cleared if there was one);
 * - `duplicate`: the same write was sent less than a second ago (refused on the client);
 * - `timeout`, `network`, `http`, `aborted`, `invalid-response`: no message is shown.
 */
export type RequestErrorKind =
  'business' | 'session' | 'duplicate' | 'timeout' | 'network' | 'http' | 'aborted' | 'invalid-response';

export interface RequestErrorDetails {
  status?: number;
  /** The envelope's numeric code. */
  code?: number;
  /** The envelope's stable error code, e.g. `INVALID_CREDENTIALS`. */
  errorCode?: string;
  /** True when the user has already been told (a toast was shown). */
  notified?: boolean;
  cause?: unknown;
}

export class RequestError extends Error {
  readonly kind: RequestErrorKind;
  readonly status: number | undefined;
  readonly code: number | undefined;
  readonly errorCode: string | undefined;
  readonly notified: boolean;

  constructor(kind: RequestErrorKind, message: string, details: RequestErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'RequestError';
    this.kind = kind;
    this.status = details.status;
    this.code = details.code;
    this.errorCode = details.errorCode;
    this.notified = details.notified ?? false;
  }

  /** Only transport failures are worth retrying; the server's answers and client refusals are final. */
  get retryable(): boolean {
    return this.kind === 'timeout' || this.kind === 'network' || (this.kind === 'http' && (this.status ?? 0) >= 500);
  }
}

/** True when the failure has not been shown to the user yet (screens then show a generic message). */
export function isUnnotifiedFailure(error: unknown): boolean {
  if (error instanceof RequestError) return !error.notified && error.kind !== 'aborted';
  return true;
}
