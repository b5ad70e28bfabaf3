import type { Db, Trx } from '../../platform/db/database.ts';

type Executor = Db | Trx;

export function findUserById(db: Executor, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
