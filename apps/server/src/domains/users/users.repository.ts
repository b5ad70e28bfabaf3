import type { AnnouncementAudience } from '@bourse/shared/schemas/messages';
import { sql } from 'kysely';
import type { Db, Dialect, Trx } from '../../platform/db/database.ts';
import type { User, UserUpdate } from '../../platform/db/schema.ts';
import { selectManyById, type SqlRunner } from '../../platform/db/sql-runner.ts';

/** The users domain's SQL (the users table; sign-up and passwords are auth's). */

type Executor = Db | Trx;

export function findUserById(db: Executor, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Locks the user's row for the rest of the transaction against every other locker (PostgreSQL:
 * `for no key update`). Not `for update`: the transaction (and a concurrent one for the same
 * investor) has usually inserted a row referencing the user already, which holds the foreign key's
 * `for key share` lock on it; `for update` waits for the other's key-share lock while the other
 * waits for ours — a deadlock the bank test met with two deposits of one investor at once. `for no
 * key update` does not conflict with `for key share`, so the two simply take turns.
 */
export async function lockUserRow(trx: Trx, id: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', id).forNoKeyUpdate().execute();
}

export async function updateUser(db: Executor, userId: number, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

/** Stamps the checklist's dismissal once (a repeated dismissal leaves the first time). */
export async function dismissOnboarding(db: Executor, userId: number, nowMs: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ onboardingDismissedAt: nowMs })
    .where('id', '=', userId)
    .where('onboardingDismissedAt', 'is', null)
    .execute();
}

export function findPhonesByIds(db: Executor, userIds: readonly number[]) {
  return db.selectFrom('users').select(['id', 'phone']).where('id', 'in', userIds).execute();
}

/** Id, phone and language of these users (a draw's hundred thousand: one statement, no per-row mapping). */
export function findContactsByIds(db: Executor, dialect: Dialect, userIds: readonly number[]) {
  return selectManyById<{ id: number; phone: string; lang: string }>(
    db,
    dialect,
    'select id, phone, lang from users',
    userIds,
  );
}

/** The user's language through the caller's runner (prepared SQL on the order path). */
export function findLanguageVia(run: SqlRunner, userId: number) {
  return run.get<{ lang: string }>('select lang from users where id = ?', [userId]);
}

/** The user's id, phone and language through the caller's runner (prepared SQL: a fill tells the investor). */
export function findContactVia(run: SqlRunner, userId: number) {
  return run.get<{ id: number; phone: string; lang: string }>('select id, phone, lang from users where id = ?', [
    userId,
  ]);
}

/**
 * A page of users, newest first, whose phone or nickname contains `q` (`%`, `_` and `\` taken
 * literally), and how many match.
 */
export async function pageUsers(
  db: Db,
  filter: { q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: User[]; total: number }> {
  let query = db.selectFrom('users');
  if (filter.q) {
    const escaped = filter.q.replace(/[\\%_]/g, (c) => `\\${c}`);
    const pattern = `%${escaped}%`;
    // Both dialects honour an explicit ESCAPE; SQLite has no default escape character.
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`${eb.ref('phone')} like ${pattern} escape '\\'`,
        sql<boolean>`${eb.ref('nickname')} like ${pattern} escape '\\'`,
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/**
 * The user's credit points, with the row locked for the rest of the transaction on both dialects: an
 * update that changes nothing takes PostgreSQL's row lock (SQLite's writers are serialized anyway).
 */
export async function lockCreditPoints(trx: Trx, userId: number): Promise<number | undefined> {
  await trx
    .updateTable('users')
    .set((eb) => ({ creditPoints: eb.ref('creditPoints') }))
    .where('id', '=', userId)
    .execute();
  const row = await trx.selectFrom('users').select('creditPoints').where('id', '=', userId).executeTakeFirst();
  return row ? Number(row.creditPoints) : undefined;
}

/** Sets the user's credit points total (the members domain keeps the events that explain it). */
export async function setCreditPoints(trx: Trx, userId: number, creditPoints: number): Promise<void> {
  await trx.updateTable('users').set({ creditPoints }).where('id', '=', userId).execute();
}

/** Moves the user's level from `from` to `to`; false when it was no longer `from`. */
export async function moveLevel(trx: Trx, input: { userId: number; from: number; to: number }): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ level: input.to })
    .where('id', '=', input.userId)
    .where('level', '=', input.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ids and levels of the next `limit` users after `afterId`, in id order (batches over everyone). */
export function usersAfter(db: Executor, afterId: number, limit: number) {
  return db.selectFrom('users').select(['id', 'level']).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

/**
 * The ids of the investors an announcement's audience names (messages domain), in id order: everyone,
 * level N or above, an identity status, one of some languages, or those of a list that exist.
 */
export async function findUserIdsOfAudience(db: Executor, audience: AnnouncementAudience): Promise<number[]> {
  let query = db.selectFrom('users').select('id');
  switch (audience.segment) {
    case 'everyone':
      break;
    case 'level':
      query = query.where('level', '>=', audience.minLevel);
      break;
    case 'identity':
      query = query.where('kycStatus', '=', audience.status);
      break;
    case 'language':
      query = query.where('lang', 'in', audience.languages);
      break;
    case 'users':
      query = query.where('id', 'in', audience.userIds);
      break;
  }
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Replaces the user's avatar file name if it is still `from` (a compare-and-set: of two uploads at
 * once, one wins and the other sees false and tries again). True when the row changed.
 */
export async function swapAvatar(
  db: Executor,
  input: { userId: number; from: string | null; to: string; nowMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ avatar: input.to, updatedAt: input.nowMs })
    .where('id', '=', input.userId)
    .where((eb) => (input.from === null ? eb('avatar', 'is', null) : eb('avatar', '=', input.from)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
