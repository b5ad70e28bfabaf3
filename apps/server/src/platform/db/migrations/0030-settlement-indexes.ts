import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * Fewer index writes where money is settled in bulk (an IPO draw settles a hundred thousand holds,
 * each with its entry and its investor's message; issue 13), keeping every index a query reads:
 *
 * - `journal_entries_reference_idx` (reference type and id) is dropped: no query looks entries up by
 *   their reference, yet every entry wrote it.
 * - `holds_user_idx` (user, status) becomes `holds_open_user_idx` (user) of the open holds only: the
 *   queries ask for a user's open holds (`openHoldCount`) and the open holds by user (`ledger:verify`);
 *   closing a hold now removes its entry instead of moving it.
 * - `messages_announcement_idx` (announcement, read) keeps the announcements' copies only: the read
 *   count of an announcement is its one query; a notification (no announcement) wrote an entry too.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('journal_entries_reference_idx').execute();
  await db.schema.dropIndex('holds_user_idx').execute();
  await sql`create index holds_open_user_idx on holds (user_id) where status = 'open'`.execute(db);
  await db.schema.dropIndex('messages_announcement_idx').execute();
  await sql`create index messages_announcement_idx on messages (announcement_id, read_at)
            where announcement_id is not null`.execute(db);
}
