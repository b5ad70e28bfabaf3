import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@bourse/shared/languages';
import type {
  SupportAttachment,
  SupportCannedBody,
  SupportCannedOffer,
  SupportCannedReply,
  SupportConversationDetail,
  SupportConversationsPage,
  SupportConversationsQuery,
  SupportConversationSummary,
  SupportHistory,
  SupportHistoryQuery,
  SupportMessage,
  SupportMessageBody,
} from '@bourse/shared/schemas/support';
import type { FastifyRequest } from 'fastify';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import { exportRow, type ExportSection } from '../../platform/data-export.ts';
import { AppError } from '../../platform/errors.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { contentTypeOfStoredName, reencodeImage, UploadStore } from '../../platform/storage.ts';
import { operatorNames } from '../admin/operators.service.ts';
import { publishSupportEvent, publishSupportInboxEvent } from '../stream/stream.service.ts';
import { avatarUrl, findUser } from '../users/users.service.ts';
import * as repo from './support.repository.ts';

/** Where chat images live inside UPLOAD_DIR. */
const UPLOAD_AREA = 'support';
const CONSOLE_PAGE_SIZE = 20;

/** Who looks at a message: the investor's own app or the console (each has its own attachment route). */
type Viewer = 'investor' | 'operator';

const iso = (ms: number) => new Date(ms).toISOString();

function attachmentUrl(viewer: Viewer, attachmentId: number | null): string | null {
  if (attachmentId === null) return null;
  return viewer === 'investor'
    ? `/api/support/attachments/${attachmentId}`
    : `/api/admin/support/attachments/${attachmentId}`;
}

function toMessage(row: repo.MessageRow, names: Map<number, string>, viewer: Viewer): SupportMessage {
  return {
    id: Number(row.id),
    conversationId: Number(row.conversationId),
    author: row.author as SupportMessage['author'],
    operatorName: row.operatorId === null ? null : (names.get(Number(row.operatorId)) ?? null),
    text: row.text,
    attachmentUrl: attachmentUrl(viewer, row.attachmentId === null ? null : Number(row.attachmentId)),
    createdAt: iso(row.createdAt),
  };
}

async function toMessages(db: Db | Trx, rows: repo.MessageRow[], viewer: Viewer): Promise<SupportMessage[]> {
  const names = await operatorNames(
    db,
    rows.flatMap((row) => (row.operatorId === null ? [] : [Number(row.operatorId)])),
  );
  return rows.map((row) => toMessage(row, names, viewer));
}

async function assigneeName(db: Db | Trx, operatorId: number | null): Promise<string | null> {
  if (operatorId === null) return null;
  return (await operatorNames(db, [operatorId])).get(operatorId) ?? null;
}

// ---------------------------------------------------------------------------------------------
// The investor's side

/** The investor's chat: a page of messages over all their conversations (oldest first), unread, state. */
export async function getHistory(ctx: AppContext, userId: number, query: SupportHistoryQuery): Promise<SupportHistory> {
  const db = ctx.database.db;
  const rows = await repo.pageInvestorMessages(db, userId, { before: query.before, limit: query.limit + 1 });
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit).reverse();
  const latest = await repo.findLatestConversation(db, userId);
  return {
    messages: await toMessages(db, page, 'investor'),
    hasMore,
    unread: latest?.unreadInvestor ?? 0,
    conversation: latest
      ? {
          id: Number(latest.id),
          status: latest.status as 'open' | 'closed',
          assigneeName: await assigneeName(
            db,
            latest.assignedOperatorId === null ? null : Number(latest.assignedOperatorId),
          ),
        }
      : null,
  };
}

/** An attachment a new message may carry: the investor's own (or uploaded for them) and not used yet. */
async function usableAttachment(trx: Trx, attachmentId: number | undefined, userId: number): Promise<number | null> {
  if (attachmentId === undefined) return null;
  const attachment = await repo.findAttachment(trx, attachmentId);
  if (!attachment || Number(attachment.userId) !== userId) throw new AppError('NOT_FOUND');
  if (await repo.attachmentUsed(trx, attachmentId)) throw new AppError('VALIDATION_FAILED', { detail: 'attachmentId' });
  return attachmentId;
}

/**
 * A message from the investor: into their open conversation, or a new one when none is open (the
 * previous stays closed, in the history). Operators hear of it on `support-inbox` after the commit,
 * and the investor's other screens on `support`.
 */
