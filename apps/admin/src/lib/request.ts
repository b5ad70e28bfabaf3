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
  /** What the server attached to explain the refusal (e.g. a refused file's problems), unvalidated. */
  readonly details: unknown;

  constructor(options: { code: string; msg: string; status: number; details?: unknown }) {
    super(options.msg);
    this.name = 'ApiError';
    this.code = options.code;
    this.msg = options.msg;
    this.status = options.status;
    this.details = options.details;
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
  details: z.unknown().optional(),
});

export type RequestMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions<T> {
  method?: RequestMethod;
  /**
   * Sent as JSON (a FormData as multipart). Omitted entirely when undefined, so body-less POSTs
   * carry no content type.
   */
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

interface Exchange<R> {
  method: RequestMethod;
  url: string;
  body?: unknown;
  accept: string;
  signal?: AbortSignal | undefined;
  timeoutMs: number;
  /** Reads the answer while the timeout still applies: JSON for the API, bytes for a file. */
  read: (response: Response) => Promise<R>;
}

/**
 * One round trip with the operator's token and language, a timeout, and the caller's abort. A
 * network failure or timeout rejects with a client ApiError; a caller's abort rejects as an abort.
 */
async function exchange<R>(options: Exchange<R>): Promise<{ response: Response; result: R; token: string | null }> {
  const { method, url, body, accept, signal, timeoutMs, read } = options;
  const language = currentLanguage();
  const token = getToken();
  const headers: Record<string, string> = { accept, 'accept-language': language, lang: language };
  if (token) headers.token = token;
  // A FormData (an image upload) goes as multipart: the browser writes the content type with its boundary.
  const form = body instanceof FormData ? body : undefined;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    const response = await fetch(url, {
      method,
      headers,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    return { response, result: await read(response), token };
  } catch (error) {
    if (timedOut) throw clientError('TIMEOUT');
    // Cancelled by the caller (a query that is no longer needed): let the caller see the abort as such.
    if (signal?.aborted) throw error;
    throw clientError('NETWORK_ERROR');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

const readJson = (response: Response): Promise<unknown> => response.json().catch(() => undefined);

/**
 * Turns a refusal into an ApiError. A 401 ends the session that made the call, and only that one:
 * a late 401 for a token that was already replaced by a new sign-in must not sign the operator out.
 */
function refusal(response: Response, payload: unknown, token: string | null, endsSessionOn401: boolean): ApiError {
  const parsed = envelope.safeParse(payload);
  const answer = parsed.success ? parsed.data : null;
  const unauthorized = response.status === 401 || answer?.code === 401;
  if (unauthorized && endsSessionOn401 && token !== null && getToken() === token) {
    clearSession({ reason: answer?.msg ?? i18n.t('errors.SESSION_EXPIRED') });
  }
  if (answer === null) return clientError('BAD_RESPONSE', response.status);
  return new ApiError({
    code: answer.error ?? `HTTP_${response.status}`,
    msg: answer.msg ?? i18n.t('common.submitFailed'),
    status: unauthorized ? 401 : response.status,
    details: answer.details,
  });
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
  const exchanged = await exchange({
    method,
    url: buildUrl(path, query),
    body,
    accept: 'application/json',
    signal,
    timeoutMs,
    read: readJson,
  });

  const { response, result: payload, token } = exchanged;
  const parsed = envelope.safeParse(payload);
  const answer = parsed.success ? parsed.data : null;
  if (answer === null || answer.code !== 1 || !response.ok || response.status === 401) {
    throw refusal(response, payload, token, endsSessionOn401);
  }

  const result = schema.safeParse(answer.data);
  if (!result.success) {
    console.error(`Unexpected response shape from ${method} ${path}`, result.error.issues);
    throw clientError('BAD_RESPONSE', response.status);
  }
  return result.data;
}

/**
 * Fetches a private file (an ID image) with the operator's token, to be shown through an object
 * URL: such files never have a public address. Refusals reject with an ApiError as `request` does.
 */
export async function requestBlob(
  path: string,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<Blob> {
  const { response, result, token } = await exchange({
    method: 'GET',
    url: path,
    accept: 'image/*',
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    read: async (answer) =>
      answer.ok ? { file: await answer.blob() } : { file: null, payload: await readJson(answer) },
  });
  if (!result.file) throw refusal(response, result.payload, token, true);
  return result.file;
}
