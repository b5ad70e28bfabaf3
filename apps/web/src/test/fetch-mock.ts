import { vi } from 'vitest';

/** One request the app sent, as the fake server saw it. */
export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** A JSON body parsed, a FormData as it was sent, otherwise undefined. */
  body: unknown;
  signal: AbortSignal | undefined;
}

type Handler = (request: SentRequest) => Response | Promise<Response>;

/** A JSON response as the server would send it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const ok = (data: unknown) => json({ code: 1, msg: 'ok', data });

export const failure = (status: number, error: string, msg: string) =>
  json({ code: status === 401 ? 401 : status, error, msg, data: null }, status);

/** A response that never comes; like fetch, it rejects when the request's signal aborts. */
export function never(request: SentRequest): Promise<Response> {
  return new Promise((_resolve, reject) => {
    request.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });
}

/**
 * Replaces fetch (the only thing the tests fake) with a router of handlers keyed by
 * "METHOD /path" (query string ignored). Unknown routes answer 404 with an envelope.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const sent: SentRequest[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body =
      typeof init?.body === 'string'
        ? (JSON.parse(init.body) as unknown)
        : init?.body instanceof FormData
          ? init.body
          : undefined;
    const signal = init?.signal ?? undefined;
    const request: SentRequest = { url, method: init?.method ?? 'GET', headers, body, signal };
    sent.push(request);
    const handler = routes[`${request.method} ${url.split('?')[0]}`];
    if (!handler) return failure(404, 'NOT_FOUND', `no route for ${request.method} ${url}`);
    return handler(request);
  });
  return { sent, spy };
}
