import { isLanguage, DEFAULT_LANGUAGE, type Language } from '@bourse/shared/languages';
import { translate, type MessageKey, type MessageParams } from '@bourse/shared/i18n/index';
import {
  ANNOUNCEMENT_FALLBACK,
  type Announcement,
  type AnnouncementAudience,
  type AnnouncementBody,
  type AnnouncementPage,
  type AnnouncementTexts,
  type Message,
  type MessageKind,
  type MessagePage,
  type MessagesQuery,
  type UnreadCount,
} from '@bourse/shared/schemas/messages';
import type { AppContext } from '../../platform/context.ts';
import { afterCommit, type Db, type Dialect, type Trx } from '../../platform/db/database.ts';
import { exportRow, type ExportSection } from '../../platform/data-export.ts';
import { AppError } from '../../platform/errors.ts';
import type { Notification, Notifier } from '../../platform/notifier.ts';
import { operatorNames } from '../admin/operators.service.ts';
import { publishUserEvent } from '../stream/stream.service.ts';
import { findUser, userIdsOfAudience } from '../users/users.service.ts';
import * as repo from './messages.repository.ts';

type NotifyTemplate = Extract<MessageKey, `notify.${string}`>;
type TitleKey = Extract<MessageKey, `messages.titles.${string}`>;

/**
 * The title of each notification in the message centre, or null for one that is not kept there (a
 * verification code is a credential, not a message). Typed over every `notify.*` key, so a domain
 * that adds a notification must decide here whether and under which title investors see it.
 */
const TITLES: Record<NotifyTemplate, TitleKey | null> = {
  'notify.kycApproved': 'messages.titles.identity',
  'notify.kycResubmit': 'messages.titles.identity',
  'notify.depositCredited': 'messages.titles.wallet',
  'notify.withdrawalPaid': 'messages.titles.wallet',
  'notify.withdrawalRejected': 'messages.titles.wallet',
  'notify.ipoSubscribed': 'messages.titles.ipo',
  'notify.ipoCancelled': 'messages.titles.ipo',
  'notify.ipoAllotted': 'messages.titles.ipo',
  'notify.ipoNotAllotted': 'messages.titles.ipo',
  'notify.ipoListed': 'messages.titles.ipo',
  'notify.blockOrderApproved': 'messages.titles.blockTrade',
  'notify.blockOrderRejected': 'messages.titles.blockTrade',
  'notify.loanPassed': 'messages.titles.loan',
  'notify.loanRejected': 'messages.titles.loan',
  'notify.loanRepaymentDue': 'messages.titles.loan',
  'notify.loanRepaymentReceived': 'messages.titles.loan',
  'notify.loanRepaid': 'messages.titles.loan',
  'notify.memberLevelChanged': 'messages.titles.member',
  'notify.fundConfirmed': 'messages.titles.fund',
  'notify.fundRedeemed': 'messages.titles.fund',
  'notify.orderFilled': 'messages.titles.trade',
  'notify.orderExpired': 'messages.titles.trade',
  'notify.resetCodeSms': null,
};

const SIDES = { buy: 'messages.sides.buy', sell: 'messages.sides.sell' } as const satisfies Record<string, MessageKey>;

/**
 * The parameters in `lang`: an order's `side` is stored as `buy` / `sell` and said in the reader's
 * language (in the SMS when sent, in the message centre whenever read); the others are as stored.
 */
function localParams(lang: Language, params: MessageParams): MessageParams {
  const side = params.side;
  if (side !== 'buy' && side !== 'sell') return params;
  return Object.assign({}, params, { side: translate(lang, SIDES[side]) });
}

function titleKeyOf(template: string): TitleKey | null {
  return Object.prototype.hasOwnProperty.call(TITLES, template) ? TITLES[template as NotifyTemplate] : null;
}

/** Whether a notification is kept in its investor's message centre. */
export function isStoredNotification(notification: Pick<Notification, 'userId' | 'template'>): boolean {
  return notification.userId !== null && titleKeyOf(notification.template) !== null;
}

/** The notification as sent (the SMS): its parameters said in its language. */
function inItsLanguage(notification: Notification): Notification {
  const params = localParams(notification.lang, notification.params);
  return params === notification.params ? notification : Object.assign({}, notification, { params });
}

/** Tells the investor's open screens that a message arrived (a `message` event on their `user` topic). */
export type PublishMessage = (userId: number, kind: MessageKind) => void;

