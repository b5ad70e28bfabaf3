import type { DatabaseHandle, Db, Trx } from '../../platform/db/database.ts';
import { readRunner } from '../../platform/db/sql-runner.ts';
import type { NewUser } from '../../platform/db/schema.ts';

type Executor = Db | Trx;

export function findUserByPhone(db: Executor, phone: string) {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export async function insertUser(db: Executor, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string, nowMs: number) {
  await db.updateTable('users').set({ passwordHash, updatedAt: nowMs }).where('id', '=', userId).execute();
}

export async function insertSession(
  db: Executor,
  session: {
    userId: number;
    tokenHash: string;
    nowMs: number;
    expiresAt: number;
    ip: string | null;
    userAgent: string | null;
  },
) {
  await db
    .insertInto('sessions')
    .values({
      userId: session.userId,
      tokenHash: session.tokenHash,
      createdAt: session.nowMs,
      lastSeenAt: session.nowMs,
      expiresAt: session.expiresAt,
      ip: session.ip,
      userAgent: session.userAgent,
    })
    .execute();
}

/**
 * The session behind a token, read on every authenticated request: on SQLite from the read-only
 * connection with a prepared statement (committed sessions only, no wait behind a write).
 */
export function readSessionByTokenHash(database: DatabaseHandle, tokenHash: string) {
  return readRunner(database).get<{
    sessionId: number;
    userId: number;
    expiresAt: number;
    revokedAt: number | null;
    lastSeenAt: number;
    userStatus: string;
  }>(
    `select s.id as "sessionId", s.user_id as "userId", s.expires_at as "expiresAt", s.revoked_at as "revokedAt",
       s.last_seen_at as "lastSeenAt", u.status as "userStatus"
     from sessions s join users u on u.id = s.user_id where s.token_hash = ?`,
    [tokenHash],
  );
}

export function findSessionByTokenHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.id as sessionId',
      'sessions.userId',
      'sessions.expiresAt',
      'sessions.revokedAt',
      'sessions.lastSeenAt',
      'users.status as userStatus',
    ])
    .where('sessions.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Executor, sessionId: number, nowMs: number) {
  await db.updateTable('sessions').set({ lastSeenAt: nowMs }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: Executor, sessionId: number, nowMs: number, reason: string) {
  await db
    .updateTable('sessions')
    .set({ revokedAt: nowMs, revokeReason: reason })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

export async function revokeAllSessions(db: Executor, userId: number, nowMs: number, reason: string) {
  await db
    .updateTable('sessions')
    .set({ revokedAt: nowMs, revokeReason: reason })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .execute();
}

export async function insertPasswordReset(
  db: Executor,
  reset: { userId: number; codeHash: string; nowMs: number; expiresAt: number },
) {
  // A new code replaces any earlier one still outstanding.
  await db
    .updateTable('passwordResets')
    .set({ consumedAt: reset.nowMs })
    .where('userId', '=', reset.userId)
    .where('consumedAt', 'is', null)
    .execute();
  await db
    .insertInto('passwordResets')
    .values({ userId: reset.userId, codeHash: reset.codeHash, createdAt: reset.nowMs, expiresAt: reset.expiresAt })
    .execute();
}

export function findOpenPasswordReset(db: Executor, userId: number) {
  return db
    .selectFrom('passwordResets')
    .selectAll()
    .where('userId', '=', userId)
    .where('consumedAt', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function countResetAttempt(db: Executor, resetId: number) {
  await db
    .updateTable('passwordResets')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', resetId)
    .execute();
}

export async function consumePasswordReset(db: Executor, resetId: number, nowMs: number) {
  await db.updateTable('passwordResets').set({ consumedAt: nowMs }).where('id', '=', resetId).execute();
}

/** The user's latest sessions, newest first (revoked and expired ones included). */
export function findRecentSessions(db: Executor, userId: number, limit: number) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Every session row of one investor, for their data export. */
export function sessionsOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('sessions').selectAll().where('userId', '=', userId).orderBy('id').execute();
}
