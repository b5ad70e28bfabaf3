import type { Db, Trx } from '../../platform/db/database.ts';

type Executor = Db | Trx;

export function findUserById(db: Executor, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks the user's row for the rest of the transaction (PostgreSQL: `for update`). */
export async function lockUserRow(trx: Trx, id: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
}