/** The app's PublishMessage: through the context's hub. */
export function publishMessageVia(ctx: () => AppContext): PublishMessage {
  return (userId, kind) => publishUserEvent(ctx(), userId, 'message', { kind });
}

/** Tells the investor's open screens, once the change is committed, that a message arrived. */
function announceMessage(publish: PublishMessage, db: Db | Trx, userIds: readonly number[], kind: MessageKind) {
  afterCommit(db, () => {
    for (const userId of new Set(userIds)) publish(userId, kind);
  });
}

/**
 * The Notifier the app uses (bootstrap.ts wraps the platform's outbox in it): every notification
 * goes to `inner` (the SMS outbox) and, when it has an investor and is one the message centre
 * keeps, is also stored as that investor's message, in the same transaction, by its template and
 * parameters (rendered when read, in the reader's language). After the commit, a `message` event
 * goes to the investor's `user` stream topic; a rollback stores and announces nothing.
 */
export class MessageCentreNotifier implements Notifier {
  constructor(
    private readonly inner: Notifier,
    private readonly dialect: Dialect,
    /** The instant the messages are stored at. */
    private readonly now: () => number,
    /**
     * Publishes each `message` event after the commit: through the hub in the main thread
     * (`publishMessageVia`); the order writer thread hands them to the main thread instead.
     */
    private readonly publish: PublishMessage,
  ) {}

  send(db: Db | Trx, notification: Notification): Promise<void> {
    return this.sendMany(db, [notification]);
  }

  async sendMany(db: Db | Trx, notifications: readonly Notification[]): Promise<void> {
    await this.inner.sendMany(db, notifications.map(inItsLanguage));
    const createdAt = this.now();
    const rows: repo.NewMessage[] = notifications.filter(isStoredNotification).map((notification) => ({
      userId: notification.userId as number,
      kind: 'notification',
      template: notification.template,
      params: JSON.stringify(notification.params),
      announcementId: null,
      createdAt,
    }));
    await repo.insertMessages(db, this.dialect, rows);
    announceMessage(
      this.publish,
      db,
      rows.map((row) => row.userId),
      'notification',
    );
  }
}

/** An announcement's text in `lang`, else in the fallback language. */
function textIn(texts: AnnouncementTexts, lang: Language) {
  return texts[lang] ?? texts[ANNOUNCEMENT_FALLBACK] ?? Object.values(texts)[0] ?? { title: '', body: '' };
}

function parseJson<T>(text: string | null): T {
  return (text ? JSON.parse(text) : {}) as T;
}

type MessageRow = Awaited<ReturnType<typeof repo.pageMessages>>[number];

/** One stored message as the reader sees it, rendered in their current language. */
function render(row: MessageRow, lang: Language): Message {
  const base = { id: Number(row.id), createdAt: Number(row.createdAt), read: row.readAt !== null };
  if (row.kind === 'announcement') {
    const text = textIn(parseJson<AnnouncementTexts>(row.texts), lang);
    return { ...base, kind: 'announcement', title: text.title, body: text.body };
  }
  const template = row.template ?? '';
  return {
    ...base,
    kind: 'notification',
    title: translate(lang, titleKeyOf(template) ?? 'messages.title'),
    body: translate(lang, template as MessageKey, localParams(lang, parseJson<MessageParams>(row.params))),
  };
}

