import type { Db, Trx } from '../../platform/db/database.ts';

type Executor = Db | Trx;

const columns = [
  'invitations.id',
  'invitations.code',
  'invitations.note',
  'invitations.maxUses',
  'invitations.uses',
  'invitations.status',
  'invitations.createdAt',
  'operators.username as createdBy',
] as const;

export function findByCode(db: Executor, code: string) {
  return db
    .selectFrom('invitations')
    .leftJoin('operators', 'operators.id', 'invitations.createdBy')
    .select(columns)
    .where('invitations.code', '=', code)
    .executeTakeFirst();
}

export function listPage(db: Executor, page: { limit: number; offset: number }) {
  return db
    .selectFrom('invitations')
    .leftJoin('operators', 'operators.id', 'invitations.createdBy')
    .select(columns)
    .orderBy('invitations.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countAll(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insert(
  db: Executor,
  row: { code: string; note: string | null; maxUses: number | null; createdAt: number; createdBy: number | null },
) {
  await db.insertInto('invitations').values(row).execute();
}

/** Takes one use of an active code with uses left, atomically; false when there is none to take. */
export async function takeUse(db: Executor, code: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('code', '=', code)
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('maxUses', 'is', null), eb('uses', '<', eb.ref('maxUses'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function disable(db: Executor, code: string, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ status: 'disabled', disabledAt: nowMs })
    .where('code', '=', code)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
