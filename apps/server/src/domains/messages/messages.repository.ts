import type { Db, Dialect, Trx } from '../../platform/db/database.ts';
import { insertMany, type SqlValue } from '../../platform/db/sql-runner.ts';

/** The message centre's SQL: the `messages` and `announcements` tables (migration 0017). */

type Executor = Db | Trx;

const COLUMNS = ['user_id', 'kind', 'template', 'params', 'announcement_id', 'created_at'] as const;
const TYPES = ['bigint', 'text', 'text', 'text', 'bigint', 'bigint'] as const;

export interface NewMessage {
  userId: number;
  kind: 'notification' | 'announcement';
  template: string | null;
  params: string | null;
  announcementId: number | null;
  createdAt: number;
}

/** Inserts many messages in the caller's transaction, in few statements (a draw notifies thousands). */
export async function insertMessages(trx: Executor, dialect: Dialect, rows: readonly NewMessage[]): Promise<void> {
  if (rows.length === 0) return;
  await insertMany(
    trx,
    dialect,
    'messages',
    COLUMNS,
    [...TYPES],
    rows.map((row): SqlValue[] => [row.userId, row.kind, row.template, row.params, row.announcementId, row.createdAt]),
  );
}

/** One page of an investor's messages, newest first, each with its announcement's texts when it is one. */
export function pageMessages(db: Executor, userId: number, page: { limit: number; offset: number }) {
  return db
    .selectFrom('messages as m')
    .leftJoin('announcements as a', 'a.id', 'm.announcementId')
    .select(['m.id', 'm.kind', 'm.template', 'm.params', 'm.createdAt', 'm.readAt', 'a.texts'])
    .where('m.userId', '=', userId)
    .orderBy('m.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countMessages(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The investor's unread messages (the partial index `messages_unread_idx`). */
export async function countUnread(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether this message is the investor's. */
export async function isOwnMessage(db: Executor, userId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks one of the investor's messages read (once: a read message keeps its first read time). */
export async function markRead(trx: Executor, userId: number, id: number, nowMs: number): Promise<void> {
  await trx
    .updateTable('messages')
    .set({ readAt: nowMs })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .execute();
}

/** Marks every unread message of the investor read; answers how many were. */
export async function markAllRead(trx: Executor, userId: number, nowMs: number): Promise<number> {
  const result = await trx
    .updateTable('messages')
    .set({ readAt: nowMs })
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertAnnouncement(
  trx: Trx,
  values: { texts: string; audience: string; recipients: number; createdBy: number; createdAt: number },
): Promise<number> {
  const row = await trx.insertInto('announcements').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A page of announcements, newest first, with how many of their copies have been read. */
export async function pageAnnouncements(db: Db, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('announcements as a')
      .select((eb) => [
        'a.id',
        'a.texts',
        'a.audience',
        'a.recipients',
        'a.createdBy',
        'a.createdAt',
        eb
          .selectFrom('messages as m')
          .select((sub) => sub.fn.countAll<string>().as('n'))
          .whereRef('m.announcementId', '=', 'a.id')
          .where('m.readAt', 'is not', null)
          .as('readCount'),
      ])
      .orderBy('a.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('announcements')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
