import { isLanguage, DEFAULT_LANGUAGE, type Language } from '@bourse/shared/languages';
import type { KycStatus, UserInfo } from '@bourse/shared/schemas/auth';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import type { SqlRunner } from '../../platform/db/sql-runner.ts';
import type { User } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { findUserById, lockUserRow } from './users.repository.ts';

/** The user row by id (undefined when there is none), for the domains that act on an investor. */
export function findUser(db: Db | Trx, userId: number) {
  return findUserById(db, userId);
}

/**
 * Locks the user's row until the caller's transaction ends, so that two writes on behalf of one
 * investor that each check a per-investor limit run one after the other. PostgreSQL only: SQLite
 * has no row locks (its writers are serialized), and callers there do not call it.
 */
export function lockUser(trx: Trx, userId: number): Promise<void> {
  return lockUserRow(trx, userId);
}

/** The user as the app sees them: no hashes, no internal status. */
export function toUserInfo(user: User): UserInfo {
  return {
    id: user.id,
    phone: user.phone,
    nickname: user.nickname,
    avatar: user.avatar,
    lang: isLanguage(user.lang) ? user.lang : DEFAULT_LANGUAGE,
    kycStatus: user.kycStatus as KycStatus,
    level: user.level,
    creditPoints: user.creditPoints,
    hasTradingPassword: user.tradingPasswordHash !== null,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

export async function getUserInfo(ctx: AppContext, userId: number): Promise<UserInfo> {
  const user = await findUserById(ctx.database.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return toUserInfo(user);
}

export async function updateProfile(
  ctx: AppContext,
  userId: number,
  changes: { nickname?: string | undefined; email?: string | undefined; lang?: Language | undefined },
): Promise<UserInfo> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length > 0) {
    await ctx.database.db
      .updateTable('users')
      .set({ ...set, updatedAt: ctx.clock.nowMs() })
      .where('id', '=', userId)
      .execute();
  }
  return getUserInfo(ctx, userId);
}

/** Where messages to a user go (phone, language); undefined for an unknown user. */
export async function userContact(
  db: Db | Trx,
  userId: number,
): Promise<{ id: number; phone: string; lang: Language } | undefined> {
  const user = await findUserById(db, userId);
  return user
    ? { id: user.id, phone: user.phone, lang: isLanguage(user.lang) ? user.lang : DEFAULT_LANGUAGE }
    : undefined;
}

/** The phone numbers of these users, for the console's lists. */
export async function phonesByUserId(db: Db | Trx, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'phone'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [Number(row.id), row.phone]));
}

/** The standing shown in the personal centre: credit points and level (0 and 1 for none). */
export async function userStanding(db: Db | Trx, userId: number): Promise<{ creditPoints: number; level: number }> {
  const user = await findUserById(db, userId);
  return { creditPoints: user?.creditPoints ?? 0, level: user?.level ?? 1 };
}

/** The user's language, read through the caller's runner; the default for an unknown user. */
export async function languageOfUser(run: SqlRunner, userId: number): Promise<Language> {
  const row = await run.get<{ lang: string }>('select lang from users where id = ?', [userId]);
  return row && isLanguage(row.lang) ? row.lang : DEFAULT_LANGUAGE;
}
