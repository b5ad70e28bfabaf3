import type { Language } from '@bourse/shared/languages';
import { translate, type MessageKey, type MessageParams } from '@bourse/shared/i18n/index';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect, Trx } from './db/database.ts';
import { insertMany } from './db/sql-runner.ts';

export interface Notification {
  channel: 'sms';
  recipient: string;
  userId: number | null;
  template: MessageKey;
  params: MessageParams;
  lang: Language;
}

/** Delivers messages to people (SMS now; e-mail and push later). Real gateways implement this. */
export interface Notifier {
  /** Queues the message in the caller's transaction, so it goes out only if the business change commits. */
  send(db: Db | Trx, notification: Notification): Promise<void>;
  /**
   * Queues many messages at once in the caller's transaction (a draw's thousands of results): the
   * same as `send` for each, in fewer statements.
   */
  sendMany(db: Db | Trx, notifications: readonly Notification[]): Promise<void>;
}

/**
 * The development and sandbox sink: writes every message, rendered in the recipient's language,
 * to the outbox table (operators can read it) with its key and parameters (so it can be rendered
 * again in another language) and, outside production, to the log.
 */
export class OutboxNotifier implements Notifier {
  constructor(
    private readonly now: () => number,
    private readonly dialect: Dialect,
    private readonly log?: FastifyBaseLogger,
  ) {}

  send(db: Db | Trx, notification: Notification): Promise<void> {
    return this.sendMany(db, [notification]);
  }

  async sendMany(db: Db | Trx, notifications: readonly Notification[]): Promise<void> {
    const createdAt = this.now();
    const rows = notifications.map((notification) => ({
      channel: notification.channel,
      recipient: notification.recipient,
      userId: notification.userId,
      template: notification.template,
      params: JSON.stringify(notification.params),
      body: translate(notification.lang, notification.template, notification.params),
      createdAt,
    }));
    await insertMany(
      db,
      this.dialect,
      'outbox',
      ['channel', 'recipient', 'user_id', 'template', 'params', 'body', 'created_at'],
      ['text', 'text', 'bigint', 'text', 'text', 'text', 'bigint'],
      rows.map((row) => [row.channel, row.recipient, row.userId, row.template, row.params, row.body, row.createdAt]),
    );
    // One line per message while they are few; a summary for a batch (a draw notifies thousands).
    if (rows.length <= 10) {
      for (const row of rows) {
        this.log?.info(
          { outbox: { channel: row.channel, recipient: row.recipient, body: row.body } },
          'notification queued',
        );
      }
    } else {
      this.log?.info({ outbox: { messages: rows.length, template: rows[0]?.template } }, 'notifications queued');
    }
  }
}
