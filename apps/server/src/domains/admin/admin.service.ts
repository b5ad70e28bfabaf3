import type { Db } from '../../platform/db/database.ts';
import { pageOutbox } from './admin.repository.ts';

/** A page of the outbox (the messages the notifier sent), newest first, as the console shows it. */
export async function listOutbox(db: Db, page: { page: number; pageSize: number }) {
  const { rows, total } = await pageOutbox(db, { limit: page.pageSize, offset: (page.page - 1) * page.pageSize });
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      channel: row.channel,
      recipient: row.recipient,
      template: row.template,
      body: row.body,
      createdAt: new Date(row.createdAt).toISOString(),
    })),
    total,
    page: page.page,
    pageSize: page.pageSize,
  };
}
