import type { Language } from '@bourse/shared/languages';
import { translate, type MessageKey, type MessageParams } from '@bourse/shared/i18n/index';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Trx } from './db/database.ts';

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
}

/**
 * The development and sandbox sink: writes every message, rendered in the recipient's language,
 * to the outbox table (operators can read it) and, outside production, to the log.
 */
export class OutboxNotifier implements Notifier {
  constructor(
    private readonly now: () => number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async send(db: Db | Trx, notification: Notification): Promise<void> {
    const body = translate(notification.lang, notification.template, notification.params);
    await db
      .insertInto('outbox')
      .values({
        channel: notification.channel,
        recipient: notification.recipient,
        userId: notification.userId,
        template: notification.template,
        body,
        createdAt: this.now(),
      })
      .execute();
    this.log?.info(
      { outbox: { channel: notification.channel, recipient: notification.recipient, body } },
      'notification queued',
    );
  }
}