export async function postInvestorMessage(
  ctx: AppContext,
  userId: number,
  body: SupportMessageBody,
): Promise<SupportMessage> {
  const nowMs = ctx.clock.nowMs();
  const { row, conversation } = await ctx.database.transaction(async (trx) => {
    const conversation =
      (await repo.findOpenConversation(trx, userId)) ?? (await repo.insertConversation(trx, userId, nowMs));
    const attachmentId = await usableAttachment(trx, body.attachmentId, userId);
    const row = await repo.insertMessage(trx, {
      conversationId: Number(conversation.id),
      author: 'investor',
      operatorId: null,
      text: 'text' in body ? body.text : null,
      attachmentId,
      createdAt: nowMs,
    });
    await repo.touchConversation(trx, Number(conversation.id), { nowMs, unreadFor: 'operator' });
    return { row, conversation };
  });
  const db = ctx.database.db;
  const [investorView] = await toMessages(db, [row], 'investor');
  const [operatorView] = await toMessages(db, [row], 'operator');
  publishSupportEvent(ctx, userId, 'message', investorView);
  publishSupportInboxEvent(ctx, 'message', {
    conversationId: Number(conversation.id),
    userId,
    assigneeId: conversation.assignedOperatorId === null ? null : Number(conversation.assignedOperatorId),
    message: operatorView,
  });
  return investorView!;
}

/** The investor has read the operators' messages. */
export async function markInvestorRead(ctx: AppContext, userId: number): Promise<{ unread: number }> {
  const latest = await repo.findLatestConversation(ctx.database.db, userId);
  if (latest && latest.unreadInvestor > 0) {
    await repo.markRead(ctx.database.db, Number(latest.id), 'investor');
    publishSupportInboxEvent(ctx, 'read', { conversationId: Number(latest.id), side: 'investor' });
  }
  return { unread: 0 };
}

/** The investor is typing: operators are told (nothing is stored). */
export async function investorTyping(ctx: AppContext, userId: number): Promise<void> {
  const open = await repo.findOpenConversation(ctx.database.db, userId);
  publishSupportInboxEvent(ctx, 'typing', { conversationId: open ? Number(open.id) : null, userId });
}

// ---------------------------------------------------------------------------------------------
// Attachments

function uploads(ctx: AppContext): UploadStore {
  return new UploadStore(ctx.config.uploadDir);
}

/**
 * Stores a chat image under the identity documents' rules (type sniffed, pixels bounded, every piece
 * of metadata dropped by re-encoding) for the investor `userId`'s conversation.
 */
export async function saveAttachment(
  ctx: AppContext,
  input: { userId: number; bytes: Buffer; operatorId: number | null },
): Promise<SupportAttachment> {
  const image = await reencodeImage(input.bytes);
  const store = uploads(ctx);
  const file = await store.save(UPLOAD_AREA, image.bytes, image.extension);
  try {
    const row = await repo.insertAttachment(ctx.database.db, {
      userId: input.userId,
      file,
      width: image.width,
      height: image.height,
      uploadedByOperator: input.operatorId,
      createdAt: ctx.clock.nowMs(),
    });
    const id = Number(row.id);
    return { id, url: attachmentUrl(input.operatorId === null ? 'investor' : 'operator', id)! };
  } catch (error) {
    await store.remove(UPLOAD_AREA, [file]).catch(() => undefined);
    throw error;
  }
}

/**
 * An image: for the investor only their own conversation's (another's is NOT_FOUND, as if it did
 * not exist); the console route calls it with `userId` null.
 */
