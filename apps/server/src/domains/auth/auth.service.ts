import { isStrongPassword, type LoginPayload, type RegisterPayload } from '@bourse/shared/schemas/auth';
import { DEFAULT_LANGUAGE, type Language } from '@bourse/shared/languages';
import type { AppContext } from '../../platform/context.ts';
import {
  hashPassword,
  newSessionToken,
  randomDigits,
  safeEqualHex,
  sha256Hex,
  verifyAgainstDummy,
  verifyPassword,
} from '../../platform/crypto.ts';
import { isUniqueViolation, type Db, type Trx } from '../../platform/db/database.ts';
import type { User } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionPrincipal } from '../../platform/principals.ts';
import { clearFailures, lockedUntil, recordFailure } from '../../platform/throttle.ts';
import { consumeInvitation } from '../invitations/invitations.service.ts';
import { announceSessionsRevoked } from '../stream/stream.service.ts';
import { forgetVerifiedTradingPasswords } from '../users/trading-password.service.ts';
import { findUser } from '../users/users.service.ts';
import * as repo from './auth.repository.ts';
import { toE164 } from './phone.ts';
import { exportRow, type ExportSection } from '../../platform/data-export.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  lang: Language;
}

export type { SessionPrincipal };

function loginThrottleKey(phoneOrUsername: string) {
  return `login:${phoneOrUsername}`;
}

function passwordRules(password: string, confirmPassword: string) {
  if (!isStrongPassword(password)) throw new AppError('WEAK_PASSWORD');
  if (password !== confirmPassword) throw new AppError('PASSWORD_MISMATCH');
}

/**
 * Creates an investor account and signs them in: one use of the invitation code is consumed and the
 * first session opened in the same transaction, so the answer carries the same session as a login.
 */
export async function register(
  ctx: AppContext,
  payload: RegisterPayload,
  meta: RequestMeta,
): Promise<{ user: User; token: string; expiresAt: number }> {
  const phone = toE164(payload.phone);
  if (!phone) throw new AppError('INVALID_PHONE');
  passwordRules(payload.password, payload.confirmPassword);
  if (!payload.agree) throw new AppError('AGREEMENT_REQUIRED');
  const passwordHash = await hashPassword(payload.password);
  const nowMs = ctx.clock.nowMs();
  try {
    return await ctx.database.transaction(async (trx) => {
      if (await repo.findUserByPhone(trx, phone)) throw new AppError('PHONE_TAKEN');
      const inviteCode = await consumeInvitation(trx, payload.inviteCode);
      const id = await repo.insertUser(trx, {
        phone,
        passwordHash,
        nickname: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
        avatar: null,
        email: null,
        lang: meta.lang ?? DEFAULT_LANGUAGE,
        tradingPasswordHash: null,
        inviteCode,
        createdAt: nowMs,
        updatedAt: nowMs,
      });
      const user = await findUser(trx, id);
      if (!user) throw new Error('the user just inserted is missing');
      return { user, ...(await openSession(ctx, trx, id, nowMs, meta)) };
    });
  } catch (error) {
    // Two registrations of one phone racing each other: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('PHONE_TAKEN');
    throw error;
  }
}

/**
 * Checks credentials and opens a session. Unknown phones and wrong passwords take the same time and
 * give the same answer; five failures for one phone lock it for fifteen minutes, known or not.
 */
