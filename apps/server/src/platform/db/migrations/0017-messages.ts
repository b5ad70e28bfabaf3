import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * The message centre (issue 15):
 *
 * - `announcements`: what an operator published, its texts per language (JSON `{ lang: { title,
 *   body } }`, the fallback language always present), its audience (JSON) and how many investors it
 *   reached.
 * - `messages`: one row per investor and message, newest by id. A notification keeps its template
 *   key and parameters (JSON) and is rendered when read, in the reader's language; an announcement's
 *   row points at the announcement (fanned out at publish). `read_at` is null while unread; the
 *   partial index keeps the badge's count to the unread rows of one investor.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (name: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id('announcements')
    .addColumn('texts', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull().check(sql`recipients >= 0`))
    .addColumn('created_by', 'bigint', (c) => c.notNull().references('operators.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await id('messages')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull().check(sql`kind in ('notification', 'announcement')`))
    .addColumn('template', 'varchar(80)')
    .addColumn('params', 'text')
    .addColumn('announcement_id', 'bigint', (c) => c.references('announcements.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addCheckConstraint(
      'messages_kind_source',
      sql`(kind = 'notification' and template is not null and params is not null and announcement_id is null)
        or (kind = 'announcement' and announcement_id is not null and template is null)`,
    )
    .execute();
  await db.schema.createIndex('messages_user_idx').on('messages').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('messages_unread_idx')
    .on('messages')
    .column('user_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('messages_announcement_idx')
    .on('messages')
    .columns(['announcement_id', 'read_at'])
    .execute();
}
