import type { Db, Trx } from '../../platform/db/database.ts';

/** The privacy domain's SQL: requests to close an account (`closure_requests`, migration 0020). */

type Executor = Db | Trx;

export function insertClosureRequest(db: Executor, input: { userId: number; reason: string | null; nowMs: number }) {
  return db
    .insertInto('closureRequests')
    .values({ userId: input.userId, reason: input.reason, createdAt: input.nowMs })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The investor's latest request, whatever its status. */
export function latestClosureOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('closureRequests')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function closuresOfUser(db: Executor, userId: number) {
  return db.selectFrom('closureRequests').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

export function findClosure(db: Executor, id: number) {
  return db.selectFrom('closureRequests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a pending request to its decision; false when it was no longer pending. */
export async function decideClosure(
  db: Executor,
  input: {
    id: number;
    status: 'completed' | 'rejected' | 'withdrawn';
    rejectReason: string | null;
    decidedBy: number | null;
    nowMs: number;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('closureRequests')
    .set({
      status: input.status,
      rejectReason: input.rejectReason,
      decidedBy: input.decidedBy,
      decidedAt: input.nowMs,
    })
    .where('id', '=', input.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A page of requests: `pending` oldest first (the queue), anything else newest first. */
export async function pageClosures(db: Db, filter: { status?: string | undefined; limit: number; offset: number }) {
  let base = db.selectFrom('closureRequests');
  if (filter.status) base = base.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', filter.status === 'pending' ? 'asc' : 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
