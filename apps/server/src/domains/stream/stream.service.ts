import { STREAM_PRIVATE_TOPICS, type StreamPrivateTopic } from '@bourse/shared/schemas/market';
import type { ErrorCode } from '@bourse/shared/errors';
import type { OperatorRole } from '@bourse/shared/schemas/admin';
import { SUPPORT_INBOX_TOPIC } from '@bourse/shared/schemas/support';
import type { AppContext } from '../../platform/context.ts';

/** The hub topic of one investor's own events (orders, balances, notifications). */
export const userTopic = (userId: number) => `user:${userId}`;
/** The hub topic of one investor's support conversation. */
export const supportTopic = (userId: number) => `support:${userId}`;
/** The hub topic of the operators' support inbox (one for all operators with the role). */
export const SUPPORT_INBOX_HUB_TOPIC = `operators:${SUPPORT_INBOX_TOPIC}`;

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

/**
 * Publishes a support event (a new investor message, an assignment, the investor typing …) to every
 * operator console signed in on the stream with the support or admin role (`support-inbox`).
 */
export function publishSupportInboxEvent(ctx: AppContext, event: string, data: unknown): void {
  ctx.hub.publish(
    SUPPORT_INBOX_HUB_TOPIC,
    JSON.stringify({ type: 'event', topic: SUPPORT_INBOX_TOPIC, at: Date.now(), event, data }),
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

/** The topics only an operator session may subscribe to, with the roles each needs (any one suffices). */
export const OPERATOR_TOPICS: Record<string, readonly OperatorRole[]> = {
  [SUPPORT_INBOX_TOPIC]: ['support', 'admin'],
};

export function isOperatorTopic(topic: string): boolean {
  return Object.hasOwn(OPERATOR_TOPICS, topic);
}

/** A topic that needs a signed-in session of either kind: dropped when that session ends. */
export function isSessionTopic(topic: string): boolean {
  return isPrivateTopic(topic) || isOperatorTopic(topic);
}

export type ResolvedTopic =
  | { ok: true; hubTopic: string; quoteCode: string | null }
  | { ok: false; error: Extract<ErrorCode, 'STREAM_TOPIC_UNKNOWN' | 'STREAM_AUTH_REQUIRED' | 'FORBIDDEN'> };

/** Who a socket is signed in as: nobody, an investor, or an operator with roles (never both). */
export type StreamSigned =
  | { kind: 'none' }
  | { kind: 'investor'; userId: number }
  | { kind: 'operator'; operatorId: number; roles: readonly OperatorRole[] };

/**
 * What a client's topic means on the hub for a socket signed in as `signed`: `quotes:<code>` of an
 * instrument with a live quote, the investor's own `user`/`support`, or an operator's `support-inbox`.
 */
export function resolveTopic(ctx: AppContext, topic: string, signed: StreamSigned): ResolvedTopic {
  const userId = signed.kind === 'investor' ? signed.userId : null;
  if (isOperatorTopic(topic)) {
    // An investor session never hears the operators' topics; an operator needs one of the roles.
    if (signed.kind !== 'operator') return { ok: false, error: 'STREAM_AUTH_REQUIRED' };
    const roles = OPERATOR_TOPICS[topic] ?? [];
    if (!signed.roles.some((role) => roles.includes(role))) return { ok: false, error: 'FORBIDDEN' };
    return { ok: true, hubTopic: SUPPORT_INBOX_HUB_TOPIC, quoteCode: null };
  }
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
