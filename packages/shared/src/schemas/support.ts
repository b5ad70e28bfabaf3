import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { idParams } from './common.ts';

/** Customer-service chat (issue 15): one open conversation per investor, messages both ways, canned replies. */
export const SUPPORT_TEXT_MAX = 2000;
export const SUPPORT_PAGE_MAX = 50;
export const SUPPORT_CONVERSATION_STATUSES = ['open', 'closed'] as const;
export const supportConversationStatus = z.enum(SUPPORT_CONVERSATION_STATUSES);
export const SUPPORT_AUTHORS = ['investor', 'operator'] as const;
export const supportAuthor = z.enum(SUPPORT_AUTHORS);
/** The console's three boxes. */
export const SUPPORT_BOXES = ['unassigned', 'mine', 'closed'] as const;
export const supportBox = z.enum(SUPPORT_BOXES);
export type SupportBox = z.infer<typeof supportBox>;
/** The operator stream topic of every support conversation (console sessions with support or admin). */
export const SUPPORT_INBOX_TOPIC = 'support-inbox';

/** `kf_url` when no external customer-service address is configured: the app's own chat screen. */
export const SUPPORT_CHAT_URL = '#/customerService';

/** Free text: stored and shown as text, never as HTML. */
const messageText = z.string().trim().min(1).max(SUPPORT_TEXT_MAX);
const attachmentId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A new message: text, an uploaded image (by id), or both. */
export const supportMessageBody = z.union([
  z.strictObject({ text: messageText, attachmentId: attachmentId.optional() }),
  z.strictObject({ attachmentId }),
]);
export type SupportMessageBody = z.infer<typeof supportMessageBody>;

export const supportHistoryQuery = z.strictObject({
  /** Messages with an id below this one (the next older page). */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(SUPPORT_PAGE_MAX).default(20),
});
export type SupportHistoryQuery = z.infer<typeof supportHistoryQuery>;

export const supportMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  author: supportAuthor,
  /** The operator's display name on their messages; null on the investor's. */
  operatorName: z.string().nullable(),
  text: z.string().nullable(),
  /** Where the image is served (needs the session token), or null. */
  attachmentUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

/** The investor's chat: newest page first-in-time order (oldest → newest), and the open conversation's state. */
export const supportHistory = z.object({
  messages: z.array(supportMessage),
  /** Whether older messages exist before the first one returned. */
  hasMore: z.boolean(),
  /** Operator messages the investor has not read. */
  unread: z.number().int(),
  conversation: z
    .object({
      id: z.number().int(),
      status: supportConversationStatus,
      assigneeName: z.string().nullable(),
    })
    .nullable(),
});
export type SupportHistory = z.infer<typeof supportHistory>;

export const supportAttachment = z.object({ id: z.number().int(), url: z.string() });
export type SupportAttachment = z.infer<typeof supportAttachment>;
export const supportAttachmentParams = idParams;

export const supportUnread = z.object({ unread: z.number().int() });

/** Console: the inbox lists. */
export const supportConversationsQuery = z.strictObject({
  box: supportBox.default('unassigned'),
  page: z.coerce.number().int().min(1).default(1),
});
export type SupportConversationsQuery = z.infer<typeof supportConversationsQuery>;

export const supportConversationSummary = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  nickname: z.string().nullable(),
  phone: z.string(),
  status: supportConversationStatus,
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  /** Investor messages no operator has read. */
  unread: z.number().int(),
  lastMessageAt: z.string(),
  lastText: z.string().nullable(),
});
export type SupportConversationSummary = z.infer<typeof supportConversationSummary>;

export const supportBoxCounts = z.object({
  unassigned: z.number().int(),
  mine: z.number().int(),
  closed: z.number().int(),
});
export const supportConversationsPage = z.object({
  items: z.array(supportConversationSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Unread investor messages per box. */
  unread: supportBoxCounts,
});
export type SupportConversationsPage = z.infer<typeof supportConversationsPage>;

/** A canned reply resolved for one investor: in their language, else German, else English, else any. */
export const supportCannedOffer = z.object({
  id: z.number().int(),
  lang: z.enum(LANGUAGES),
  title: z.string(),
  text: z.string(),
});
export type SupportCannedOffer = z.infer<typeof supportCannedOffer>;

export const supportConversationDetail = supportConversationSummary.extend({
  avatar: z.string().nullable(),
  lang: z.enum(LANGUAGES),
  messages: z.array(supportMessage),
  canned: z.array(supportCannedOffer),
});
export type SupportConversationDetail = z.infer<typeof supportConversationDetail>;

export const supportAssignBody = z.strictObject({ operatorId: z.number().int().positive().optional() });

/** A canned reply: a title and a text per language; an investor's language falls back to German, then English. */
const cannedTranslation = z.strictObject({
  title: z.string().trim().min(1).max(80),
  text: z.string().trim().min(1).max(SUPPORT_TEXT_MAX),
});
export const supportCannedBody = z.strictObject({
  translations: z
    .partialRecord(z.enum(LANGUAGES), cannedTranslation)
    .refine((value) => Object.keys(value).length > 0, 'at least one language'),
});
export type SupportCannedBody = z.infer<typeof supportCannedBody>;
export const supportCannedReply = z.object({
  id: z.number().int(),
  translations: z.partialRecord(z.enum(LANGUAGES), z.object({ title: z.string(), text: z.string() })),
  updatedAt: z.string(),
});
export type SupportCannedReply = z.infer<typeof supportCannedReply>;
export const supportCannedList = z.array(supportCannedReply);

/** Stream events (`support` for the investor, `support-inbox` for operators). */
export const SUPPORT_EVENTS = ['message', 'typing', 'assigned', 'closed', 'read'] as const;
export type SupportEvent = (typeof SUPPORT_EVENTS)[number];
