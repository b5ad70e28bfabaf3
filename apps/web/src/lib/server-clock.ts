import { parseServerTime, serverClockOffset } from '@bourse/shared/server-time';

/**
 * The server's clock as the app knows it: how far it is ahead of the device's, learnt from the
 * `x-server-time` stamp of every API answer (`request.ts` records it). Countdowns read `serverNow()`,
 * so they follow the server — whose sandbox clock an operator may have moved forward — and not a
 * device clock that is wrong or simply elsewhere. Until an answer has been seen the offset is 0.
 */
let offsetMs = 0;

/**
 * Records the server's clock from one answer's stamp: the request left at `sentAtMs` and its answer
 * arrived at `receivedAtMs` (device time). A missing or malformed stamp changes nothing.
 */
export function recordServerTime(stamp: string | null, sentAtMs: number, receivedAtMs: number = Date.now()): void {
  const serverMs = parseServerTime(stamp);
  if (serverMs === null) return;
  offsetMs = serverClockOffset(serverMs, sentAtMs, receivedAtMs);
}

/** Now by the server's clock, in milliseconds. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** How far the server's clock is ahead of the device's (negative when behind). */
export function serverOffsetMs(): number {
  return offsetMs;
}

/** Forgets what was learnt (tests: a fresh page load). */
export function resetServerClock(): void {
  offsetMs = 0;
}
