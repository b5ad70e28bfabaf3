import { STREAM_PRIVATE_TOPICS, type StreamPrivateTopic } from '@bourse/shared/schemas/market';
import type { ErrorCode } from '@bourse/shared/errors';
import type { AppContext } from '../../platform/context.ts';

/** The hub topic of one investor's own events (orders, balances, notifications). */
export const userTopic = (userId: number) => `user:${userId}`;
/** The hub topic of one investor's support conversation. */
export const supportTopic = (userId: number) => `support:${userId}`;

const QUOTES_PREFIX = 'quotes:';

export function isPrivateTopic(topic: string): topic is StreamPrivateTopic {
  return (STREAM_PRIVATE_TOPICS as readonly string[]).includes(topic);
}

/**
 * Publishes one of the investor's events to every stream socket where they are signed in, on every
 * instance. `data` must be what the investor may see; it is serialized once here.
 */
export function publishUserEvent(ctx: AppContext, userId: number, event: string, data: unknown): void {
  const topic = userTopic(userId);
  // Most orders are placed with no screen of the investor listening on this instance's hub.
  if (ctx.hub.hasListeners?.(topic) === false) return;
  ctx.hub.publish(topic, JSON.stringify({ type: 'event', topic: 'user', at: Date.now(), event, data }));
}

/** Publishes a support-conversation event (a reply, the operator typing) to the investor's sockets. */
export function publishSupportEvent(ctx: AppContext, userId: number, event: string, data: unknown): void {
  ctx.hub.publish(
    supportTopic(userId),
    JSON.stringify({ type: 'event', topic: 'support', at: Date.now(), event, data }),
  );
}

/** The hub notice channel on which every instance hears that an investor's sessions were revoked. */
export const SESSIONS_REVOKED_NOTICE = 'sessions-revoked';

/**
 * Tells every instance that sessions of `userId` were revoked (logout, password change or reset, a
 * frozen account); call it after the revocation is committed. Each instance re-checks that investor's
 * signed-in stream sockets at once, so a revoked session stops receiving private topics immediately.
 */
export function announceSessionsRevoked(ctx: AppContext, userId: number): void {
  ctx.hub.notify(SESSIONS_REVOKED_NOTICE, JSON.stringify({ userId }));
}

/** The investor of a sessions-revoked notice; null for a message that is not one. */
export function revokedUserOf(message: string): number | null {
  try {
    const { userId } = JSON.parse(message) as { userId?: unknown };
    return typeof userId === 'number' && Number.isSafeInteger(userId) ? userId : null;
  } catch {
    return null;
  }
}

export type ResolvedTopic =
  | { ok: true; hubTopic: string; quoteCode: string | null }
  | { ok: false; error: Extract<ErrorCode, 'STREAM_TOPIC_UNKNOWN' | 'STREAM_AUTH_REQUIRED'> };

/**
 * What a client's topic means on the hub for a socket signed in as `userId` (null: anonymous):
 * `quotes:<code>` of an instrument with a live quote, or the investor's own `user`/`support`.
 */
export function resolveTopic(ctx: AppContext, topic: string, userId: number | null): ResolvedTopic {
  if (topic.startsWith(QUOTES_PREFIX)) {
    const code = topic.slice(QUOTES_PREFIX.length);
    return ctx.market.quote(code)
      ? { ok: true, hubTopic: topic, quoteCode: code }
      : { ok: false, error: 'STREAM_TOPIC_UNKNOWN' };
  }
  if (isPrivateTopic(topic)) {
    if (userId === null) return { ok: false, error: 'STREAM_AUTH_REQUIRED' };
    return { ok: true, hubTopic: topic === 'user' ? userTopic(userId) : supportTopic(userId), quoteCode: null };
  }
  return { ok: false, error: 'STREAM_TOPIC_UNKNOWN' };
}
