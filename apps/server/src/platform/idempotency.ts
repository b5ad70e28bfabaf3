import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { sha256Hex } from './crypto.ts';
import { isUniqueViolation } from './db/database.ts';
import { readRunner, type SqlRunner } from './db/sql-runner.ts';
import { AppError } from './errors.ts';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
const KEEP_MS = 48 * 3_600_000;
/**
 * Old answers are deleted at most this often (real time). The delete scans the table (there is
 * no index on the creation time, which every write would pay for); once every few minutes is
 * plenty for a 48-hour retention, whereas once per few hundred requests made busy order flow scan
 * it several times a second.
 */
const PURGE_EVERY_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A money-moving write: needs an Idempotency-Key; its answer is stored and replayed. With
     * `'in-transaction'` the handler claims the key and stores its answer inside its own
     * transaction (claimInTransaction / storeInTransaction), so a write costs one commit, not three.
     */
    idempotent?: boolean | 'in-transaction';
  }
  interface FastifyRequest {
    idempotency: IdempotencyClaim | null;
  }
}

export interface IdempotencyClaim {
  userId: number;
  key: string;
  requestHash: string;
  /** `claimed`: the key row exists (written before the handler); `deferred`: the handler writes it. */
  mode: 'claimed' | 'deferred';
  /** Deferred: the handler's transaction stored the answer. */
  stored: boolean;
}

/** A stored answer, replayed as it was first sent. */
export interface StoredAnswer {
  statusCode: number;
  body: string;
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
  let lastPurgeRealMs = Date.now();
  const purgeDue = () => {
    if (Date.now() - lastPurgeRealMs < PURGE_EVERY_MS) return false;
    lastPurgeRealMs = Date.now();
    return true;
  };

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
    if (request.routeOptions.config.idempotent === 'in-transaction') {
      // The stored answer, the duplicate-submit check and the claim are the handler's, inside its
      // transaction (claimInTransaction); a handler refusing before it looks the answer up with
      // findStoredAnswer, so a replay still gets the first answer.
      request.idempotency = { userId, key, requestHash, mode: 'deferred', stored: false };
      return;
    }

