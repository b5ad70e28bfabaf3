import type { Db, Trx } from '../../platform/db/database.ts';
import type { Operator } from '../../platform/db/schema.ts';

/** The admin domain's SQL: operators, their sessions, and the outbox the console shows. */

type Executor = Db | Trx;

export async function insertOperator(
  db: Executor,
  values: { username: string; passwordHash: string; totpSecret: string; roles: string; createdAt: number },
): Promise<number> {
  const row = await db.insertInto('operators').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export function findOperatorByUsername(db: Executor, username: string): Promise<Operator | undefined> {
  return db.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
}

/** The usernames of these operators, one statement for many ids. */
export function findOperatorUsernames(db: Executor, operatorIds: readonly number[]) {
  return db.selectFrom('operators').select(['id', 'username']).where('id', 'in', operatorIds).execute();
}

/**
 * Records a TOTP step as used, only if it is later than the last one: true when this call took it
 * (a conditional update, so two concurrent sign-ins with the same code cannot both win).
 */
export async function takeTotpStep(db: Executor, operatorId: number, step: number): Promise<boolean> {
  const taken = await db
    .updateTable('operators')
    .set({ lastTotpStep: step })
    .where('id', '=', operatorId)
    .where((eb) => eb.or([eb('lastTotpStep', 'is', null), eb('lastTotpStep', '<', step)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

export async function insertOperatorSession(
  db: Executor,
  values: { operatorId: number; tokenHash: string; createdAt: number; expiresAt: number; ip: string | null },
): Promise<void> {
  await db.insertInto('operatorSessions').values(values).execute();
}

/** The session behind a token hash with its operator's name, roles and status. */
export function findOperatorSessionByTokenHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('operatorSessions')
    .innerJoin('operators', 'operators.id', 'operatorSessions.operatorId')
    .select([
      'operatorSessions.id as sessionId',
      'operatorSessions.expiresAt',
      'operatorSessions.revokedAt',
      'operators.id as operatorId',
      'operators.username',
      'operators.roles',
      'operators.status',
    ])
    .where('operatorSessions.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function revokeOperatorSession(db: Executor, sessionId: number, nowMs: number): Promise<void> {
  await db.updateTable('operatorSessions').set({ revokedAt: nowMs }).where('id', '=', sessionId).execute();
}

/** A page of the outbox, newest first, and the number of messages in it. */
export async function pageOutbox(db: Db, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
