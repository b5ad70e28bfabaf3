import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { rebuildSqliteTable } from '../sqlite-rebuild.ts';

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
  // SQLite cannot drop a table constraint: the table is rebuilt without it.
  await rebuildSqliteTable(db, 'orders', (ddl) => {
    if (!ddl.includes(REQUEST_KEY_UNIQUE)) throw new Error('orders: the request key constraint was not found');
    return ddl.replace(REQUEST_KEY_UNIQUE, '');
  });
}
