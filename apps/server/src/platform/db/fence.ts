import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'kysely';
import type { Dialect, Trx } from './database.ts';

/** The lease a piece of work runs under and the fencing token it was granted with. */
export interface Fence {
  lease: string;
  token: number;
}

/** Thrown inside a fenced transaction when the lease has been taken over since the work began. */
export class LeaseLostError extends Error {
  constructor(
    readonly lease: string,
    readonly token: number,
    readonly current: number | null,
  ) {
    super(`lease ${lease} was taken over (token ${token}, now ${current ?? 'none'}): the work is not committed`);
    this.name = 'LeaseLostError';
  }
}

const fences = new AsyncLocalStorage<Fence>();

/**
 * Runs `work` under `fence`: every transaction it opens through `DatabaseHandle.transaction` —
 * however deep, in whichever domain or money-write pipeline — first checks that the lease still
 * carries the token, and is refused with LeaseLostError otherwise. The jobs themselves know nothing
 * of it.
 */
export function runFenced<T>(fence: Fence, work: () => Promise<T>): Promise<T> {
  return fences.run(fence, work);
}

/** The fence of the work in progress, if any. */
export function currentFence(): Fence | undefined {
  return fences.getStore();
}

/**
 * The check each transaction makes first when it runs under a fence. On PostgreSQL the lease row is
 * read `FOR SHARE`: a takeover's UPDATE waits until this transaction ends, so the work either
 * commits before the new holder starts or sees the new token and rolls back. SQLite has one writer
 * (BEGIN IMMEDIATE), which gives the same order.
 */
export async function checkFence(trx: Trx, dialect: Dialect): Promise<void> {
  const fence = currentFence();
  if (!fence) return;
  const lock = dialect === 'postgres' ? sql` for share` : sql``;
  const { rows } = await sql<{ token: number | string }>`
    select fencing_token as token from job_leases where name = ${fence.lease}${lock}`.execute(trx);
  const current = rows[0] ? Number(rows[0].token) : null;
  if (current !== fence.token) throw new LeaseLostError(fence.lease, fence.token, current);
}
