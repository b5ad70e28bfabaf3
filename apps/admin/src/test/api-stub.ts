import { vi } from 'vitest';

/** A request as the stubbed server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/api/admin/invitations`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON body, or undefined when none was sent. */
  body: unknown;
}

export interface StubResponse {
  status: number;
  body: unknown;
  /** Answer with these bytes instead of a JSON body (private files such as ID images). */
  bytes?: Uint8Array;
  contentType?: string;
}

type Handler = (request: RecordedRequest) => StubResponse | Promise<StubResponse>;

export const ok = (data: unknown): StubResponse => ({ status: 200, body: { code: 1, msg: 'ok', data } });

/** A file answer, e.g. an image. */
export const file = (bytes: Uint8Array, contentType: string): StubResponse => ({
  status: 200,
  body: undefined,
  bytes,
  contentType,
});

export const fail = (status: number, error: string, msg: string): StubResponse => ({
  status,
  body: { code: status, error, msg, data: null },
});

/**
 * Replaces `fetch` (and only `fetch`) with a tiny server: routes are keyed `"METHOD /path"`; every
 * call is recorded. An unrouted call answers 404 so a test that forgot a route fails visibly.
 */
export function stubApi(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://admin.test',
    );
    const rawBody = init.body;
    const recorded: RecordedRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof rawBody === 'string' ? JSON.parse(rawBody) : undefined,
    };
    requests.push(recorded);
    const handler = routes[`${recorded.method} ${recorded.path}`];
    const response = handler
      ? await handler(recorded)
      : fail(404, 'NOT_FOUND', `no stub for ${recorded.method} ${recorded.path}`);
    if (response.bytes) {
      return new Response(new Uint8Array(response.bytes), {
        status: response.status,
        headers: { 'content-type': response.contentType ?? 'application/octet-stream' },
      });
    }
    return new Response(JSON.stringify(response.body), {
      status: response.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    requests,
    /** Recorded calls to one route. */
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}