export async function login(
  ctx: AppContext,
  payload: LoginPayload,
  meta: RequestMeta,
): Promise<{ user: User; token: string; expiresAt: number }> {
  const phone = toE164(payload.username);
  const key = loginThrottleKey(phone ?? payload.username.trim());
  const nowMs = ctx.clock.nowMs();
  const { config, database } = ctx;
  const locked = await lockedUntil(database.db, key, nowMs);
  if (locked) throw new AppError('ACCOUNT_LOCKED', { minutes: Math.ceil((locked - nowMs) / MINUTE_MS) });

  const user = phone ? await repo.findUserByPhone(database.db, phone) : undefined;
  const valid = user
    ? await verifyPassword(user.passwordHash, payload.password)
    : await verifyAgainstDummy(payload.password);
  if (!user || !valid) {
    const lock = await database.transaction((trx) =>
      recordFailure(trx, key, nowMs, {
        maxFailures: config.LOGIN_MAX_FAILURES,
        lockMs: config.LOGIN_LOCK_MINUTES * MINUTE_MS,
        windowMs: config.LOGIN_LOCK_MINUTES * MINUTE_MS,
      }),
    );
    if (lock) throw new AppError('ACCOUNT_LOCKED', { minutes: config.LOGIN_LOCK_MINUTES });
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (user.status === 'frozen') throw new AppError('ACCOUNT_FROZEN');
  if (user.status === 'closed') throw new AppError('ACCOUNT_CLOSED');

  const session = await database.transaction(async (trx) => {
    await clearFailures(trx, key);
    return openSession(ctx, trx, user.id, nowMs, meta);
  });
  return { user, ...session };
}

/** A new session of the investor in the caller's transaction: the token (only its hash is stored) and its end. */
async function openSession(
  ctx: AppContext,
  trx: Trx,
  userId: number,
  nowMs: number,
  meta: RequestMeta,
): Promise<{ token: string; expiresAt: number }> {
  const token = newSessionToken();
  const expiresAt = nowMs + ctx.config.SESSION_TTL_HOURS * HOUR_MS;
  await repo.insertSession(trx, {
    userId,
    tokenHash: sha256Hex(token),
    nowMs,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 255) ?? null,
  });
  return { token, expiresAt };
}

/** Resolves a `token` header to a live session; anything else is a 401. */
export async function authenticate(ctx: AppContext, token: string | undefined): Promise<SessionPrincipal> {
  if (!token) throw new AppError('UNAUTHORIZED');
  if (token.length > 128) throw new AppError('SESSION_EXPIRED');
  const nowMs = ctx.clock.nowMs();
  const session = await repo.readSessionByTokenHash(ctx.database, sha256Hex(token));
  if (!session || session.revokedAt !== null || session.expiresAt <= nowMs) throw new AppError('SESSION_EXPIRED');
  if (session.userStatus === 'frozen') throw new AppError('ACCOUNT_FROZEN');
  if (session.userStatus === 'closed') throw new AppError('ACCOUNT_CLOSED');
  // Writing last-seen on every request would serialize reads behind writes; once a minute is enough.
  if (nowMs - session.lastSeenAt > MINUTE_MS) await repo.touchSession(ctx.database.db, session.sessionId, nowMs);
  return { userId: Number(session.userId), sessionId: Number(session.sessionId) };
}

export async function logout(ctx: AppContext, principal: SessionPrincipal): Promise<void> {
  await repo.revokeSession(ctx.database.db, principal.sessionId, ctx.clock.nowMs(), 'logout');
  forgetVerifiedTradingPasswords(ctx, { sessionId: principal.sessionId });
  announceSessionsRevoked(ctx, principal.userId);
}

