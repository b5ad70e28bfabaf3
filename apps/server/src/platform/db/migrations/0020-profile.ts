import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { rebuildSqliteTable } from '../sqlite-rebuild.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

const OLD_STATUS = `status in ('active','frozen')`;
const NEW_STATUS = `status in ('active','frozen','closed')`;

/**
 * Account closure (issue 15):
 *
 * - `closure_requests`: an investor's request to close the account, with their optional reason;
 *   `pending` until an operator completes it (the account is then closed) or rejects it with a
 *   reason, or the investor withdraws it. At most one pending request per investor (partial unique
 *   index).
 * - `users.status` may be `closed`. The status is a CHECK: on PostgreSQL the constraint is replaced;
 *   on SQLite, which cannot alter a CHECK, the table is rebuilt (skipped when already done).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table users drop constraint users_status_check`.execute(db);
    await sql.raw(`alter table users add constraint users_status_check check (${NEW_STATUS})`).execute(db);
  } else {
    await rebuildSqliteTable(db, 'users', (ddl) => {
      if (ddl.includes(OLD_STATUS)) return ddl.replace(OLD_STATUS, NEW_STATUS);
      if (ddl.includes(NEW_STATUS)) return null;
      throw new Error('users: the status CHECK is neither the old one nor the new one');
    });
  }

  const table =
    dialect === 'postgres'
      ? db.schema.createTable('closure_requests').addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable('closure_requests').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending','completed','rejected','withdrawn')`),
    )
    .addColumn('reason', 'varchar(500)')
    .addColumn('reject_reason', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'bigint', (c) => c.references('operators.id'))
    .execute();
  await db.schema.createIndex('closure_requests_user_idx').on('closure_requests').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('closure_requests_status_idx').on('closure_requests').columns(['status', 'id']).execute();
  await sql`create unique index closure_requests_one_pending on closure_requests (user_id) where status = 'pending'`.execute(
    db,
  );
}
