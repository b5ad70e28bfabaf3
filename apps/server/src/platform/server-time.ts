import { SERVER_TIME_HEADER } from '@bourse/shared/server-time';
import type { onSendHookHandler } from 'fastify';
import type { Clock } from './clock.ts';

/**
 * Stamps every API answer — successes, refusals and unknown paths alike — with the injected clock's
 * now, so the apps count down by the server's time, which a sandbox clock may have moved ahead of the
 * device's (`POST /api/admin/clock/advance`). Taken as the answer leaves, the closest to its arrival.
 */
export function serverTimeHook(clock: Clock): onSendHookHandler {
  return (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) reply.header(SERVER_TIME_HEADER, String(clock.nowMs()));
    done(null, payload);
  };
}
