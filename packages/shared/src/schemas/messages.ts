import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../languages.ts';
import { kycStatus } from './auth.ts';
import type { OperatorRole } from './admin.ts';
import { page, pageQuery } from './common.ts';

/**
 * The message centre on the wire (issue 15): an investor's notifications and announcements, each
 * rendered in the reader's language when read, and the console's announcements.
 */
export const MESSAGE_KINDS = ['notification', 'announcement'] as const;
export const messageKind = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof messageKind>;

/** The operator roles that publish announcements and read an investor's messages. */
export const MESSAGE_ROLES = ['admin', 'support'] as const satisfies readonly OperatorRole[];

export const message = z.object({
  id: z.number().int(),
  kind: messageKind,
  title: z.string(),
  body: z.string(),
  /** Epoch milliseconds. */
  createdAt: z.number().int(),
  read: z.boolean(),
});
export type Message = z.infer<typeof message>;

export const messagesQuery = pageQuery.extend({ pageSize: pageQuery.shape.pageSize.unwrap().max(100).default(20) });
export type MessagesQuery = z.infer<typeof messagesQuery>;

/** GET /api/messages: one page, newest first, with the investor's unread count. */
export const messagePage = page(message).extend({ unread: z.number().int() });
export type MessagePage = z.infer<typeof messagePage>;

/** GET /api/messages/unread and the answer of read / read-all: the badge's count. */
export const unreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;

/**
 * The `message` event on the investor's `user` stream topic, sent once a new message is committed
 * (the screen then refetches its list and the badge's count).
 */
export const messageEvent = z.object({ kind: messageKind });
export type MessageEvent = z.infer<typeof messageEvent>;

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 4_000;
/** The most investors one announcement may name by id. */
export const ANNOUNCEMENT_IDS_MAX = 1_000;

export const announcementText = z.strictObject({
  title: z.string().trim().min(1).max(ANNOUNCEMENT_TITLE_MAX),
  body: z.string().trim().min(1).max(ANNOUNCEMENT_BODY_MAX),
});
export type AnnouncementText = z.infer<typeof announcementText>;

/** Texts per language; the fallback language (German) must be there, the others fall back to it. */
export const announcementTexts = z.partialRecord(z.enum(LANGUAGES), announcementText);
export type AnnouncementTexts = z.infer<typeof announcementTexts>;

/**
 * Who receives an announcement: everyone; investors at member level N or above; investors with an
 * identity status; investors whose language is one of these; or a list of investor ids.
 */
export const announcementAudience = z.discriminatedUnion('segment', [
  z.strictObject({ segment: z.literal('everyone') }),
  z.strictObject({ segment: z.literal('level'), minLevel: z.number().int().min(1).max(5) }),
  z.strictObject({ segment: z.literal('identity'), status: kycStatus }),
  z.strictObject({
    segment: z.literal('language'),
    languages: z.array(z.enum(LANGUAGES)).min(1).max(LANGUAGES.length),
  }),
  z.strictObject({
    segment: z.literal('users'),
    userIds: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(ANNOUNCEMENT_IDS_MAX),
  }),
]);
export type AnnouncementAudience = z.infer<typeof announcementAudience>;
export const ANNOUNCEMENT_SEGMENTS = ['everyone', 'level', 'identity', 'language', 'users'] as const;

export const announcementBody = z.strictObject({ texts: announcementTexts, audience: announcementAudience });
export type AnnouncementBody = z.infer<typeof announcementBody>;

/** POST /api/admin/announcements/audience: how many investors an audience reaches now (the form's preview). */
export const audienceBody = z.strictObject({ audience: announcementAudience });
export const audienceSize = z.object({ recipients: z.number().int() });

export const announcement = z.object({
  id: z.number().int(),
  texts: announcementTexts,
  audience: announcementAudience,
  /** The title in the operator's language (falling back). */
  title: z.string(),
  recipients: z.number().int(),
  read: z.number().int(),
  createdBy: z.string(),
  createdAt: z.number().int(),
});
export type Announcement = z.infer<typeof announcement>;
export const announcementPage = page(announcement);
export type AnnouncementPage = z.infer<typeof announcementPage>;

/** The fallback language every announcement must have a text in. */
export const ANNOUNCEMENT_FALLBACK = DEFAULT_LANGUAGE;
