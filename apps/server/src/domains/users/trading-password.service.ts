import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import { hashPassword, verifyPassword } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { clearFailures, lockedUntil, recordFailure } from '../../platform/throttle.ts';
import { findUserById, updateUser } from './users.repository.ts';

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
  await updateUser(ctx.database.db, userId, { tradingPasswordHash: hash, updatedAt: ctx.clock.nowMs() });
  // The old password must not keep working from a session's cache, on any instance.
  forgetEverywhere(ctx, userId);
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
  forgetEverywhere(ctx, userId);
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

interface VerifiedEntry {
  userId: number;
  mac: Buffer;
  expiresAtMs: number;
}

/**
 * A short memory of trading passwords already checked, per session: an HMAC-SHA256 of the password
 * under a key that exists only in this process's memory, with an expiry. It spares an order the
 * ~90 ms argon2 check when the same session confirmed the same password moments ago.
 */
class VerifiedPasswords {
  private readonly key = randomBytes(32);
  private readonly entries = new Map<number, VerifiedEntry>();
  private insertsSinceSweep = 0;

  mac(password: string): Buffer {
    return createHmac('sha256', this.key).update(password).digest();
  }

  matches(sessionId: number, userId: number, password: string, nowMs: number): boolean {
    const entry = this.entries.get(sessionId);
    if (!entry) return false;
    if (entry.userId !== userId || entry.expiresAtMs <= nowMs) {
      this.entries.delete(sessionId);
      return false;
    }
    return timingSafeEqual(new Uint8Array(entry.mac), new Uint8Array(this.mac(password)));
  }

  remember(sessionId: number, userId: number, password: string, nowMs: number, expiresAtMs: number): void {
    this.entries.set(sessionId, { userId, mac: this.mac(password), expiresAtMs });
    // Expired entries are dropped as they are met, and swept now and then so the map stays small.
    if (++this.insertsSinceSweep >= 1_000) {
      this.insertsSinceSweep = 0;
      for (const [id, entry] of this.entries) if (entry.expiresAtMs <= nowMs) this.entries.delete(id);
    }
  }

  forget(filter: { userId?: number; sessionId?: number }): void {
    if (filter.sessionId !== undefined) this.entries.delete(filter.sessionId);
    if (filter.userId !== undefined) {
      for (const [id, entry] of this.entries) if (entry.userId === filter.userId) this.entries.delete(id);
    }
  }
}

/**
 * The hub notice on which every instance hears that an investor's remembered trading-password
 * checks must end (a new trading password, a wrong entry): scaled out, the session's next order may
 * reach another instance, whose memory must not accept the old password or skip the lockout.
 */
export const TRADING_PASSWORD_FORGET_NOTICE = 'trading-password-forget';

const verifiedByContext = new WeakMap<AppContext, VerifiedPasswords>();
function verifiedOf(ctx: AppContext): VerifiedPasswords {
  let verified = verifiedByContext.get(ctx);
  if (!verified) {
    const created = new VerifiedPasswords();
    verified = created;
    verifiedByContext.set(ctx, created);
    ctx.hub.onNotice(TRADING_PASSWORD_FORGET_NOTICE, (message) => {
      const userId = Number(message);
      if (Number.isSafeInteger(userId)) created.forget({ userId });
    });
  }
  return verified;
}

/** Ends the remembered checks of an investor on this instance at once and on every other one. */
function forgetEverywhere(ctx: AppContext, userId: number) {
  forgetVerifiedTradingPasswords(ctx, { userId });
  ctx.hub.notify(TRADING_PASSWORD_FORGET_NOTICE, String(userId));
}

/**
 * Checks the trading password for an order. A session that gave the right password within the
 * last TRADING_PASSWORD_CACHE_SECONDS is checked against its remembered HMAC (constant time);
 * anything else — a first use, an expired entry, a different password — goes through the full
 * check with its lockout counting. Signing out, a password change (sessions are revoked, and an
 * order needs a live session) and a new trading password end the memory.
 */
export async function verifyTradingPasswordForSession(
  ctx: AppContext,
  principal: { userId: number; sessionId: number },
  password: string,
): Promise<void> {
  const windowMs = ctx.config.TRADING_PASSWORD_CACHE_SECONDS * 1_000;
  const verified = verifiedOf(ctx);
  const nowMs = ctx.clock.nowMs();
  if (windowMs > 0 && verified.matches(principal.sessionId, principal.userId, password, nowMs)) return;
  await verifyTradingPassword(ctx, principal.userId, password);
  if (windowMs > 0) verified.remember(principal.sessionId, principal.userId, password, nowMs, nowMs + windowMs);
}

/** Ends the remembered trading-password checks of a user or of one session. */
export function forgetVerifiedTradingPasswords(ctx: AppContext, filter: { userId?: number; sessionId?: number }) {
  verifiedByContext.get(ctx)?.forget(filter);
}
