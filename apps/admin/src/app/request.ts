import { z } from 'zod';
import { currentLanguage, i18n } from './i18n.ts';
import { clearSession, getToken } from './session.ts';

/** Error codes the client itself produces when no answer from the server could be read. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'BAD_RESPONSE';

/**
 * A failed request. `code` is the server's stable error code (`TOTP_INVALID`, `FORBIDDEN`…) or a
 * client code; `msg` is the text to show, already in the console's language.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly msg: string;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;

  constructor(options: { code: string; msg: string; status: number }) {
    super(options.msg);
    this.name = 'ApiError';
    this.code = options.code;
    this.msg = options.msg;
    this.status = options.status;
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

export const REQUEST_TIMEOUT_MS = 10_000;

const envelope = z.object({
  code: z.number(),
  msg: z.string().optional(),
  error: z.string().optional(),
  data: z.unknown().optional(),
});

export interface RequestOptions<T> {
  method?: 'GET' | 'POST';
  /** Sent as JSON. Omitted entirely when undefined, so body-less POSTs carry no content type. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Validates and types `data` of a successful answer. */
  schema: z.ZodType<T>;
  /**
   * Whether a 401 answer ends the operator session. False for sign-in, where 401 means wrong
   * credentials rather than an expired session.
   */
  endsSessionOn401?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function clientError(code: ClientErrorCode, status = 0): ApiError {
  const key = code === 'BAD_RESPONSE' ? 'errors.INTERNAL' : 'common.networkError';
  return new ApiError({ code, msg: i18n.t(key), status });
}

/**
 * Calls the API and returns `data` of a `{ code: 1 }` envelope, validated by `schema`. Every other
 * outcome rejects with an ApiError carrying the server's code and localized message. A 401 on an
 * authenticated call clears the operator session, which sends the console back to sign-in.
 */
export async function request<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const {
    method = 'GET',
    body,
    query,
    schema,
    endsSessionOn401 = true,
    signal,
    timeoutMs = REQUEST_TIMEOUT_MS,
  } = options;
  const language = currentLanguage();
  const token = getToken();
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': language, lang: language };
  if (token) headers.token = token;
  if (body !== undefined) headers['content-type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    payload = await response.json().catch(() => undefined);
  } catch (error) {
    if (timedOut) throw clientError('TIMEOUT');
    // Cancelled by the caller (a query that is no longer needed): let the caller see the abort as such.
    if (signal?.aborted) throw error;
    throw clientError('NETWORK_ERROR');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  const parsed = envelope.safeParse(payload);
  const answer = parsed.success ? parsed.data : null;
  const unauthorized = response.status === 401 || answer?.code === 401;
  // Only the session that made the call is ended: a late 401 for a token that was already replaced
  // by a new sign-in must not sign the operator out again.
  if (unauthorized && endsSessionOn401 && token !== null && getToken() === token) {
    clearSession({ reason: answer?.msg ?? i18n.t('errors.SESSION_EXPIRED') });
  }

  if (answer === null) throw clientError('BAD_RESPONSE', response.status);
  const { code, msg, error, data } = answer;
  if (code !== 1 || !response.ok) {
    throw new ApiError({
      code: error ?? `HTTP_${response.status}`,
      msg: msg ?? i18n.t('common.submitFailed'),
      status: unauthorized ? 401 : response.status,
    });
  }

  const result = schema.safeParse(data);
  if (!result.success) {
    console.error(`Unexpected response shape from ${method} ${path}`, result.error.issues);
    throw clientError('BAD_RESPONSE', response.status);
  }
  return result.data;
}
