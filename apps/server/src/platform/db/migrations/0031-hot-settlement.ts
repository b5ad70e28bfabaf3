import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * Updates that write no index entries where money is settled in bulk (issue 13: the PostgreSQL write-
 * ahead log of a 100,000-subscription draw showed 26.6 index insertions per subscription, 12 of them
 * from rows whose indexed columns did not change):
 *
 * - `ipo_subscriptions_issue_idx` becomes (issue, id) without the status: settling a subscription
 *   changed an indexed column, so every index of the row got a new entry (SQLite: that index's entry
 *   moved). The draw reads an issue's unsettled subscriptions from a cursor (`afterId`), the other
 *   readers of an issue's subscriptions look at all of them anyway.
 * - PostgreSQL: `fillfactor = 50` on `ipo_subscriptions` and `ledger_accounts`, so an update finds
 *   room on its row's page and is a heap-only tuple (HOT: no index entry at all) — a draw updates
 *   every subscription once and two accounts per subscription; an account's balance changes with every
 *   movement. It applies to pages written from now on (a `VACUUM FULL` rewrites the old ones).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('ipo_subscriptions_issue_idx').execute();
  await db.schema
    .createIndex('ipo_subscriptions_issue_idx')
    .on('ipo_subscriptions')
    .columns(['issue_id', 'id'])
    .execute();
  if (dialect === 'postgres') {
    await sql`alter table ipo_subscriptions set (fillfactor = 50)`.execute(db);
    await sql`alter table ledger_accounts set (fillfactor = 50)`.execute(db);
  }
}
