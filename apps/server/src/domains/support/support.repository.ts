import type { Selectable } from 'kysely';
import type { Db, Trx } from '../../platform/db/database.ts';
import type {
  SupportAttachmentsTable,
  SupportCannedRepliesTable,
  SupportConversationsTable,
  SupportMessagesTable,
} from '../../platform/db/schema.ts';

/** The support domain's SQL: conversations, messages, attachments and canned replies. */

type Executor = Db | Trx;
export type ConversationRow = Selectable<SupportConversationsTable>;
export type MessageRow = Selectable<SupportMessagesTable>;
export type AttachmentRow = Selectable<SupportAttachmentsTable>;
export type CannedRow = Selectable<SupportCannedRepliesTable>;

export function findOpenConversation(db: Executor, userId: number): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('supportConversations')
    .selectAll()
    .where('userId', '=', userId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

export function findConversation(db: Executor, id: number): Promise<ConversationRow | undefined> {
  return db.selectFrom('supportConversations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The investor's latest conversation (open or the last closed one). */
export function findLatestConversation(db: Executor, userId: number): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('supportConversations')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertConversation(trx: Trx, userId: number, nowMs: number): Promise<ConversationRow> {
  return trx
    .insertInto('supportConversations')
    .values({
      userId,
      status: 'open',
      assignedOperatorId: null,
      createdAt: nowMs,
      lastMessageAt: nowMs,
      closedAt: null,
      closedBy: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertMessage(trx: Trx, message: Omit<MessageRow, 'id'>): Promise<MessageRow> {
  return trx.insertInto('supportMessages').values(message).returningAll().executeTakeFirstOrThrow();
}

/** Counts a new message as unread for the side that did not write it and moves the conversation's time. */
export async function touchConversation(
  trx: Trx,
  id: number,
  change: { nowMs: number; unreadFor: 'investor' | 'operator' },
): Promise<void> {
  await trx
    .updateTable('supportConversations')
    .set((eb) =>
      change.unreadFor === 'investor'
        ? { lastMessageAt: change.nowMs, unreadInvestor: eb('unreadInvestor', '+', 1) }
        : { lastMessageAt: change.nowMs, unreadOperator: eb('unreadOperator', '+', 1) },
    )
    .where('id', '=', id)
    .execute();
}

export async function markRead(trx: Executor, id: number, side: 'investor' | 'operator'): Promise<void> {
  await trx
    .updateTable('supportConversations')
    .set(side === 'investor' ? { unreadInvestor: 0 } : { unreadOperator: 0 })
    .where('id', '=', id)
    .execute();
}

export async function assign(trx: Trx, id: number, operatorId: number): Promise<void> {
  await trx.updateTable('supportConversations').set({ assignedOperatorId: operatorId }).where('id', '=', id).execute();
}

/** Closes an open conversation; false when it was not open. */
export async function close(trx: Trx, id: number, change: { nowMs: number; operatorId: number }): Promise<boolean> {
  const result = await trx
    .updateTable('supportConversations')
    .set({ status: 'closed', closedAt: change.nowMs, closedBy: change.operatorId })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Messages of all the investor's conversations, newest first, below `before`. */
export function pageInvestorMessages(
  db: Executor,
  userId: number,
  page: { before: number | undefined; limit: number },
): Promise<MessageRow[]> {
  let query = db
    .selectFrom('supportMessages as m')
    .innerJoin('supportConversations as c', 'c.id', 'm.conversationId')
    .selectAll('m')
    .where('c.userId', '=', userId);
  if (page.before !== undefined) query = query.where('m.id', '<', page.before);
  return query.orderBy('m.id', 'desc').limit(page.limit).execute();
}

/** Every conversation of the investor and every line in them, oldest first (the data export). */
export async function conversationsOfUser(
  db: Executor,
  userId: number,
): Promise<{ conversations: ConversationRow[]; messages: MessageRow[] }> {
  const conversations = await db
    .selectFrom('supportConversations')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('id', 'asc')
    .execute();
  const messages = await db
    .selectFrom('supportMessages as m')
    .innerJoin('supportConversations as c', 'c.id', 'm.conversationId')
    .selectAll('m')
    .where('c.userId', '=', userId)
    .orderBy('m.id', 'asc')
    .execute();
  return { conversations, messages };
}

export function conversationMessages(db: Executor, conversationId: number): Promise<MessageRow[]> {
  return db
    .selectFrom('supportMessages')
    .selectAll()
    .where('conversationId', '=', conversationId)
    .orderBy('id', 'asc')
    .execute();
}

/** The last message of each conversation. */
export async function lastMessages(db: Executor, conversationIds: readonly number[]): Promise<Map<number, MessageRow>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('supportMessages')
    .selectAll()
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('supportMessages')
        .select((s) => s.fn.max('id').as('id'))
        .where('conversationId', 'in', conversationIds)
        .groupBy('conversationId'),
    )
    .execute();
  return new Map(rows.map((row) => [Number(row.conversationId), row]));
}

export type Box = 'unassigned' | 'mine' | 'closed';

function boxQuery(db: Executor, box: Box, operatorId: number) {
  const query = db.selectFrom('supportConversations');
  if (box === 'closed') return query.where('status', '=', 'closed');
  const open = query.where('status', '=', 'open');
  return box === 'mine'
    ? open.where('assignedOperatorId', '=', operatorId)
    : open.where('assignedOperatorId', 'is', null);
}

export async function pageConversations(
  db: Executor,
  input: { box: Box; operatorId: number; limit: number; offset: number },
): Promise<{ rows: ConversationRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    boxQuery(db, input.box, input.operatorId)
      .selectAll()
      .orderBy('lastMessageAt', 'desc')
      .orderBy('id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    boxQuery(db, input.box, input.operatorId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Unread investor messages over a box. */
export async function unreadInBox(db: Executor, box: Box, operatorId: number): Promise<number> {
  const row = await boxQuery(db, box, operatorId)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('unreadOperator'), eb.val(0)).as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAttachment(trx: Executor, row: Omit<AttachmentRow, 'id'>): Promise<AttachmentRow> {
  return trx.insertInto('supportAttachments').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findAttachment(db: Executor, id: number): Promise<AttachmentRow | undefined> {
  return db.selectFrom('supportAttachments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether a message already carries this attachment. */
export async function attachmentUsed(db: Executor, attachmentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('supportMessages')
    .select('id')
    .where('attachmentId', '=', attachmentId)
    .executeTakeFirst();
  return row !== undefined;
}

export function listCanned(db: Executor): Promise<CannedRow[]> {
  return db.selectFrom('supportCannedReplies').selectAll().orderBy('id').execute();
}

export function findCanned(db: Executor, id: number): Promise<CannedRow | undefined> {
  return db.selectFrom('supportCannedReplies').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertCanned(trx: Executor, row: Omit<CannedRow, 'id'>): Promise<CannedRow> {
  return trx.insertInto('supportCannedReplies').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateCanned(
  trx: Trx,
  id: number,
  change: { translations: string; updatedAt: number; updatedBy: number },
): Promise<boolean> {
  const result = await trx.updateTable('supportCannedReplies').set(change).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteCanned(trx: Trx, id: number): Promise<boolean> {
  const result = await trx.deleteFrom('supportCannedReplies').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
