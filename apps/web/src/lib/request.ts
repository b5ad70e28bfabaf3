import { SERVER_TIME_HEADER } from '@bourse/shared/server-time';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { i18n } from './i18n';
import type { LoginRedirectState } from './navigation';
import { getCurrentPath, navigateTo } from './navigation';
import { paths } from './paths';
import { apiHeaders, takePrefetched } from './prefetch';
import { RequestError } from './request-error';
import { recordServerTime } from './server-clock';
import { endSession } from './session';
import { useSessionStore } from './session-store';
import { showErrorToast, showLoadingToast } from './toast';

/** Product spec §9: every request gives up after 10 s; identical writes within 1 s are refused. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const DUPLICATE_WINDOW_MS = 1_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** Same-origin path, e.g. `/api/user/info` (no base host). */
  url: string;
  /** Sent in the query string (GET parameters). */
  params?: QueryParams;
  /**
   * Sent as JSON; a FormData is sent as multipart instead (without a content-type header, so the
   * browser writes it with the boundary).
   */
  body?: unknown;
  /** Validates the envelope's `data`; a mismatch rejects with `invalid-response`. */
  schema?: z.ZodType<T>;
  /** Send the session token when there is one (default true). */
  withToken?: boolean;
  /** Opt out of the duplicate-submit guard, for writes that may legitimately repeat at once. */
  allowDuplicate?: boolean;
  /** Show a loading toast until the request settles; a string replaces the default text. */
  loading?: boolean | string;
  /**
   * Sent as the `Idempotency-Key` header, which money-moving writes need (DESIGN §5): the server
   * answers the same key and body once and replays that answer to every retry.
   */
  idempotencyKey?: string;
  /** Cancels the request (TanStack Query passes one). */
  signal?: AbortSignal;
  timeoutMs?: number;
}

type PerCallOptions<T> = Omit<RequestOptions<T>, 'method' | 'url' | 'params' | 'body'>;

interface Envelope {
  code: number | undefined;
  msg: string | undefined;
  error: string | undefined;
  data: unknown;
}

const recentWrites = new Map<string, number>();

/**
 * The duplicate-submit guard: true when the same write (method, URL and body) was accepted less than
 * DUPLICATE_WINDOW_MS ago; otherwise remembers this one and returns false.
 */
function isDuplicateWrite(key: string): boolean {
  const now = Date.now();
  for (const [seenKey, seenAt] of recentWrites) {
    if (now - seenAt >= DUPLICATE_WINDOW_MS) recentWrites.delete(seenKey);
  }
  if (recentWrites.has(key)) return true;
  recentWrites.set(key, now);
  return false;
}

/**
 * What identifies a multipart body for the duplicate guard: each field's name and value, and for a
 * file its name, size and type (the bytes themselves are not read).
 */
function formDataKey(form: FormData): string {
  const parts: string[] = [];
  form.forEach((value, name) => {
    parts.push(
      typeof value === 'string'
        ? `${name}=${JSON.stringify(value)}`
        : `${name}=file:${JSON.stringify(value.name)}:${value.size}:${value.type}`,
    );
  });
  return `multipart:${parts.join('&')}`;
}

/** Forgets the writes the duplicate guard remembers (tests, and after logout). */
export function resetDuplicateGuard(): void {
  recentWrites.clear();
}

function buildUrl(url: string, params: QueryParams | undefined): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function asEnvelope(body: unknown): Envelope | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  if (!('code' in record) && !('data' in record)) return undefined;
  return {
    code: typeof record.code === 'number' ? record.code : undefined,
    msg: typeof record.msg === 'string' ? record.msg : undefined,
    error: typeof record.error === 'string' ? record.error : undefined,
    data: record.data,
  };
}

/** `promise`, or a rejection as soon as `signal` aborts (a prefetched answer cannot be cancelled itself). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function notify(message: string | undefined): boolean {
  if (!message) return false;
  showErrorToast(message);
  return true;
}

/**
 * Sends one API request and unwraps the envelope (DESIGN §5, product spec §7–8):
 * - success when `code === 1` or `data` is present → resolves with `data`;
 * - HTTP 401 with body code 401 → toast of `msg`; a logged-in user is logged out and sent to /login;
 * - any other envelope → toast of `msg`, reject;
 * - timeouts, network failures and HTTP errors without an envelope → reject silently.
 */
