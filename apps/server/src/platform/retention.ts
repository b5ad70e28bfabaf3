import { sql, type RawBuilder } from 'kysely';
import type { DatabaseHandle } from './db/database.ts';

/** Rows removed per transaction on PostgreSQL (row locks: other writers go on beside it). */
export const RETENTION_BATCH = 500;

/**
 * Rows removed per transaction on SQLite: one writer at a time, so an order waiting behind a batch
 * waits for all of it. 500 stored Idempotency-Key answers (~780 bytes each, with their index) took
 * ~30 ms each on the loaded machine (2,000 batches in 61 s); 200 keep the wait shorter.
 */
export const RETENTION_BATCH_SQLITE = 200;

/**
 * The pause between two batches (real time). Yielding one turn of the event loop was not enough: on
 * SQLite the purge runs on the main thread, and the write lock lets main-thread writers go before
 * the order writer thread (write-lock.ts), so the next batch, usually waiting again before the
 * writer thread woke, went first and order placement stalled while the purge ran (p99 175–523 ms →
 * 619–1,530 ms, docs/performance.md). A pause leaves the lock free for the orders queued meanwhile.
 * A million expired answers take 5,000 batches: some 100 s of pauses, in a job that runs every ten
 * minutes.
 */
export const RETENTION_PAUSE_MS = 20;

/**
 * A rate-limit row stops mattering once its window has passed and its lock has ended. Every policy's
 * window and lock are at most 24 hours (LOGIN_LOCK_MINUTES ≤ 1440; `recordFailure` checks), so a
 * row whose window started 48 hours ago is dead unless a lock was renewed since — which the lock's
 * own end, also checked, covers.
 */
export const THROTTLE_STALE_MS = 48 * 60 * 60 * 1000;

/** What the clean-up removes, each judged at the instant given in `PurgeCutoffs`. */
export interface PurgeCutoffs {
  /** Idempotency-Key answers stored at or before this instant (now − the retention window). */
  idempotencyBefore: number;
  /** Sent notifications (the outbox) stored at or before this instant (now − the outbox window). */
  outboxBefore: number;
  /** Now: replay nonces that expired and rate-limit rows that went stale by then. */
  nowMs: number;
}

export interface PurgeCounts {
  idempotencyKeys: number;
  nonces: number;
  throttles: number;
  outbox: number;
  batches: number;
}

interface Target {
  name: Exclude<keyof PurgeCounts, 'batches'>;
  table: string;
  /** The columns the batch is chosen by (a primary key, or a unique column). */
  key: string[];
  expired: (cutoffs: PurgeCutoffs) => RawBuilder<unknown>;
  /** Oldest first where the key grows with time. */
  order?: string;
}

const TARGETS: Target[] = [
  {
    name: 'idempotencyKeys',
    table: 'idempotency_keys',
    key: ['user_id', 'key'],
    expired: (c) => sql`created_at <= ${c.idempotencyBefore}`,
  },
  { name: 'nonces', table: 'used_nonces', key: ['nonce'], expired: (c) => sql`expires_at <= ${c.nowMs}` },
  {
    name: 'throttles',
    table: 'throttles',
    key: ['key'],
    expired: (c) =>
      sql`window_started_at <= ${c.nowMs - THROTTLE_STALE_MS} and (locked_until is null or locked_until <= ${c.nowMs})`,
  },
  { name: 'outbox', table: 'outbox', key: ['id'], expired: (c) => sql`created_at <= ${c.outboxBefore}`, order: 'id' },
];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface PurgeOptions {
  /** Rows per transaction (default: RETENTION_BATCH_SQLITE on SQLite, RETENTION_BATCH on PostgreSQL). */
  batchSize?: number;
  /** The pause between two transactions, real ms (default RETENTION_PAUSE_MS). */
  pauseMs?: number;
  /** How to pause (tests count the pauses); a timer by default. */
  pause?: (ms: number) => Promise<void>;
}

/**
 * Removes what the retention rules let go, `batchSize` rows per transaction, pausing between
 * transactions so the writes waiting meanwhile (order placement above all) go first. Safe to run
 * twice or concurrently: a batch deletes only rows that are still there and still expired.
 */
export async function purgeExpired(
  database: DatabaseHandle,
  cutoffs: PurgeCutoffs,
  options: PurgeOptions = {},
): Promise<PurgeCounts> {
  const batchSize = options.batchSize ?? (database.dialect === 'sqlite' ? RETENTION_BATCH_SQLITE : RETENTION_BATCH);
  const pauseMs = options.pauseMs ?? RETENTION_PAUSE_MS;
  const pause = options.pause ?? sleep;
  const counts: PurgeCounts = { idempotencyKeys: 0, nonces: 0, throttles: 0, outbox: 0, batches: 0 };
  for (const target of TARGETS) {
    for (;;) {
      const result = await database.transaction((trx) =>
        sql`delete from ${sql.table(target.table)} where (${sql.raw(target.key.join(', '))}) in (
              select ${sql.raw(target.key.join(', '))} from ${sql.table(target.table)}
              where ${target.expired(cutoffs)}
              ${target.order ? sql.raw(`order by ${target.order}`) : sql``}
              limit ${batchSize})`.execute(trx),
      );
      const removed = Number(result.numAffectedRows ?? 0);
      counts[target.name] += removed;
      if (removed > 0) counts.batches++;
      if (removed < batchSize) break;
      await pause(pauseMs);
    }
  }
  return counts;
}
