import { isLanguage, DEFAULT_LANGUAGE, type Language } from '@bourse/shared/languages';
import type { AdminUser } from '@bourse/shared/schemas/admin-users';
import { COLOR_CONVENTIONS, type ColorConvention, type KycStatus, type UserInfo } from '@bourse/shared/schemas/auth';
import type { MessageKey, MessageParams } from '@bourse/shared/i18n/index';
import type { AnnouncementAudience } from '@bourse/shared/schemas/messages';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Dialect, Trx } from '../../platform/db/database.ts';
import { sqlRunner, type SqlRunner } from '../../platform/db/sql-runner.ts';
import type { User } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { exportRow, type ExportSection } from '../../platform/data-export.ts';
import * as repo from './users.repository.ts';

/** The user row by id (undefined when there is none), for the domains that act on an investor. */
export function findUser(db: Db | Trx, userId: number) {
  return repo.findUserById(db, userId);
}

/**
 * Locks the user's row until the caller's transaction ends, so that two writes on behalf of one
 * investor that each check a per-investor limit run one after the other. PostgreSQL only: SQLite
 * has no row locks (its writers are serialized), and callers there do not call it.
 */
export function lockUser(trx: Trx, userId: number): Promise<void> {
  return repo.lockUserRow(trx, userId);
}

/** Where an investor's avatar file is served (`users.avatar` holds the stored file's name); null without one. */
export function avatarUrl(avatar: string | null): string | null {
  return avatar === null ? null : `/api/user/avatars/${encodeURIComponent(avatar)}`;
}

