import { overview, quotesTopic } from '@bourse/shared/schemas/market';
import { z } from 'zod';
import { get } from '../../lib/request';
import { serverOffsetMs } from '../../lib/server-clock';
import { subscribe } from '../../lib/stream';

/** How long the stream may take to deliver a quote before the check fails. */
export const STREAM_TIMEOUT_MS = 10_000;
/** A device clock further off the server's than this is reported as a failed check. */
export const CLOCK_TOLERANCE_MS = 60_000;

const health = z.object({ status: z.string(), db: z.string(), version: z.string() });

/** GET /api/health, timed: how long the round trip took, in whole milliseconds. */
export async function measureApi(now: () => number = () => performance.now()): Promise<number> {
  const started = now();
  await get('/api/health', undefined, { schema: health, withToken: false });
  return Math.max(0, Math.round(now() - started));
}

/** The server clock's offset learnt from the last answer (call after `measureApi`). */
export function clockOffset(): { offsetMs: number; ok: boolean } {
  const offsetMs = serverOffsetMs();
  return { offsetMs, ok: Math.abs(offsetMs) <= CLOCK_TOLERANCE_MS };
}

/**
 * Subscribes to the quotes of the first listed stock of the overview and waits for one quote over
 * the live stream; resolves with its code and last price, rejects after `timeoutMs`.
 */
export async function awaitQuote(timeoutMs = STREAM_TIMEOUT_MS): Promise<{ code: string; last: string }> {
  const market = await get('/api/market/overview', undefined, { schema: overview });
  const code = [...market.active, ...market.gainers, ...market.indices][0]?.code;
  if (!code) throw new Error('no listed instrument');
  return new Promise((resolve, reject) => {
    let stop: () => void = () => undefined;
    const timer = setTimeout(() => {
      stop();
      reject(new Error('no quote in time'));
    }, timeoutMs);
    stop = subscribe(quotesTopic(code), (message) => {
      if (message.type !== 'quote' || message.data.code !== code || message.data.last === undefined) return;
      clearTimeout(timer);
      stop();
      resolve({ code, last: message.data.last });
    });
  });
}

/** The browser's storage estimate, or null where the browser has none. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  const estimate = await navigator.storage.estimate();
  return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0 };
}