    // Committed answers only (the read connection on SQLite): a request still in flight is met by
    // the claim below.
    const stored = await readStored(ctx, userId, key);
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
    request.idempotency = { userId, key, requestHash, mode: 'claimed', stored: false };
    if (purgeDue()) {
      await db
        .deleteFrom('idempotencyKeys')
        .where('createdAt', '<', nowMs - KEEP_MS)
        .execute();
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    if (claim.mode === 'deferred') {
      // A refusal is an answer too (nothing was written, so it is stored on its own); conflicts,
      // duplicate submits and rate limits are not: the key stays free for a retry.
      const status = reply.statusCode;
      if (!claim.stored && status >= 400 && status < 500 && status !== 409 && status !== 429) {
        await ctx.database.db
          .insertInto('idempotencyKeys')
          .values({
            userId: claim.userId,
            key: claim.key,
            requestHash: claim.requestHash,
            statusCode: status,
            responseBody: typeof payload === 'string' ? payload : String(payload),
            createdAt: ctx.clock.nowMs(),
          })
          .onConflict((oc) => oc.columns(['userId', 'key']).doNothing())
          .execute();
      }
      if (purgeDue()) {
        await ctx.database.db
          .deleteFrom('idempotencyKeys')
          .where('createdAt', '<', ctx.clock.nowMs() - KEEP_MS)
          .execute();
      }
      return payload;
    }
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

function readStored(ctx: AppContext, userId: number, key: string) {
  return readRunner(ctx.database).get<{ requestHash: string; statusCode: number | null; responseBody: string | null }>(
    `select request_hash as "requestHash", status_code as "statusCode", response_body as "responseBody"
     from idempotency_keys where user_id = ? and key = ?`,
    [userId, key],
  );
}

/**
 * For `idempotent: 'in-transaction'` routes that refuse before their transaction (a wrong trading
 * password, say): the answer already stored under this key and body, which a replay must get
 * instead; IDEMPOTENCY_KEY_REUSED for another body; null when there is none.
 */
export async function findStoredAnswer(ctx: AppContext, claim: IdempotencyClaim): Promise<StoredAnswer | null> {
  const stored = await readStored(ctx, claim.userId, claim.key);
  if (!stored || stored.statusCode === null || stored.responseBody === null) return null;
  if (stored.requestHash !== claim.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return { statusCode: Number(stored.statusCode), body: stored.responseBody };
}

/**
 * For `idempotent: 'in-transaction'` routes, the first thing their transaction does: claims the key
 * (a row that commits or rolls back with the handler's work). A key answered meanwhile — a
 * concurrent retry; on PostgreSQL the claim waits for that transaction — gives its stored answer
 * back; the same request under another key within the duplicate-submit window is DUPLICATE_SUBMIT.
 * Otherwise the handler goes on and must call storeInTransaction before its transaction ends.
 */
export async function claimInTransaction(
  run: SqlRunner,
  claim: IdempotencyClaim,
  options: { nowMs: number; duplicateWindowMs: number },
): Promise<StoredAnswer | null> {
  // SQLite runs one writer at a time, so a look-up is enough and the answer is inserted at the end
  // (one write). On PostgreSQL the claim is inserted first, so a concurrent request with the same
  // key waits for this transaction and then finds its answer.
  const claimed =
    run.dialect === 'sqlite'
      ? 1
      : await run.run(
          `insert into idempotency_keys (user_id, key, request_hash, created_at) values (?, ?, ?, ?)
           on conflict (user_id, key) do nothing`,
          [claim.userId, claim.key, claim.requestHash, options.nowMs],
        );
  const stored =
    claimed === 0 || run.dialect === 'sqlite'
      ? await run.get<{ requestHash: string; statusCode: number | null; responseBody: string | null }>(
          `select request_hash as "requestHash", status_code as "statusCode", response_body as "responseBody"
           from idempotency_keys where user_id = ? and key = ?`,
          [claim.userId, claim.key],
        )
      : undefined;
  if (claimed === 0 && !stored) throw new AppError('CONFLICT');
  if (stored) {
    if (stored.requestHash !== claim.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (stored.statusCode === null || stored.responseBody === null) throw new AppError('CONFLICT');
    return { statusCode: Number(stored.statusCode), body: stored.responseBody };
  }
  if (options.duplicateWindowMs > 0) {
    const recent = await run.get<{ key: string }>(
      `select key from idempotency_keys
       where user_id = ? and request_hash = ? and created_at > ? and key <> ? limit 1`,
      [claim.userId, claim.requestHash, options.nowMs - options.duplicateWindowMs, claim.key],
    );
    if (recent) throw new AppError('DUPLICATE_SUBMIT');
  }
  return null;
}

/**
 * Stores a deferred claim's answer in the handler's transaction: it commits with the write or not at
 * all. The handler marks `claim.stored` once that transaction has committed.
 */
export async function storeInTransaction(
  run: SqlRunner,
  claim: IdempotencyClaim,
  answer: StoredAnswer & { nowMs: number },
): Promise<void> {
  if (run.dialect === 'sqlite') {
    await run.run(
      `insert into idempotency_keys (user_id, key, request_hash, status_code, response_body, created_at)
       values (?, ?, ?, ?, ?, ?)`,
      [claim.userId, claim.key, claim.requestHash, answer.statusCode, answer.body, answer.nowMs],
    );
    return;
  }
  const updated = await run.run(
    'update idempotency_keys set status_code = ?, response_body = ? where user_id = ? and key = ?',
    [answer.statusCode, answer.body, claim.userId, claim.key],
  );
  if (updated !== 1) throw new Error('storeInTransaction needs the claim of claimInTransaction');
}
