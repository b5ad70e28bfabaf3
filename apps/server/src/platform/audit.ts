import type { AuditEntry } from '@bourse/shared/schemas/admin';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import type { Db, Trx } from './db/database.ts';
import { operatorOf } from './fastify-types.ts';

export interface AuditRecord {
  operatorId: number | null;
  operatorUsername: string | null;
  action: string;
  target?: string | null;
  details?: Record<string, unknown> | null;
  ip: string | null;
  atMs: number;
}

/** Appends one line to the audit log, in the caller's transaction (the table refuses updates and deletes). */
export async function appendAudit(db: Db | Trx, record: AuditRecord): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      at: record.atMs,
      operatorId: record.operatorId,
      operatorUsername: record.operatorUsername,
      action: record.action,
      target: record.target ?? null,
      details: record.details ? JSON.stringify(record.details) : null,
      ip: record.ip,
    })
    .execute();
}

/**
 * Runs an operator's change and its audit line in one transaction: no change without its record,
 * no record of a change that did not happen.
 */
export async function auditedChange<T>(
  ctx: AppContext,
  request: FastifyRequest,
  entry: {
    action: string;
    /** What the change acted on; may depend on the change's result (a code drawn inside it). */
    target: string | null | ((result: NoInfer<T>) => string);
    /** What the line records beyond the target; may depend on the change's result. */
    details: Record<string, unknown> | null | ((result: NoInfer<T>) => Record<string, unknown> | null);
  },
  change: (trx: Trx, nowMs: number) => Promise<T>,
): Promise<T> {
  const operator = operatorOf(request);
  const nowMs = ctx.clock.nowMs();
  return ctx.database.transaction(async (trx) => {
    const result = await change(trx, nowMs);
    await appendAudit(trx, {
      operatorId: operator.operatorId,
      operatorUsername: operator.username,
      action: entry.action,
      target: typeof entry.target === 'function' ? entry.target(result) : entry.target,
      details: typeof entry.details === 'function' ? entry.details(result) : entry.details,
      ip: request.ip ?? null,
      atMs: nowMs,
    });
    return result;
  });
}

export async function listAudit(db: Db, page: { page: number; pageSize: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('auditLog')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    db
      .selectFrom('auditLog')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const items: AuditEntry[] = rows.map((row) => ({
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    operator: row.operatorUsername,
    action: row.action,
    target: row.target,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
    ip: row.ip,
  }));
  return { items, total: Number(total.n), page: page.page, pageSize: page.pageSize };
}

/**
 * How far the simulated clock has been moved ahead in all: the sum of the audited
 * `clock.advance` lines (each written in the transaction of its advance). A restarted sandbox
 * starts its clock this far ahead of real time, where the killed or stopped process left it.
 */
export async function auditedClockAdvanceMs(db: Db): Promise<number> {
  const rows = await db.selectFrom('auditLog').select('details').where('action', '=', 'clock.advance').execute();
  let total = 0;
  for (const row of rows) {
    const ms = row.details ? (JSON.parse(row.details) as { ms?: unknown }).ms : undefined;
    if (typeof ms === 'number' && Number.isSafeInteger(ms) && ms > 0) total += ms;
  }
  return total;
}
