/**
 * The server's clock on the wire. Every API answer carries the server's "now" (the injected clock,
 * which a sandbox can move forward) in this header, as milliseconds since the Unix epoch, so a
 * client can show times — countdowns above all — by the server's clock rather than the device's.
 * The apps are served from the API's own origin, so no CORS `Access-Control-Expose-Headers` is
 * needed for a browser to read it; a cross-origin client would need the server to expose it.
 */
export const SERVER_TIME_HEADER = 'x-server-time';

/** The instant a header value names, or null when it is missing or no whole, positive millisecond count. */
export function parseServerTime(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\d{1,16}$/.test(value)) return null;
  const ms = Number(value);
  return Number.isSafeInteger(ms) && ms > 0 ? ms : null;
}

/**
 * How far the server's clock is ahead of the device's (negative when behind), from one answer: the
 * server stamped it somewhere between sending and receiving, so it is compared with the midpoint.
 */
export function serverClockOffset(serverMs: number, sentAtMs: number, receivedAtMs: number): number {
  return Math.round(serverMs - (sentAtMs + receivedAtMs) / 2);
}
