import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

const REQUEST_KEY_UNIQUE = ', constraint "orders_request_key_unique" unique ("user_id", "request_key")';

/**
 * Two indexes every order paid for at a random place (docs/performance.md, "Object spreads in the
 * order path", the 500-investor runs): each insert landed on a random leaf of the investor's part of
 * the index, so as the tables grew every order dirtied leaves of its own.
 *
 * - The orders' unique (user, request key) repeated the Idempotency-Key's primary key (user, key):
 *   the order and its key's claim are written in one transaction, so the claim already refuses a
 *   second order under the same key. Dropped (on SQLite by rebuilding the table, the only way).
 * - The duplicate-submit check (same body, another key, within DUPLICATE_SUBMIT_WINDOW_MS) looked up
 *   (user, request hash, created at); it now reads the investor's keys of the last moments through
 *   (user, created at), which every insert appends at the investor's end of the index.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('idempotency_keys_recent_idx').execute();
  await db.schema
    .createIndex('idempotency_keys_user_time_idx')
    .on('idempotency_keys')
    .columns(['user_id', 'created_at'])
    .execute();

  if (dialect === 'postgres') {
    await db.schema.alterTable('orders').dropConstraint('orders_request_key_unique').execute();
    return;
  }
  await rebuildOrdersWithoutRequestKeyUnique(db);
}

/**
 * SQLite cannot drop a table constraint: the table is rebuilt as its documentation describes
 * (https://www.sqlite.org/lang_altertable.html, "making other kinds of table schema changes") — with
 * foreign keys off, in one transaction: a copy without the constraint, the rows, the old table
 * dropped, the copy renamed, its indexes and its AUTOINCREMENT counter restored, and the foreign
 * keys of every table checked before COMMIT.
 */
async function rebuildOrdersWithoutRequestKeyUnique(db: Kysely<any>): Promise<void> {
  const table = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'orders'`.execute(db);
  const ddl = table.rows[0]?.sql;
  if (!ddl?.includes(REQUEST_KEY_UNIQUE)) throw new Error('orders: the request key constraint was not found');
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'orders' and sql is not null`.execute(db);
  const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'orders'`.execute(db);

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql
        .raw(ddl.replace(REQUEST_KEY_UNIQUE, '').replace('CREATE TABLE "orders"', 'CREATE TABLE "orders_rebuilt"'))
        .execute(db);
      await sql`insert into orders_rebuilt select * from orders`.execute(db);
      await sql`drop table orders`.execute(db);
      await sql`alter table orders_rebuilt rename to orders`.execute(db);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
      const seq = sequence.rows[0]?.seq;
      if (seq !== undefined) await sql`update sqlite_sequence set seq = ${seq} where name = 'orders'`.execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`orders rebuild: ${broken.rows.length} broken foreign keys`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