export async function request<T = unknown>(options: RequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const url = buildUrl(options.url, options.params);
  const form = options.body instanceof FormData ? options.body : undefined;
  const bodyText = options.body === undefined || form ? undefined : JSON.stringify(options.body);

  if ((method === 'POST' || method === 'PUT') && !options.allowDuplicate) {
    if (isDuplicateWrite(`${method} ${url} ${form ? formDataKey(form) : (bodyText ?? '')}`)) {
      const message = i18n.t('common.duplicateSubmit');
      showErrorToast(message);
      throw new RequestError('duplicate', message, { notified: true });
    }
  }

  const { token, language } = useSessionStore.getState();
  const headers = apiHeaders({ token: options.withToken === false ? null : token, language });
  if (bodyText !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;

  const closeLoading = options.loading
    ? showLoadingToast(typeof options.loading === 'string' ? options.loading : i18n.t('common.loading'))
    : undefined;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  let body: unknown;
  // The entry may have sent this very GET already (lib/prefetch.ts): its answer is this request's.
  const prefetched = method === 'GET' && bodyText === undefined && !form ? takePrefetched(url, headers) : undefined;
  const sentAtMs = prefetched?.sentAtMs ?? Date.now();
  try {
    response = await (prefetched
      ? untilAborted(prefetched.response, controller.signal)
      : fetch(url, {
          method,
          headers,
          body: form ?? bodyText,
          signal: controller.signal,
          credentials: 'same-origin',
        }));
    // Every answer, refusals included, says what time it is on the server (countdowns use it).
    recordServerTime(response.headers.get(SERVER_TIME_HEADER), sentAtMs);
    body = await readBody(response);
  } catch (cause) {
    if (timedOut) throw new RequestError('timeout', `${method} ${url} timed out`, { cause });
    if (options.signal?.aborted) throw new RequestError('aborted', `${method} ${url} was cancelled`, { cause });
    throw new RequestError('network', `${method} ${url} failed`, { cause });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
    closeLoading?.();
  }

  const envelope = asEnvelope(body);
  const details = { status: response.status, code: envelope?.code, errorCode: envelope?.error };

  if (response.status === 401 && envelope?.code === 401) {
    const notified = notify(envelope.msg);
    if (useSessionStore.getState().token) {
      // Back to the same screen after logging in again; one render for both changes.
      const state: LoginRedirectState = { from: getCurrentPath() };
      flushSync(() => {
        endSession();
        navigateTo(paths.login.getHref(), { replace: true, state });
      });
    }
    throw new RequestError('session', envelope.msg ?? 'unauthorized', { ...details, notified });
  }

  if (!envelope) {
    throw new RequestError(
      response.ok ? 'invalid-response' : 'http',
      `${method} ${url}: HTTP ${response.status}`,
      details,
    );
  }

  const succeeded = response.ok && (envelope.code === 1 || (envelope.data !== undefined && envelope.data !== null));
  if (!succeeded) {
    // The server explains every refusal in the user's language (DESIGN §5); show it whatever the status.
    const notified = notify(envelope.msg);
    throw new RequestError('business', envelope.msg ?? `${method} ${url}: code ${envelope.code}`, {
      ...details,
      notified,
    });
  }

  if (!options.schema) return envelope.data as T;
  const parsed = options.schema.safeParse(envelope.data);
  if (!parsed.success) {
    throw new RequestError('invalid-response', `${method} ${url}: unexpected response`, {
      ...details,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

export function get<T = unknown>(url: string, params?: QueryParams, options: PerCallOptions<T> = {}): Promise<T> {
  return request<T>({ ...options, method: 'GET', url, params });
}

export function post<T = unknown>(url: string, body?: unknown, options: PerCallOptions<T> = {}): Promise<T> {
  return request<T>({ ...options, method: 'POST', url, body });
}

export function put<T = unknown>(url: string, body?: unknown, options: PerCallOptions<T> = {}): Promise<T> {
  return request<T>({ ...options, method: 'PUT', url, body });
}

export function del<T = unknown>(url: string, params?: QueryParams, options: PerCallOptions<T> = {}): Promise<T> {
  return request<T>({ ...options, method: 'DELETE', url, params });
}
