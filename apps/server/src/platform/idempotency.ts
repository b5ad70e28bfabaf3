import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { sha256Hex } from './crypto.ts';
import { isUniqueViolation } from './db/database.ts';
import { AppError } from './errors.ts';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
const KEEP_MS = 48 * 3_600_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A money-moving write: needs an Idempotency-Key; its answer is stored and replayed. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { userId: number; key: string } | null;
  }
}

/** JSON with sorted keys, so the same body always hashes the same. */
function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Idempotent money writes (issue 3 §2). The same user, key and body get the stored answer; the same
 * key with another body gets 409; the same action and body under a new key within the duplicate
 * window is refused (the spec's double-submit rule, enforced here too). Answers are kept ≥ 24 h.
 */
export function installIdempotency(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('idempotency', null);
  let insertsSincePurge = 0;

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.idempotent) return;
    const userId = request.principal?.userId;
    if (userId === undefined) throw new AppError('UNAUTHORIZED');
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
    const requestHash = sha256Hex(
      `${request.method} ${request.routeOptions.url ?? ''} ${JSON.stringify(request.params)} ${stableStringify(request.body)}`,
    );
    const db = ctx.database.db;
    const nowMs = ctx.clock.nowMs();

    const stored = await db
      .selectFrom('idempotencyKeys')
      .selectAll()
      .where('userId', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (stored) {
      if (stored.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (stored.statusCode === null || stored.responseBody === null) throw new AppError('CONFLICT');
      return reply
        .code(stored.statusCode)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(stored.responseBody);
    }

    const recent = await db
      .selectFrom('idempotencyKeys')
      .select('key')
      .where('userId', '=', userId)
      .where('requestHash', '=', requestHash)
      .where('createdAt', '>', nowMs - ctx.config.DUPLICATE_SUBMIT_WINDOW_MS)
      .executeTakeFirst();
    if (recent) throw new AppError('DUPLICATE_SUBMIT');

    try {
      await db.insertInto('idempotencyKeys').values({ userId, key, requestHash, createdAt: nowMs }).execute();
    } catch (error) {
      // The same key arrived twice at once: the other request is still being answered.
      if (isUniqueViolation(error)) throw new AppError('CONFLICT');
      throw error;
    }
    request.idempotency = { userId, key };
    if (++insertsSincePurge >= 200) {
      insertsSincePurge = 0;
      await db
        .deleteFrom('idempotencyKeys')
        .where('createdAt', '<', nowMs - KEEP_MS)
        .execute();
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    const where = ctx.database.db
      .updateTable('idempotencyKeys')
      .where('userId', '=', claim.userId)
      .where('key', '=', claim.key);
    // Server faults and rate limits are not answers: free the key so a retry runs again.
    if (reply.statusCode >= 500 || reply.statusCode === 429) {
      await ctx.database.db
        .deleteFrom('idempotencyKeys')
        .where('userId', '=', claim.userId)
        .where('key', '=', claim.key)
        .execute();
    } else {
      await where
        .set({ statusCode: reply.statusCode, responseBody: typeof payload === 'string' ? payload : String(payload) })
        .execute();
    }
    return payload;
  });
}
