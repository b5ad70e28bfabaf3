import { OPERATOR_ROLES, type OperatorInfo, type OperatorRole } from '@bourse/shared/schemas/admin';
import { generateSecret, verify as verifyTotp } from 'otplib';
import type { AppContext } from '../../platform/context.ts';
import { hashPassword, newSessionToken, sha256Hex, verifyAgainstDummy, verifyPassword } from '../../platform/crypto.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import type { Operator } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { clearFailures, lockedUntil, recordFailure } from '../../platform/throttle.ts';
import { appendAudit } from '../../platform/audit.ts';
import type { OperatorPrincipal } from '../../platform/principals.ts';
import * as repo from './admin.repository.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const TOTP_PERIOD_SECONDS = 30;

export type { OperatorPrincipal };

function parseRoles(raw: string): OperatorRole[] {
  return raw
    .split(',')
    .map((r) => r.trim())
    .filter((r): r is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(r));
}

export function toOperatorInfo(op: { id: number; username: string; roles: string | OperatorRole[] }): OperatorInfo {
  return { id: op.id, username: op.username, roles: Array.isArray(op.roles) ? op.roles : parseRoles(op.roles) };
}

/** Creates an operator with a fresh TOTP secret (base32), returned once so it can be enrolled. */
export async function createOperator(
  db: Db | Trx,
  input: { username: string; password: string; roles: OperatorRole[]; nowMs: number },
): Promise<{ id: number; totpSecret: string }> {
  const totpSecret = generateSecret();
  const id = await repo.insertOperator(db, {
    username: input.username,
    passwordHash: await hashPassword(input.password),
    totpSecret,
    roles: input.roles.join(','),
    createdAt: input.nowMs,
  });
  return { id, totpSecret };
}

/**
 * Operator sign-in: password and a TOTP code, each code usable once (a code older than or equal to
 * the last accepted step is refused). Every failure gets the same answer; five lock the name.
 */
export async function operatorLogin(
  ctx: AppContext,
  body: { username: string; password: string; totp: string },
  meta: { ip: string | null },
): Promise<{ token: string; expiresAt: number; operator: OperatorInfo }> {
  const { database, config } = ctx;
  const nowMs = ctx.clock.nowMs();
  const key = `operator-login:${body.username.toLowerCase()}`;
  const locked = await lockedUntil(database.db, key, nowMs);
  if (locked) throw new AppError('ACCOUNT_LOCKED', { minutes: Math.ceil((locked - nowMs) / MINUTE_MS) });

  const operator = await repo.findOperatorByUsername(database.db, body.username);
  const passwordOk = operator
    ? await verifyPassword(operator.passwordHash, body.password)
    : await verifyAgainstDummy(body.password);
  const step = operator && passwordOk ? await acceptedTotpStep(operator, body.totp, nowMs) : null;

  if (!operator || !passwordOk || step === null || operator.status !== 'active') {
    const lock = await database.transaction(async (trx) => {
      await appendAudit(trx, {
        operatorId: operator?.id ?? null,
        operatorUsername: body.username.slice(0, 64),
        action: 'operator.login_failed',
        ip: meta.ip,
        atMs: nowMs,
      });
      return recordFailure(trx, key, nowMs, {
        maxFailures: config.LOGIN_MAX_FAILURES,
        lockMs: config.LOGIN_LOCK_MINUTES * MINUTE_MS,
        windowMs: config.LOGIN_LOCK_MINUTES * MINUTE_MS,
      });
    });
    if (lock) throw new AppError('ACCOUNT_LOCKED', { minutes: config.LOGIN_LOCK_MINUTES });
    throw new AppError('TOTP_INVALID');
  }

  const token = newSessionToken();
  const expiresAt = nowMs + config.OPERATOR_SESSION_TTL_HOURS * HOUR_MS;
  await database.transaction(async (trx) => {
    // Conditional update: two concurrent sign-ins with the same code cannot both win.
    if (!(await repo.takeTotpStep(trx, operator.id, step))) throw new AppError('TOTP_INVALID');
    await clearFailures(trx, key);
    await repo.insertOperatorSession(trx, {
      operatorId: operator.id,
      tokenHash: sha256Hex(token),
      createdAt: nowMs,
      expiresAt,
      ip: meta.ip,
    });
    await appendAudit(trx, {
      operatorId: operator.id,
      operatorUsername: operator.username,
      action: 'operator.login',
      ip: meta.ip,
      atMs: nowMs,
    });
  });
  return { token, expiresAt, operator: toOperatorInfo(operator) };
}

async function acceptedTotpStep(operator: Operator, token: string, nowMs: number): Promise<number | null> {
  const result = await verifyTotp({
    secret: operator.totpSecret,
    token,
    epoch: Math.floor(nowMs / 1000),
    // One step of drift either way, as authenticator apps and phone clocks drift.
    epochTolerance: TOTP_PERIOD_SECONDS,
  }).catch(() => ({ valid: false as const }));
  if (!result.valid) return null;
  // RFC 6238 step number of the period the code matched (epoch is that period's start).
  const step = Math.floor((result as { epoch: number }).epoch / TOTP_PERIOD_SECONDS);
  if (operator.lastTotpStep !== null && step <= operator.lastTotpStep) return null;
  return step;
}

export async function authenticateOperator(ctx: AppContext, token: string | undefined): Promise<OperatorPrincipal> {
  if (!token) throw new AppError('UNAUTHORIZED');
  if (token.length > 128) throw new AppError('SESSION_EXPIRED');
  const row = await repo.findOperatorSessionByTokenHash(ctx.database.db, sha256Hex(token));
  if (!row || row.revokedAt !== null || row.expiresAt <= ctx.clock.nowMs() || row.status !== 'active') {
    throw new AppError('SESSION_EXPIRED');
  }
  return { operatorId: row.operatorId, username: row.username, roles: parseRoles(row.roles), sessionId: row.sessionId };
}

export async function operatorLogout(ctx: AppContext, principal: OperatorPrincipal, ip: string | null) {
  const nowMs = ctx.clock.nowMs();
  await ctx.database.transaction(async (trx) => {
    await repo.revokeOperatorSession(trx, principal.sessionId, nowMs);
    await appendAudit(trx, {
      operatorId: principal.operatorId,
      operatorUsername: principal.username,
      action: 'operator.logout',
      ip,
      atMs: nowMs,
    });
  });
}

/** The usernames of these operators by id (one query for many; unknown ids are left out). */
export async function operatorNames(db: Db | Trx, operatorIds: readonly number[]): Promise<Map<number, string>> {
  if (operatorIds.length === 0) return new Map();
  const rows = await repo.findOperatorUsernames(db, [...new Set(operatorIds)]);
  return new Map(rows.map((row) => [Number(row.id), row.username]));
}
