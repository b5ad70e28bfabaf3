import type { Selectable } from 'kysely';
import type { Db, Trx } from '../../platform/db/database.ts';
import type {
  CreditPointEventsTable,
  CreditPointRulesTable,
  MemberLevelChangesTable,
  MemberLevelTiersTable,
} from '../../platform/db/schema.ts';

/** The members domain's SQL: point rules and events, level tiers, level changes and review runs. */

type Executor = Db | Trx;
export type RuleRow = Selectable<CreditPointRulesTable>;
export type EventRow = Selectable<CreditPointEventsTable>;
export type TierRow = Selectable<MemberLevelTiersTable>;
export type LevelChangeRow = Selectable<MemberLevelChangesTable>;

export function listRules(db: Executor): Promise<RuleRow[]> {
  return db.selectFrom('creditPointRules').selectAll().orderBy('code').execute();
}

export function findRule(db: Executor, code: string): Promise<RuleRow | undefined> {
  return db.selectFrom('creditPointRules').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function updateRule(
  trx: Trx,
  code: string,
  change: { points: number; active: number; updatedAt: number; updatedBy: number },
): Promise<void> {
  await trx.updateTable('creditPointRules').set(change).where('code', '=', code).execute();
}

/**
 * Records a change of points unless one with the same (user, rule, reference) exists: the unique
 * constraint decides (on PostgreSQL a concurrent insert waits for the other to commit), and a
 * duplicate writes nothing and answers undefined.
 */
export async function insertEventOnce(trx: Trx, event: Omit<EventRow, 'id'>): Promise<number | undefined> {
  const row = await trx
    .insertInto('creditPointEvents')
    .values(event)
    .onConflict((oc) => oc.columns(['userId', 'ruleCode', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** A page of the user's point changes, newest first, and how many there are. */
export async function pageEvents(
  db: Executor,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: EventRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('creditPointEvents')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('creditPointEvents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function listTiers(db: Executor): Promise<TierRow[]> {
  return db.selectFrom('memberLevelTiers').selectAll().orderBy('level').execute();
}

export async function updateTier(
  trx: Trx,
  level: number,
  change: { minTotalAssetsMinor: number; updatedAt: number; updatedBy: number },
): Promise<void> {
  await trx.updateTable('memberLevelTiers').set(change).where('level', '=', level).execute();
}

export async function insertLevelChanges(trx: Trx, rows: ReadonlyArray<Omit<LevelChangeRow, 'id'>>): Promise<void> {
  if (rows.length === 0) return;
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('memberLevelChanges')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/** The user's latest level changes, newest first. */
export function latestLevelChanges(db: Executor, userId: number, limit: number): Promise<LevelChangeRow[]> {
  return db
    .selectFrom('memberLevelChanges')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The latest business date whose level review completed, or undefined before the first. */
export async function latestRunDate(db: Executor): Promise<string | undefined> {
  const row = await db
    .selectFrom('memberLevelRuns')
    .select('businessDate')
    .orderBy('businessDate', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.businessDate;
}

/** Marks a business date's review done; a second mark of the same date writes nothing. */
export async function insertRun(
  trx: Trx,
  run: { businessDate: string; usersChecked: number; levelsChanged: number; completedAt: number },
): Promise<void> {
  await trx
    .insertInto('memberLevelRuns')
    .values(run)
    .onConflict((oc) => oc.column('businessDate').doNothing())
    .execute();
}

/** Every credit point event row of one investor, for their data export. */
export function pointEventsOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('creditPointEvents').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

/** Every member level change row of one investor, for their data export. */
export function levelChangesOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('memberLevelChanges').selectAll().where('userId', '=', userId).orderBy('id').execute();
}