/** GET /api/messages: one page of the investor's messages, newest first, and their unread count. */
export async function listMessages(db: Db, userId: number, query: MessagesQuery, lang: Language): Promise<MessagePage> {
  const [rows, total, unread] = await Promise.all([
    repo.pageMessages(db, userId, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    repo.countMessages(db, userId),
    repo.countUnread(db, userId),
  ]);
  return { items: rows.map((row) => render(row, lang)), total, page: query.page, pageSize: query.pageSize, unread };
}

/** Every message of the investor for their data export, rendered in their language, oldest first. */
export async function exportFor(db: Db, userId: number): Promise<ExportSection> {
  const [user, total] = await Promise.all([findUser(db, userId), repo.countMessages(db, userId)]);
  const lang = user && isLanguage(user.lang) ? user.lang : DEFAULT_LANGUAGE;
  const rows = await repo.pageMessages(db, userId, { limit: Math.max(total, 1), offset: 0 });
  return {
    messages: rows.reverse().map((row) => {
      const { id, kind, title, body, read } = render(row, lang);
      return exportRow({ id, kind, title, body, read, createdAt: row.createdAt, readAt: row.readAt });
    }),
  };
}

export async function unreadOf(db: Db, userId: number): Promise<UnreadCount> {
  return { unread: await repo.countUnread(db, userId) };
}

/** Marks one of the investor's messages read; another investor's (or none) is MESSAGE_NOT_FOUND. */
export async function readMessage(db: Db, userId: number, id: number, nowMs: number): Promise<UnreadCount> {
  if (!(await repo.isOwnMessage(db, userId, id))) throw new AppError('MESSAGE_NOT_FOUND');
  await repo.markRead(db, userId, id, nowMs);
  return unreadOf(db, userId);
}

export async function readAllMessages(db: Db, userId: number, nowMs: number): Promise<UnreadCount> {
  await repo.markAllRead(db, userId, nowMs);
  return { unread: 0 };
}

/** The console's view of an investor's messages (in the operator's language); NOT_FOUND for no such investor. */
export async function messagesOfUser(db: Db, userId: number, query: MessagesQuery, lang: Language) {
  if (!(await findUser(db, userId))) throw new AppError('NOT_FOUND');
  return listMessages(db, userId, query, lang);
}

/** The investors an audience reaches now; a list naming an investor who does not exist is refused. */
async function recipientsOf(db: Db | Trx, audience: AnnouncementAudience): Promise<number[]> {
  const ids = await userIdsOfAudience(db, audience);
  if (audience.segment === 'users') {
    const found = new Set(ids);
    const unknown = [...new Set(audience.userIds)].filter((id) => !found.has(id));
    if (unknown.length > 0) throw new AppError('ANNOUNCEMENT_RECIPIENTS_UNKNOWN', { ids: unknown.join(', ') });
  }
  return ids;
}

export async function audienceSizeOf(db: Db, audience: AnnouncementAudience): Promise<{ recipients: number }> {
  return { recipients: (await recipientsOf(db, audience)).length };
}

/** The check of an announcement before anything is written: the fallback language's text is required. */
export function checkAnnouncement(body: AnnouncementBody): void {
  if (!body.texts[ANNOUNCEMENT_FALLBACK]) throw new AppError('ANNOUNCEMENT_FALLBACK_REQUIRED');
}

/**
 * Publishes an announcement in the caller's (audited) transaction: the announcement and one message
 * per recipient (fanned out in batches), then — after the commit — a `message` event to each.
 */
export async function publishAnnouncement(
  ctx: AppContext,
  trx: Trx,
  input: { body: AnnouncementBody; operatorId: number; nowMs: number },
): Promise<{ id: number; recipients: number }> {
  checkAnnouncement(input.body);
  const recipients = await recipientsOf(trx, input.body.audience);
  const id = await repo.insertAnnouncement(trx, {
    texts: JSON.stringify(input.body.texts),
    audience: JSON.stringify(input.body.audience),
    recipients: recipients.length,
    createdBy: input.operatorId,
    createdAt: input.nowMs,
  });
  await repo.insertMessages(
    trx,
    ctx.database.dialect,
    recipients.map((userId) => ({
      userId,
      kind: 'announcement',
      template: null,
      params: null,
      announcementId: id,
      createdAt: input.nowMs,
    })),
  );
  announceMessage(
    publishMessageVia(() => ctx),
    trx,
    recipients,
    'announcement',
  );
  return { id, recipients: recipients.length };
}

/** The console's list of announcements, with audience size and read count, titles in the operator's language. */
export async function listAnnouncements(
  db: Db,
  query: { page: number; pageSize: number },
  lang: Language,
): Promise<AnnouncementPage> {
  const { rows, total } = await repo.pageAnnouncements(db, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const names = await operatorNames(db, [...new Set(rows.map((row) => Number(row.createdBy)))]);
  const items: Announcement[] = rows.map((row) => {
    const texts = parseJson<AnnouncementTexts>(row.texts);
    return {
      id: Number(row.id),
      texts,
      audience: parseJson<AnnouncementAudience>(row.audience),
      title: textIn(texts, lang).title,
      recipients: Number(row.recipients),
      read: Number(row.readCount ?? 0),
      createdBy: names.get(Number(row.createdBy)) ?? String(row.createdBy),
      createdAt: Number(row.createdAt),
    };
  });
  return { items, total, page: query.page, pageSize: query.pageSize };
}