export async function readAttachment(
  ctx: AppContext,
  id: number,
  userId: number | null,
): Promise<{ bytes: Buffer; contentType: string }> {
  const row = await repo.findAttachment(ctx.database.db, id);
  if (!row || (userId !== null && Number(row.userId) !== userId)) throw new AppError('NOT_FOUND');
  try {
    return { bytes: await uploads(ctx).read(UPLOAD_AREA, row.file), contentType: contentTypeOfStoredName(row.file) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('NOT_FOUND');
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The console's side

async function summaries(db: Db, rows: repo.ConversationRow[]): Promise<SupportConversationSummary[]> {
  const ids = rows.map((row) => Number(row.id));
  const [last, names] = await Promise.all([
    repo.lastMessages(db, ids),
    operatorNames(
      db,
      rows.flatMap((row) => (row.assignedOperatorId === null ? [] : [Number(row.assignedOperatorId)])),
    ),
  ]);
  const result: SupportConversationSummary[] = [];
  for (const row of rows) {
    const user = await findUser(db, Number(row.userId));
    const assigneeId = row.assignedOperatorId === null ? null : Number(row.assignedOperatorId);
    result.push({
      id: Number(row.id),
      userId: Number(row.userId),
      nickname: user?.nickname ?? null,
      phone: user?.phone ?? '',
      status: row.status as 'open' | 'closed',
      assigneeId,
      assigneeName: assigneeId === null ? null : (names.get(assigneeId) ?? null),
      unread: row.unreadOperator,
      lastMessageAt: iso(row.lastMessageAt),
      lastText: last.get(Number(row.id))?.text ?? null,
    });
  }
  return result;
}

export async function listConversations(
  ctx: AppContext,
  operatorId: number,
  query: SupportConversationsQuery,
): Promise<SupportConversationsPage> {
  const db = ctx.database.db;
  const { rows, total } = await repo.pageConversations(db, {
    box: query.box,
    operatorId,
    limit: CONSOLE_PAGE_SIZE,
    offset: (query.page - 1) * CONSOLE_PAGE_SIZE,
  });
  const [unassigned, mine, closed] = await Promise.all(
    (['unassigned', 'mine', 'closed'] as const).map((box) => repo.unreadInBox(db, box, operatorId)),
  );
  return {
    items: await summaries(db, rows),
    total,
    page: query.page,
    pageSize: CONSOLE_PAGE_SIZE,
    unread: { unassigned: unassigned!, mine: mine!, closed: closed! },
  };
}

function parseTranslations(row: repo.CannedRow): SupportCannedReply['translations'] {
  const parsed = JSON.parse(row.translations) as Record<string, { title: string; text: string }>;
  return Object.fromEntries(Object.entries(parsed).filter(([lang]) => isLanguage(lang)));
}

/** The canned reply in `lang`, else German, else English, else its first language. */
export function cannedFor(reply: SupportCannedReply, lang: Language): SupportCannedOffer | null {
  const order: Language[] = [lang, DEFAULT_LANGUAGE, 'en', ...LANGUAGES];
  for (const candidate of order) {
    const translation = reply.translations[candidate];
    if (translation) return { id: reply.id, lang: candidate, title: translation.title, text: translation.text };
  }
  return null;
}

export async function getConversation(ctx: AppContext, id: number): Promise<SupportConversationDetail> {
  const db = ctx.database.db;
  const row = await repo.findConversation(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const [summary] = await summaries(db, [row]);
  const user = await findUser(db, Number(row.userId));
  const lang: Language = user && isLanguage(user.lang) ? user.lang : DEFAULT_LANGUAGE;
  const canned = (await listCanned(ctx)).flatMap((reply) => cannedFor(reply, lang) ?? []);
  return {
    ...summary!,
    avatar: avatarUrl(user?.avatar ?? null),
    lang,
    messages: await toMessages(db, await repo.conversationMessages(db, id), 'operator'),
    canned,
  };
}

async function openConversation(trx: Trx, id: number): Promise<repo.ConversationRow> {
  const row = await repo.findConversation(trx, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'open') throw new AppError('SUPPORT_CONVERSATION_CLOSED');
  return row;
}

/** Assigns an open conversation to an operator (the caller when none is named); audited. */
export async function assignConversation(
  ctx: AppContext,
  request: FastifyRequest,
  input: { id: number; operatorId: number | undefined },
): Promise<SupportConversationDetail> {
  const operatorId = input.operatorId ?? operatorOf(request).operatorId;
  const row = await auditedChange(
    ctx,
    request,
    { action: 'support.assign', target: `support:${input.id}`, details: { operatorId } },
    async (trx) => {
      const row = await openConversation(trx, input.id);
      if (!(await operatorNames(trx, [operatorId])).has(operatorId)) throw new AppError('NOT_FOUND');
      await repo.assign(trx, input.id, operatorId);
      return row;
    },
  );
  const name = await assigneeName(ctx.database.db, operatorId);
  publishSupportInboxEvent(ctx, 'assigned', { conversationId: input.id, assigneeId: operatorId, assigneeName: name });
  publishSupportEvent(ctx, Number(row.userId), 'assigned', { conversationId: input.id, assigneeName: name });
  return getConversation(ctx, input.id);
}

/**
 * An operator's reply, into an open conversation (assigned to them when nobody has it yet); audited.
 * The investor hears it on `support`, the other operators on `support-inbox`, after the commit.
 */
export async function postOperatorMessage(
  ctx: AppContext,
  request: FastifyRequest,
  input: { id: number; body: SupportMessageBody },
): Promise<SupportMessage> {
  const operatorId = operatorOf(request).operatorId;
  const { row, conversation } = await auditedChange<{ row: repo.MessageRow; conversation: repo.ConversationRow }>(
    ctx,
    request,
    {
      action: 'support.reply',
      target: `support:${input.id}`,
      details: (result) => ({ messageId: Number(result.row.id) }),
    },
    async (trx, nowMs) => {
      const conversation = await openConversation(trx, input.id);
      const attachmentId = await usableAttachment(trx, input.body.attachmentId, Number(conversation.userId));
      if (conversation.assignedOperatorId === null) await repo.assign(trx, input.id, operatorId);
      const row = await repo.insertMessage(trx, {
        conversationId: input.id,
        author: 'operator',
        operatorId,
        text: 'text' in input.body ? input.body.text : null,
        attachmentId,
        createdAt: nowMs,
      });
      await repo.touchConversation(trx, input.id, { nowMs, unreadFor: 'investor' });
      return { row, conversation };
    },
  );
  const db = ctx.database.db;
  const [investorView] = await toMessages(db, [row], 'investor');
  const [operatorView] = await toMessages(db, [row], 'operator');
  const userId = Number(conversation.userId);
  if (conversation.assignedOperatorId === null) {
    // The reply assigned the conversation to its author: both sides hear of it, as for an assignment.
    const name = operatorView!.operatorName;
    publishSupportInboxEvent(ctx, 'assigned', { conversationId: input.id, assigneeId: operatorId, assigneeName: name });
    publishSupportEvent(ctx, userId, 'assigned', { conversationId: input.id, assigneeName: name });
  }
  publishSupportEvent(ctx, userId, 'message', investorView);
  publishSupportInboxEvent(ctx, 'message', {
    conversationId: input.id,
    userId,
    assigneeId: conversation.assignedOperatorId === null ? operatorId : Number(conversation.assignedOperatorId),
    message: operatorView,
  });
  return operatorView!;
}

/** Closes an open conversation; the investor's next message opens a new one. Audited. */
export async function closeConversation(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
): Promise<SupportConversationDetail> {
  const operatorId = operatorOf(request).operatorId;
  const row = await auditedChange(
    ctx,
    request,
    { action: 'support.close', target: `support:${id}`, details: null },
    async (trx, nowMs) => {
      const row = await openConversation(trx, id);
      if (!(await repo.close(trx, id, { nowMs, operatorId }))) throw new AppError('SUPPORT_CONVERSATION_CLOSED');
      return row;
    },
  );
  publishSupportEvent(ctx, Number(row.userId), 'closed', { conversationId: id });
  publishSupportInboxEvent(ctx, 'closed', { conversationId: id });
  return getConversation(ctx, id);
}

/** The operators have read the investor's messages of this conversation. */
export async function markOperatorRead(ctx: AppContext, id: number): Promise<{ unread: number }> {
  const row = await repo.findConversation(ctx.database.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.unreadOperator > 0) {
    await repo.markRead(ctx.database.db, id, 'operator');
    publishSupportInboxEvent(ctx, 'read', { conversationId: id, side: 'operator' });
  }
  return { unread: 0 };
}

/** An operator is typing in a conversation: its investor is told, with the operator's name. */
export async function operatorTyping(ctx: AppContext, request: FastifyRequest, id: number): Promise<void> {
  const row = await repo.findConversation(ctx.database.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const operator = operatorOf(request);
  publishSupportEvent(ctx, Number(row.userId), 'typing', { conversationId: id, operatorName: operator.username });
  publishSupportInboxEvent(ctx, 'typing', { conversationId: id, operatorId: operator.operatorId });
}

/** The investor a conversation belongs to (an operator's upload is stored for them). */
export async function conversationInvestor(ctx: AppContext, id: number): Promise<number> {
  const row = await repo.findConversation(ctx.database.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return Number(row.userId);
}

// ---------------------------------------------------------------------------------------------
// Canned replies

function toCanned(row: repo.CannedRow): SupportCannedReply {
  return { id: Number(row.id), translations: parseTranslations(row), updatedAt: iso(row.updatedAt) };
}

export async function listCanned(ctx: AppContext): Promise<SupportCannedReply[]> {
  return (await repo.listCanned(ctx.database.db)).map(toCanned);
}

export async function createCanned(
  ctx: AppContext,
  request: FastifyRequest,
  body: SupportCannedBody,
): Promise<SupportCannedReply> {
  const operatorId = operatorOf(request).operatorId;
  const row = await auditedChange<repo.CannedRow>(
    ctx,
    request,
    {
      action: 'support.canned.create',
      target: (row) => `canned:${row.id}`,
      details: { languages: Object.keys(body.translations) },
    },
    (trx, nowMs) =>
      repo.insertCanned(trx, {
        translations: JSON.stringify(body.translations),
        createdAt: nowMs,
        updatedAt: nowMs,
        updatedBy: operatorId,
      }),
  );
  return toCanned(row);
}

export async function updateCanned(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
  body: SupportCannedBody,
): Promise<SupportCannedReply> {
  const operatorId = operatorOf(request).operatorId;
  await auditedChange(
    ctx,
    request,
    { action: 'support.canned.update', target: `canned:${id}`, details: { languages: Object.keys(body.translations) } },
    async (trx, nowMs) => {
      const updated = await repo.updateCanned(trx, id, {
        translations: JSON.stringify(body.translations),
        updatedAt: nowMs,
        updatedBy: operatorId,
      });
      if (!updated) throw new AppError('NOT_FOUND');
    },
  );
  const row = await repo.findCanned(ctx.database.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toCanned(row);
}

export async function deleteCanned(ctx: AppContext, request: FastifyRequest, id: number): Promise<void> {
  await auditedChange(
    ctx,
    request,
    { action: 'support.canned.delete', target: `canned:${id}`, details: null },
    async (trx) => {
      if (!(await repo.deleteCanned(trx, id))) throw new AppError('NOT_FOUND');
    },
  );
}

/**
 * Demo data, written in one unit as it would have happened: canned replies (no operator: the seed is
 * not an operator's act) and an open conversation of the investor, a question and the operator's
 * answer, which the investor has not read yet.
 */
export async function seedDemoSupport(
  ctx: AppContext,
  input: {
    userId: number;
    operatorId: number;
    question: string;
    answer: string;
    canned: SupportCannedBody['translations'][];
  },
): Promise<void> {
  const nowMs = ctx.clock.nowMs();
  const askedAt = nowMs - 5 * 60_000;
  const answeredAt = nowMs - 2 * 60_000;
  await ctx.database.transaction(async (trx) => {
    for (const translations of input.canned) {
      await repo.insertCanned(trx, {
        translations: JSON.stringify(translations),
        createdAt: nowMs,
        updatedAt: nowMs,
        updatedBy: null,
      });
    }
    const id = Number((await repo.insertConversation(trx, input.userId, askedAt)).id);
    const line = { conversationId: id, text: null, attachmentId: null };
    await repo.insertMessage(trx, {
      ...line,
      author: 'investor',
      operatorId: null,
      text: input.question,
      createdAt: askedAt,
    });
    await repo.touchConversation(trx, id, { nowMs: askedAt, unreadFor: 'operator' });
    await repo.markRead(trx, id, 'operator');
    await repo.assign(trx, id, input.operatorId);
    await repo.insertMessage(trx, {
      ...line,
      author: 'operator',
      operatorId: input.operatorId,
      text: input.answer,
      createdAt: answeredAt,
    });
    await repo.touchConversation(trx, id, { nowMs: answeredAt, unreadFor: 'investor' });
  });
}

/**
 * The investor's customer-service history for their data export: every conversation and every line
 * in it (which operator answered is the firm's internal data, so only the author side is kept).
 */
export async function exportFor(db: Db, userId: number): Promise<ExportSection> {
  const { conversations, messages } = await repo.conversationsOfUser(db, userId);
  return {
    supportConversations: conversations.map((row) => exportRow(row, ['assignedOperatorId', 'closedBy'])),
    supportMessages: messages.map((row) => exportRow(row, ['operatorId'])),
  };
}