/** Changes the login password; every session of the user, this one included, is revoked. */
export async function changePassword(
  ctx: AppContext,
  principal: SessionPrincipal,
  body: { oldPassword: string; password: string; confirmPassword: string },
): Promise<void> {
  const user = await findUser(ctx.database.db, principal.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (!(await verifyPassword(user.passwordHash, body.oldPassword))) throw new AppError('OLD_PASSWORD_WRONG');
  passwordRules(body.password, body.confirmPassword);
  if (body.password === body.oldPassword) throw new AppError('SAME_PASSWORD');
  const passwordHash = await hashPassword(body.password);
  const nowMs = ctx.clock.nowMs();
  await ctx.database.transaction(async (trx) => {
    await repo.updatePasswordHash(trx, user.id, passwordHash, nowMs);
    await repo.revokeAllSessions(trx, user.id, nowMs, 'password_change');
  });
  forgetVerifiedTradingPasswords(ctx, { userId: user.id });
  announceSessionsRevoked(ctx, user.id);
}

function resetCodeHash(userId: number, code: string) {
  return sha256Hex(`${userId}:${code}`);
}

/**
 * Sends a 6-digit reset code when the phone belongs to an account. The answer is the same either
 * way; the per-phone cooldown applies to every phone so it reveals nothing either.
 */
export async function requestPasswordReset(ctx: AppContext, rawPhone: string, meta: RequestMeta): Promise<void> {
  const phone = toE164(rawPhone);
  if (!phone) throw new AppError('INVALID_PHONE');
  const { config, database } = ctx;
  const nowMs = ctx.clock.nowMs();
  const cooldownKey = `reset-request:${phone}`;
  if (await lockedUntil(database.db, cooldownKey, nowMs)) throw new AppError('RATE_LIMITED');
  await database.transaction(async (trx) => {
    await recordFailure(trx, cooldownKey, nowMs, {
      maxFailures: 1,
      lockMs: config.RESET_CODE_COOLDOWN_SECONDS * 1000,
      windowMs: config.RESET_CODE_COOLDOWN_SECONDS * 1000,
    });
    const user = await repo.findUserByPhone(trx, phone);
    if (!user) return;
    const code = randomDigits(6);
    await repo.insertPasswordReset(trx, {
      userId: user.id,
      codeHash: resetCodeHash(user.id, code),
      nowMs,
      expiresAt: nowMs + config.RESET_CODE_TTL_MINUTES * MINUTE_MS,
    });
    await ctx.notifier.send(trx, {
      channel: 'sms',
      recipient: phone,
      userId: user.id,
      template: 'notify.resetCodeSms',
      params: { code, minutes: config.RESET_CODE_TTL_MINUTES },
      lang: (user.lang as Language) ?? meta.lang,
    });
  });
}

/** Sets a new password with a reset code; the code is single-use and every session is revoked. */
export async function resetPassword(
  ctx: AppContext,
  body: { phone: string; code: string; password: string; confirmPassword: string },
): Promise<void> {
  const phone = toE164(body.phone);
  if (!phone) throw new AppError('INVALID_PHONE');
  const { config, database } = ctx;
  const nowMs = ctx.clock.nowMs();
  const user = await repo.findUserByPhone(database.db, phone);
  const reset = user ? await repo.findOpenPasswordReset(database.db, user.id) : undefined;
  if (!user || !reset) throw new AppError('RESET_CODE_INVALID');
  if (reset.expiresAt <= nowMs) throw new AppError('RESET_CODE_EXPIRED');
  if (reset.attempts >= config.RESET_CODE_MAX_ATTEMPTS) throw new AppError('RESET_CODE_TOO_MANY_ATTEMPTS');
  if (!safeEqualHex(reset.codeHash, resetCodeHash(user.id, body.code))) {
    await repo.countResetAttempt(database.db, reset.id);
    if (reset.attempts + 1 >= config.RESET_CODE_MAX_ATTEMPTS) throw new AppError('RESET_CODE_TOO_MANY_ATTEMPTS');
    throw new AppError('RESET_CODE_INVALID');
  }
  passwordRules(body.password, body.confirmPassword);
  const passwordHash = await hashPassword(body.password);
  await database.transaction(async (trx) => {
    await repo.consumePasswordReset(trx, reset.id, nowMs);
    await repo.updatePasswordHash(trx, user.id, passwordHash, nowMs);
    await repo.revokeAllSessions(trx, user.id, nowMs, 'password_reset');
    await clearFailures(trx, loginThrottleKey(phone));
  });
  forgetVerifiedTradingPasswords(ctx, { userId: user.id });
  announceSessionsRevoked(ctx, user.id);
}

/** Signs an investor out everywhere, in the caller's transaction (a frozen account, say). */
export async function revokeAllSessions(db: Db | Trx, userId: number, nowMs: number, reason: string): Promise<void> {
  await repo.revokeAllSessions(db, userId, nowMs, reason);
}

export interface SessionSummary {
  id: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  revokedAt: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** The user's latest sessions, newest first, as the console shows them: times and origin, never the token. */
export async function recentSessions(db: Db | Trx, userId: number, limit: number): Promise<SessionSummary[]> {
  const rows = await repo.findRecentSessions(db, userId, limit);
  return rows.map((s) => ({
    id: Number(s.id),
    createdAt: new Date(s.createdAt).toISOString(),
    lastSeenAt: new Date(s.lastSeenAt).toISOString(),
    expiresAt: new Date(s.expiresAt).toISOString(),
    revokedAt: s.revokedAt === null ? null : new Date(s.revokedAt).toISOString(),
    ip: s.ip,
    userAgent: s.userAgent,
  }));
}

/** The investor's sessions for their data export: when, where from, how they ended; never the token hash. */
export async function exportFor(db: Db, userId: number): Promise<ExportSection> {
  return { sessions: (await repo.sessionsOfUser(db, userId)).map((row) => exportRow(row, ['tokenHash'])) };
}
