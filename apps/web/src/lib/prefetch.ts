/**
 * A screen's first GET requests sent by the entry, while the screen's chunks, the catalog and the query
 * client are still loading (docs/performance.md, "Lighthouse", 2026-11-28): the request client
 * (lib/request.ts) takes the answer instead of sending the same request again, so it reaches the query
 * cache as if the screen had fetched it. On the first screen's load: no zod, no query client.
 *
 * It imports nothing (the session's token and language are passed in): the opening screen's requests are
 * sent by a script of their own (src/opening-prefetch.ts), loaded ahead of the app's entry and its store.
 */

/** An answer older than this is not handed out: a screen opened later asks the server again. */
export const PREFETCH_MAX_AGE_MS = 10_000;

interface Prefetched {
  response: Promise<Response>;
  sentAtMs: number;
}

const pending = new Map<string, Prefetched>();

/** What the headers of a request come from: the session's token and the interface language. */
export interface RequestSession {
  token: string | null;
  language: string;
}

/** The headers every API request carries (lib/request.ts sends them too, so a prefetch is the same request). */
export function apiHeaders({ token, language }: RequestSession): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': language, lang: language };
  if (token) headers.token = token;
  return headers;
}

function keyOf(url: string, headers: Record<string, string>): string {
  const sorted = Object.keys(headers)
    .sort()
    .map((name) => `${name}:${headers[name]}`);
  return `${url}\n${sorted.join('\n')}`;
}

/**
 * Sends `GET url` now, with the session's token and language as the request client would, and keeps
 * the answer for the first request client call asking for the same URL with the same headers.
 */
export function prefetchGet(url: string, session: RequestSession): void {
  const headers = apiHeaders(session);
  const key = keyOf(url, headers);
  if (pending.has(key)) return;
  const response = fetch(url, { method: 'GET', headers, credentials: 'same-origin' });
  // A failure is the taker's to report; nobody may take it, so it must not surface as unhandled.
  response.catch(() => undefined);
  pending.set(key, { response, sentAtMs: Date.now() });
}

/**
 * The answer a prefetch got for `GET url` with exactly these headers, handed out once and only while
 * it is fresh (PREFETCH_MAX_AGE_MS); undefined when the request client has to send it itself.
 */
export function takePrefetched(url: string, headers: Record<string, string>): Prefetched | undefined {
  const key = keyOf(url, headers);
  const found = pending.get(key);
  if (!found) return undefined;
  pending.delete(key);
  return Date.now() - found.sentAtMs < PREFETCH_MAX_AGE_MS ? found : undefined;
}

let openingSent = false;

/**
 * Sends the opening screen's requests, once per page load: the early script (src/opening-prefetch.ts)
 * and, should it not have run (not loaded), the entry (main.tsx) both ask; the first one sends.
 */
export function prefetchOpening(urls: readonly string[], session: RequestSession): void {
  if (openingSent) return;
  openingSent = true;
  for (const url of urls) prefetchGet(url, session);
}

/** Forgets every prefetched answer (tests; another session's token never matches anyway). */
export function clearPrefetched(): void {
  pending.clear();
  openingSent = false;
}
