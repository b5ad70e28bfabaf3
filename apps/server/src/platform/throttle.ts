import type { Db, Trx } from './db/database.ts';
import { invariant } from './errors.ts';

/** The longest window or lock a policy may have: the retention job counts on it (THROTTLE_STALE_MS). */
export const THROTTLE_MAX_MS = 24 * 60 * 60 * 1000;

export interface ThrottlePolicy {
  maxFailures: number;
  lockMs: number;
  /** Failures older than this no longer count towards the limit. */
  windowMs: number;
}

/**
 * Failure counters keyed by what is being guessed at (a phone, an operator name). They exist for
 * keys with no account behind them too, so a lockout reveals nothing about who is registered.
 */
export async function lockedUntil(db: Db | Trx, key: string, nowMs: number): Promise<number | null> {
  const row = await db.selectFrom('throttles').select('lockedUntil').where('key', '=', key).executeTakeFirst();
  return row?.lockedUntil && row.lockedUntil > nowMs ? row.lockedUntil : null;
}

/** Counts a failure; returns the lock's end when this failure reached the limit. */
export async function recordFailure(
  db: Db | Trx,
  key: string,
  nowMs: number,
  policy: ThrottlePolicy,
): Promise<number | null> {
  invariant(policy.windowMs <= THROTTLE_MAX_MS && policy.lockMs <= THROTTLE_MAX_MS, 'a throttle lasts at most a day');
  const row = await db.selectFrom('throttles').selectAll().where('key', '=', key).executeTakeFirst();
  const fresh =
    !row || nowMs - row.windowStartedAt > policy.windowMs || (row.lockedUntil !== null && row.lockedUntil <= nowMs);
  const failures = fresh ? 1 : row.failures + 1;
  const windowStartedAt = fresh ? nowMs : row.windowStartedAt;
  const lock = failures >= policy.maxFailures ? nowMs + policy.lockMs : null;
  await db
    .insertInto('throttles')
    .values({ key, failures, windowStartedAt, lockedUntil: lock })
    .onConflict((oc) => oc.column('key').doUpdateSet({ failures, windowStartedAt, lockedUntil: lock }))
    .execute();
  return lock;
}

export async function clearFailures(db: Db | Trx, key: string): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}
