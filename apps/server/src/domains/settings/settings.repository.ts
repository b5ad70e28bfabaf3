import type { Selectable } from 'kysely';
import type { Db, Dialect, Trx } from '../../platform/db/database.ts';
import type { SettingsChangesTable } from '../../platform/db/schema.ts';
import type { SqlRunner } from '../../platform/db/sql-runner.ts';

/** The settings domain's SQL: the stored settings and the changes waiting for a second operator. */

type Executor = Db | Trx;

export type SettingsChangeRow = Selectable<SettingsChangesTable>;

export function findSettingRows(db: Executor) {
  return db.selectFrom('settings').select(['key', 'value']).execute();
}

/** The stored settings through the caller's runner (prepared SQL on the order path). */
export function findSettingRowsVia(run: SqlRunner) {
  return run.all<{ key: string; value: string }>('select key, value from settings');
}

/** Stores one setting's value, inserting it the first time. */
export async function upsertSetting(
  trx: Trx,
  setting: { key: string; value: string; nowMs: number; operatorId: number | null },
): Promise<void> {
  const { key, value, nowMs, operatorId } = setting;
  await trx
    .insertInto('settings')
    .values({ key, value, updatedAt: nowMs, updatedBy: operatorId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: nowMs, updatedBy: operatorId }))
    .execute();
}

export async function insertSettingsChange(
  trx: Trx,
  values: { changes: string; proposedBy: number; proposedAt: number },
): Promise<number> {
  const row = await trx.insertInto('settingsChanges').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export function findSettingsChangeById(db: Executor, id: number): Promise<SettingsChangeRow | undefined> {
  return db.selectFrom('settingsChanges').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The change, locked for its decision on PostgreSQL (SQLite writers are serialized). */
export function lockSettingsChange(trx: Trx, dialect: Dialect, id: number): Promise<SettingsChangeRow | undefined> {
  const lock = trx.selectFrom('settingsChanges').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? lock.forUpdate() : lock).executeTakeFirst();
}

/** A page of changes (pending ones oldest first, the others newest first) and how many match. */
export async function pageSettingsChanges(
  db: Db,
  filter: { status?: string | undefined; page: number; pageSize: number },
): Promise<{ rows: SettingsChangeRow[]; total: number }> {
  let query = db.selectFrom('settingsChanges');
  if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', filter.status === 'pending' ? 'asc' : 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function decideSettingsChangeRow(
  trx: Trx,
  id: number,
  decision: { status: 'approved' | 'rejected'; decidedBy: number; decidedAt: number; reason: string | null },
): Promise<void> {
  await trx.updateTable('settingsChanges').set(decision).where('id', '=', id).execute();
}