/** The user as the app sees them: no hashes, no internal status. */
export function toUserInfo(user: User): UserInfo {
  return {
    id: user.id,
    phone: user.phone,
    nickname: user.nickname,
    avatar: avatarUrl(user.avatar),
    email: user.email,
    lang: isLanguage(user.lang) ? user.lang : DEFAULT_LANGUAGE,
    kycStatus: user.kycStatus as KycStatus,
    level: user.level,
    creditPoints: user.creditPoints,
    hasTradingPassword: user.tradingPasswordHash !== null,
    colorConvention: COLOR_CONVENTIONS.find((c) => c === user.colorConvention) ?? null,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

export async function getUserInfo(ctx: AppContext, userId: number): Promise<UserInfo> {
  const user = await repo.findUserById(ctx.database.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return toUserInfo(user);
}

/** When the investor put the getting-started checklist away (null while it shows). */
export async function onboardingDismissedAt(db: Db | Trx, userId: number): Promise<number | null> {
  const user = await repo.findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user.onboardingDismissedAt === null ? null : Number(user.onboardingDismissedAt);
}

/** Puts the getting-started checklist away for good; a second dismissal keeps the first time. */
export async function dismissOnboarding(db: Db | Trx, userId: number, nowMs: number): Promise<void> {
  await repo.dismissOnboarding(db, userId, nowMs);
}

/** Control characters (C0, DEL, C1) and the invisible direction overrides that would disguise a name. */
const NICKNAME_FORBIDDEN = /[\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069]/u;

/**
 * A nickname as stored: trimmed, 1–30 characters (code points), no control or direction characters;
 * NICKNAME_INVALID otherwise. Markup is kept as typed: it is text, and every screen renders it as text.
 */
export function checkedNickname(input: string): string {
  const nickname = input.trim();
  const length = [...nickname].length;
  if (length < 1 || length > 30 || NICKNAME_FORBIDDEN.test(nickname)) throw new AppError('NICKNAME_INVALID');
  return nickname;
}

export async function updateProfile(
  ctx: AppContext,
  userId: number,
  changes: {
    nickname?: string | undefined;
    email?: string | undefined;
    lang?: Language | undefined;
    /** null forgets the choice (the language decides again). */
    colorConvention?: ColorConvention | null | undefined;
  },
): Promise<UserInfo> {
  const nickname = changes.nickname === undefined ? undefined : checkedNickname(changes.nickname);
  const set = Object.fromEntries(Object.entries({ ...changes, nickname }).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length > 0) {
    await repo.updateUser(ctx.database.db, userId, { ...set, updatedAt: ctx.clock.nowMs() });
  }
  return getUserInfo(ctx, userId);
}

/** Where messages to a user go (phone, language); undefined for an unknown user. */
export async function userContact(
  db: Db | Trx,
  userId: number,
): Promise<{ id: number; phone: string; lang: Language } | undefined> {
  const user = await repo.findUserById(db, userId);
  return user
    ? { id: user.id, phone: user.phone, lang: isLanguage(user.lang) ? user.lang : DEFAULT_LANGUAGE }
    : undefined;
}

/** Where messages to an investor go. */
export type Contact = { id: number; phone: string; lang: Language };

/**
 * Tells an investor something (SMS outbox and message centre, through `ctx.notifier`) in the
 * caller's transaction: their phone and language looked up, `params` given or made for that
 * contact (an instrument's name in their language). Nothing for an unknown user.
 */
export async function notifyInvestor(
  ctx: Pick<AppContext, 'notifier' | 'database'>,
  db: Db | Trx,
  userId: number,
  template: MessageKey,
  params: MessageParams | ((contact: Contact) => MessageParams | Promise<MessageParams>),
): Promise<void> {
  // Prepared SQL through the caller's connection: this runs in every fill of an order.
  const row = await repo.findContactVia(sqlRunner(db, ctx.database.dialect), userId);
  if (!row) return;
  const contact: Contact = {
    id: Number(row.id),
    phone: row.phone,
    lang: isLanguage(row.lang) ? row.lang : DEFAULT_LANGUAGE,
  };
  await ctx.notifier.send(db, {
    channel: 'sms',
    recipient: contact.phone,
    userId: contact.id,
    template,
    params: typeof params === 'function' ? await params(contact) : params,
    lang: contact.lang,
  });
}

/** One investor to tell: `params` given or made for their contact. */
export interface Notice {
  userId: number;
  template: MessageKey;
  params: MessageParams | ((contact: Contact) => MessageParams);
}

/**
 * Tells many investors at once (a draw's thousands of results, a day's confirmations), in the
 * caller's transaction: their contacts looked up together, one `sendMany`. Nothing for an unknown user.
 */
export async function notifyInvestors(
  ctx: Pick<AppContext, 'notifier' | 'database'>,
  db: Db | Trx,
  notices: readonly Notice[],
): Promise<void> {
  const contacts = await contactsByUserId(
    db,
    ctx.database.dialect,
    notices.map((notice) => notice.userId),
  );
  await ctx.notifier.sendMany(
    db,
    notices.flatMap((notice) => {
      const contact = contacts.get(notice.userId);
      if (!contact) return [];
      const params = typeof notice.params === 'function' ? notice.params(contact) : notice.params;
      return [
        {
          channel: 'sms',
          recipient: contact.phone,
          userId: contact.id,
          template: notice.template,
          params,
          lang: contact.lang,
        },
      ];
    }),
  );
}

/** Phone and language of each of these users (a draw tells thousands at once), by user id. */
export async function contactsByUserId(
  db: Db | Trx,
  dialect: Dialect,
  userIds: readonly number[],
): Promise<Map<number, { id: number; phone: string; lang: Language }>> {
  const contacts = new Map<number, { id: number; phone: string; lang: Language }>();
  for (const row of await repo.findContactsByIds(db, dialect, [...new Set(userIds)])) {
    const id = Number(row.id);
    contacts.set(id, { id, phone: row.phone, lang: isLanguage(row.lang) ? row.lang : DEFAULT_LANGUAGE });
  }
  return contacts;
}

/** The phone numbers of these users, for the console's lists. */
export async function phonesByUserId(db: Db | Trx, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await repo.findPhonesByIds(db, [...new Set(userIds)]);
  return new Map(rows.map((row) => [Number(row.id), row.phone]));
}

/** The standing shown in the personal centre: credit points and level (0 and 1 for none). */
export async function userStanding(db: Db | Trx, userId: number): Promise<{ creditPoints: number; level: number }> {
  const user = await repo.findUserById(db, userId);
  return { creditPoints: user?.creditPoints ?? 0, level: user?.level ?? 1 };
}

/**
 * The user's credit points, the row locked until the caller's transaction ends (both dialects), so
 * two changes of one investor's points run one after the other; undefined for an unknown user.
 */
export function lockCreditPoints(trx: Trx, userId: number): Promise<number | undefined> {
  return repo.lockCreditPoints(trx, userId);
}

/** Sets the user's credit points total, in the members domain's transaction that records why. */
export function setCreditPoints(trx: Trx, userId: number, creditPoints: number): Promise<void> {
  return repo.setCreditPoints(trx, userId, creditPoints);
}

/** Moves the user's level from `from` to `to` (false when it had changed meanwhile), in the caller's transaction. */
export function moveLevel(trx: Trx, input: { userId: number; from: number; to: number }): Promise<boolean> {
  return repo.moveLevel(trx, input);
}

/** The next `limit` users after `afterId` in id order, with their levels: a batch over every investor. */
export async function usersAfter(
  db: Db | Trx,
  afterId: number,
  limit: number,
): Promise<Array<{ id: number; level: number }>> {
  const rows = await repo.usersAfter(db, afterId, limit);
  return rows.map((row) => ({ id: Number(row.id), level: Number(row.level) }));
}

/** The user's language, read through the caller's runner; the default for an unknown user. */
export async function languageOfUser(run: SqlRunner, userId: number): Promise<Language> {
  const row = await repo.findLanguageVia(run, userId);
  return row && isLanguage(row.lang) ? row.lang : DEFAULT_LANGUAGE;
}

/** An investor as the console lists them: contact data and account state, no money. */
export function toAdminUser(user: User): AdminUser {
  return {
    id: Number(user.id),
    phone: user.phone,
    nickname: user.nickname,
    kycStatus: user.kycStatus,
    status: user.status === 'frozen' ? 'frozen' : 'active',
    level: user.level,
    creditPoints: user.creditPoints,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

/** The console's user search: a page of users, newest first, by part of a phone number or nickname. */
export async function searchUsers(
  db: Db,
  query: { q?: string | undefined; page: number; pageSize: number },
): Promise<{ items: AdminUser[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await repo.pageUsers(db, {
    q: query.q,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toAdminUser), total, page: query.page, pageSize: query.pageSize };
}

/**
 * Freezes, unfreezes or closes an account: NOT_FOUND for an unknown user, CONFLICT when it already
 * has that status or is closed. Returns the user as changed. In the caller's transaction (signing the user out is the
 * caller's part).
 */
export async function setAccountStatus(
  trx: Trx,
  input: { userId: number; status: 'frozen' | 'active' | 'closed'; nowMs: number },
): Promise<User> {
  const user = await repo.findUserById(trx, input.userId);
  if (!user) throw new AppError('NOT_FOUND');
  // A closed account stays closed: neither freezing nor unfreezing reopens it.
  if (user.status === input.status || user.status === 'closed') throw new AppError('CONFLICT');
  await repo.updateUser(trx, user.id, { status: input.status, updatedAt: input.nowMs });
  return { ...user, status: input.status };
}

/** The ids of the investors an announcement's audience reaches now, in id order. */
export function userIdsOfAudience(db: Db | Trx, audience: AnnouncementAudience): Promise<number[]> {
  return repo.findUserIdsOfAudience(db, audience);
}

/** The investor's profile for their data export: what they told us and their standing, never a hash. */
export async function exportFor(db: Db, userId: number): Promise<ExportSection> {
  const user = await repo.findUserById(db, userId);
  if (!user) return { profile: [] };
  return {
    profile: [
      {
        ...exportRow(user, ['passwordHash', 'tradingPasswordHash', 'avatar']),
        avatar: avatarUrl(user.avatar),
        hasTradingPassword: user.tradingPasswordHash !== null,
      },
    ],
  };
}
