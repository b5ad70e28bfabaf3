import { isLanguage, DEFAULT_LANGUAGE, type Language } from '@bourse/shared/languages';
import type { KycStatus, UserInfo } from '@bourse/shared/schemas/auth';
import type { AppContext } from '../../platform/context.ts';
import type { User } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { findUserById } from '../auth/auth.repository.ts';

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
