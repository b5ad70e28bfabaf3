import { useSessionStore } from './session-store';

/**
 * A screen's first GET requests sent by the entry, while the screen's chunks, the catalog and the query
 * client are still loading (docs/performance.md, "Lighthouse", 2026-11-28): the request client
 * (lib/request.ts) takes the answer instead of sending the same request again, so it reaches the query
 * cache as if the screen had fetched it. On the first screen's load: no zod, no query client.
 */

/** An answer older than this is not handed out: a screen opened later asks the server again. */
export const PREFETCH_MAX_AGE_MS = 10_000;

interface Prefetched {
  response: Promise<Response>;
  sentAtMs: number;
}

const pending = new Map<string, Prefetched>();

/** The headers every API request carries (lib/request.ts sends them too, so a prefetch is the same request). */
export function apiHeaders({ token, language }: { token: string | null; language: string }): Record<string, string> {
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
export function prefetchGet(url: string): void {
  const { token, language } = useSessionStore.getState();
  const headers = apiHeaders({ token, language });
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

/** Forgets every prefetched answer (tests; another session's token never matches anyway). */
export function clearPrefetched(): void {
  pending.clear();
}
