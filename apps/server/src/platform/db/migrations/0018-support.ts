import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * Customer-service chat (issue 15):
 *
 * - `support_conversations`: one per investor and episode, `open` until an operator closes it (at most
 *   one open per investor, by a partial unique index); the operator it is assigned to; the unread
 *   counts of each side (operator messages the investor has not read, investor messages no operator has).
 * - `support_messages`: the chat lines, by the investor or an operator, text (plain text, ≤ 2000) and/or
 *   one image attachment.
 * - `support_attachments`: re-encoded images under UPLOAD_DIR/support, owned by the investor whose
 *   conversation they belong to (uploaded by them or by an operator for them).
 * - `support_canned_replies`: an operator's prepared answers, a title and text per language (JSON).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (name: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id('support_conversations')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('open', 'closed')`))
    .addColumn('assigned_operator_id', 'bigint', (c) => c.references('operators.id'))
    .addColumn('unread_investor', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`unread_investor >= 0`),
    )
    .addColumn('unread_operator', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`unread_operator >= 0`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_message_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .addColumn('closed_by', 'bigint', (c) => c.references('operators.id'))
    .execute();
  await db.schema
    .createIndex('support_conversations_one_open')
    .on('support_conversations')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema
    .createIndex('support_conversations_box_idx')
    .on('support_conversations')
    .columns(['status', 'assigned_operator_id', 'last_message_at'])
    .execute();

  await id('support_attachments')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('file', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by_operator', 'bigint', (c) => c.references('operators.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await id('support_messages')
    .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('support_conversations.id'))
    .addColumn('author', 'varchar(10)', (c) => c.notNull().check(sql`author in ('investor', 'operator')`))
    .addColumn('operator_id', 'bigint', (c) => c.references('operators.id'))
    .addColumn('text', 'text')
    .addColumn('attachment_id', 'bigint', (c) => c.references('support_attachments.id').unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('support_messages_has_content', sql`text is not null or attachment_id is not null`)
    .addCheckConstraint('support_messages_operator_author', sql`(author = 'operator') = (operator_id is not null)`)
    .execute();
  await db.schema
    .createIndex('support_messages_conversation_idx')
    .on('support_messages')
    .columns(['conversation_id', 'id'])
    .execute();

  await id('support_canned_replies')
    .addColumn('translations', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'bigint', (c) => c.references('operators.id'))
    .execute();
}
