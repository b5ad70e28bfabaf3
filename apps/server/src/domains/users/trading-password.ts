import type { AppContext } from '../../platform/context.ts';
import { hashPassword, verifyPassword } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { clearFailures, lockedUntil, recordFailure } from '../../platform/throttle.ts';
import { findUserById } from '../auth/auth.repository.ts';

const MINUTE_MS = 60_000;
const lockKey = (userId: number) => `trading-password:${userId}`;

/**
 * Sets or changes the six-digit trading password. Setting the first one needs the login password;
 * changing it needs the current trading password or the login password.
 */
export async function setTradingPassword(
  ctx: AppContext,
  userId: number,
  body: {
    password: string;
    confirmPassword: string;
    loginPassword?: string | undefined;
    oldPassword?: string | undefined;
  },
): Promise<void> {
  if (body.password !== body.confirmPassword) throw new AppError('PASSWORD_MISMATCH');
  const user = await findUserById(ctx.database.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (user.tradingPasswordHash && body.oldPassword) {
    await verifyTradingPassword(ctx, userId, body.oldPassword);
  } else if (body.loginPassword) {
    if (!(await verifyPassword(user.passwordHash, body.loginPassword))) throw new AppError('OLD_PASSWORD_WRONG');
  } else {
    throw new AppError('REAUTH_REQUIRED');
  }
  const hash = await hashPassword(body.password);
  await ctx.database.db
    .updateTable('users')
    .set({ tradingPasswordHash: hash, updatedAt: ctx.clock.nowMs() })
    .where('id', '=', userId)
    .execute();
}

/**
 * Checks the trading password before a trade, subscription, purchase or withdrawal. Five wrong
 * entries lock it for fifteen minutes; a right one clears the count.
 */
export async function verifyTradingPassword(ctx: AppContext, userId: number, password: string): Promise<void> {
  const { database, config } = ctx;
  const nowMs = ctx.clock.nowMs();
  const locked = await lockedUntil(database.db, lockKey(userId), nowMs);
  if (locked) throw new AppError('TRADING_PASSWORD_LOCKED', { minutes: Math.ceil((locked - nowMs) / MINUTE_MS) });
  const user = await findUserById(database.db, userId);
  if (!user?.tradingPasswordHash) throw new AppError('TRADING_PASSWORD_NOT_SET');
  if (await verifyPassword(user.tradingPasswordHash, password)) {
    await clearFailures(database.db, lockKey(userId));
    return;
  }
  const lock = await database.transaction((trx) =>
    recordFailure(trx, lockKey(userId), nowMs, {
      maxFailures: config.LOGIN_MAX_FAILURES,
      lockMs: config.LOGIN_LOCK_MINUTES * MINUTE_MS,
      windowMs: config.LOGIN_LOCK_MINUTES * MINUTE_MS,
    }),
  );
  if (lock) throw new AppError('TRADING_PASSWORD_LOCKED', { minutes: config.LOGIN_LOCK_MINUTES });
  throw new AppError('TRADING_PASSWORD_WRONG');
}
