import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, Dialect, Trx } from '../../platform/db/database.ts';
import { sqlRunner, updateManyById, type SqlRunner } from '../../platform/db/sql-runner.ts';
import type { IpoIssuesTable, IpoSubscriptionsTable } from '../../platform/db/schema.ts';

/** All SQL of new shares (IPO): the issues and the investors' subscriptions. */

export type IssueRow = Selectable<IpoIssuesTable>;
export type SubscriptionRow = Selectable<IpoSubscriptionsTable>;
export type IssueStatus = 'upcoming' | 'open' | 'closed' | 'allocated' | 'listed' | 'cancelled';

export function insertIssue(trx: Trx, row: Insertable<IpoIssuesTable>): Promise<IssueRow> {
  return trx.insertInto('ipoIssues').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findIssue(db: Db | Trx, id: number): Promise<IssueRow | undefined> {
  return db.selectFrom('ipoIssues').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The issue, locked against a change of status until the transaction ends: shared for a
 * subscription (many may subscribe at once; a cancellation waits for them), exclusive for an
 * operator's change. SQLite serializes writers, so the plain read suffices there.
 */
export function lockIssue(
  trx: Trx,
  dialect: Dialect,
  id: number,
  mode: 'share' | 'update',
): Promise<IssueRow | undefined> {
  const query = trx.selectFrom('ipoIssues').selectAll().where('id', '=', id);
  if (dialect !== 'postgres') return query.executeTakeFirst();
  return (mode === 'share' ? query.forShare() : query.forUpdate()).executeTakeFirst();
}

/** Changes an issue only while it has the status it was read with; false when it had moved on. */
export async function updateIssueIfStatus(
  db: Db | Trx,
  id: number,
  status: IssueStatus,
  change: Updateable<IpoIssuesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('ipoIssues')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A page of issues of these statuses; `order` by the end of the window, earliest or latest first. */
export async function pageIssues(
  db: Db,
  filter: { statuses?: readonly IssueStatus[] | undefined; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: IssueRow[]; total: number }> {
  let query = db.selectFrom('ipoIssues');
  if (filter.statuses) query = query.where('status', 'in', [...filter.statuses]);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('subscribeEnd', filter.order)
      .orderBy('id', filter.order)
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every open issue, in the order one-click subscribes them: the window that ends first, then by id. */
export function openIssues(db: Db | Trx): Promise<IssueRow[]> {
  return db
    .selectFrom('ipoIssues')
    .selectAll()
    .where('status', '=', 'open')
    .orderBy('subscribeEnd')
    .orderBy('id')
    .execute();
}

/** Ids of issues whose window opened (upcoming) or closed (open) at or before `dueAtMs`. */
export async function issuesDue(db: Db, status: 'upcoming' | 'open', dueAtMs: number): Promise<number[]> {
  const column = status === 'upcoming' ? 'subscribeStart' : 'subscribeEnd';
  const rows = await db
    .selectFrom('ipoIssues')
    .select('id')
    .where('status', '=', status)
    .where(column, '<=', dueAtMs)
    .orderBy(column)
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/** The earliest instant an issue opens or closes, or null when none is waiting to. */
export async function nextWindowChange(db: Db): Promise<number | null> {
  const [opening, closing] = await Promise.all([
    db
      .selectFrom('ipoIssues')
      .select((eb) => eb.fn.min('subscribeStart').as('at'))
      .where('status', '=', 'upcoming')
      .executeTakeFirst(),
    db
      .selectFrom('ipoIssues')
      .select((eb) => eb.fn.min('subscribeEnd').as('at'))
      .where('status', '=', 'open')
      .executeTakeFirst(),
  ]);
  const times = [opening?.at, closing?.at].filter((at) => at !== null && at !== undefined).map(Number);
  return times.length === 0 ? null : Math.min(...times);
}

export interface Demand {
  applicants: number;
  lots: number;
  heldMinor: number;
}

/** Per issue: investors, lots applied and cash held by its subscriptions that are not cancelled. */
export async function demandOf(db: Db | Trx, issueIds: readonly number[]): Promise<Map<number, Demand>> {
  const demand = new Map<number, Demand>();
  if (issueIds.length === 0) return demand;
  const rows = await db
    .selectFrom('ipoSubscriptions')
    .select((eb) => [
      'issueId',
      eb.fn.countAll<number>().as('applicants'),
      eb.fn.sum<number>('lots').as('lots'),
      eb.fn.sum<number>('amountHeldMinor').as('held'),
    ])
    .where('issueId', 'in', [...issueIds])
    .where('status', '!=', 'cancelled')
    .groupBy('issueId')
    .execute();
  for (const row of rows) {
    demand.set(Number(row.issueId), {
      applicants: Number(row.applicants),
      lots: Number(row.lots),
      heldMinor: Number(row.held),
    });
  }
  return demand;
}

/** The investor's subscriptions to these issues, by issue id. */
export async function subscriptionsOfUserFor(
  db: Db | Trx,
  userId: number,
  issueIds: readonly number[],
): Promise<Map<number, SubscriptionRow>> {
  if (issueIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ipoSubscriptions')
    .selectAll()
    .where('userId', '=', userId)
    .where('issueId', 'in', [...issueIds])
    .execute();
  return new Map(rows.map((row) => [Number(row.issueId), row]));
}

/** A page of the investor's subscriptions, newest first. */
export async function pageSubscriptionsOfUser(
  db: Db,
  userId: number,
  filter: { statuses?: readonly string[] | undefined; limit: number; offset: number },
): Promise<{ rows: SubscriptionRow[]; total: number }> {
  let query = db.selectFrom('ipoSubscriptions').where('userId', '=', userId);
  if (filter.statuses) query = query.where('status', 'in', [...filter.statuses]);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** A page of an issue's subscriptions in id order (the draw's order). */
export async function pageSubscriptionsOfIssue(
  db: Db,
  issueId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: SubscriptionRow[]; total: number }> {
  const query = db.selectFrom('ipoSubscriptions').where('issueId', '=', issueId);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id').limit(page.limit).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function insertSubscription(trx: Trx, row: Insertable<IpoSubscriptionsTable>): Promise<SubscriptionRow> {
  return trx.insertInto('ipoSubscriptions').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The subscriptions of an issue still holding cash (status `subscribed`), in id order. */
export function heldSubscriptionsOfIssue(trx: Trx, issueId: number): Promise<SubscriptionRow[]> {
  return trx
    .selectFrom('ipoSubscriptions')
    .selectAll()
    .where('issueId', '=', issueId)
    .where('status', '=', 'subscribed')
    .orderBy('id')
    .execute();
}

/** A subscription released in full by the issue's cancellation. */
export async function markSubscriptionCancelled(trx: Trx, id: number, nowMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('ipoSubscriptions')
    .set((eb) => ({
      status: 'cancelled',
      amountCapturedMinor: 0,
      amountReleasedMinor: eb.ref('amountHeldMinor'),
      allocatedAt: nowMs,
    }))
    .where('id', '=', id)
    .where('status', '=', 'subscribed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What the investor has paid for allotted shares that are not a position yet (before listing). */
export async function allottedUnlistedMinor(db: Db | Trx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('ipoSubscriptions')
    .select((eb) => eb.fn.sum<number>('amountCapturedMinor').as('paid'))
    .where('userId', '=', userId)
    .where('status', '=', 'allotted')
    .where('positionId', 'is', null)
    .executeTakeFirst();
  return Number(row?.paid ?? 0);
}

// ── the draw and the listing ───────────────────────────────────────────────────────────────────────

/**
 * Every subscription in the draw (all but cancelled ones), in id order, with its outcome so far: plain
 * SQL through `run` (a draw reads a hundred thousand rows; the read connection on SQLite), the rows
 * as SQLite and PostgreSQL answer them (integers as numbers: database.ts), no per-row copy.
 */
export function drawRowsOfIssue(run: SqlRunner, issueId: number) {
  return run.all<{ subscriptionId: number; lots: number; lotsAllotted: number | null }>(
    `select id as "subscriptionId", lots, lots_allotted as "lotsAllotted" from ipo_subscriptions
     where issue_id = ? and status != 'cancelled' order by id`,
    [issueId],
  );
}

/** A subscription the draw has still to settle. */
export interface Unsettled {
  id: number;
  userId: number;
  lots: number;
  amountHeldMinor: number;
  holdId: number;
}

/**
 * The next `limit` subscriptions of the issue the draw has not settled yet, in id order (after
 * `afterId`, so a draw's chunks do not walk again over the ones settled before them): prepared SQL
 * (once per chunk of a draw of a hundred thousand).
 */
export async function unsettledSubscriptions(
  trx: Trx,
  dialect: Dialect,
  issueId: number,
  limit: number,
  { skipLocked = false, afterId = 0 }: { skipLocked?: boolean; afterId?: number } = {},
): Promise<Unsettled[]> {
  // skipLocked (PostgreSQL): the rows are locked for this transaction and rows another chunk has
  // locked are passed over, so chunks settled side by side each take their own.
  const lock = skipLocked && dialect === 'postgres' ? ' for update skip locked' : '';
  const rows = await sqlRunner(trx, dialect).all<Unsettled>(
    `select id, user_id as "userId", lots, amount_held_minor as "amountHeldMinor", hold_id as "holdId"
     from ipo_subscriptions where issue_id = ? and id > ? and status = 'subscribed' order by id limit ?${lock}`,
    [issueId, afterId, limit],
  );
  // PostgreSQL answers bigints as text.
  return rows.map((row) => ({
    id: Number(row.id),
    userId: Number(row.userId),
    lots: Number(row.lots),
    amountHeldMinor: Number(row.amountHeldMinor),
    holdId: Number(row.holdId),
  }));
}

export interface Settled {
  id: number;
  lotsAllotted: number;
  capturedMinor: number;
  releasedMinor: number;
}

/**
 * Records the draw's outcome of these subscriptions (allotted when any lot was, else not allotted),
 * each only while still `subscribed`. Returns how many changed.
 */
export function settleSubscriptions(
  trx: Trx,
  dialect: Dialect,
  rows: readonly Settled[],
  nowMs: number,
): Promise<number> {
  return updateManyById(
    trx,
    dialect,
    'ipo_subscriptions',
    [
      { name: 'status', type: 'text' },
      { name: 'lots_allotted', type: 'integer' },
      { name: 'amount_captured_minor', type: 'bigint' },
      { name: 'amount_released_minor', type: 'bigint' },
      { name: 'allocated_at', type: 'bigint' },
    ],
    rows.map((row) => [
      row.id,
      row.lotsAllotted > 0 ? 'allotted' : 'not_allotted',
      row.lotsAllotted,
      row.capturedMinor,
      row.releasedMinor,
      nowMs,
    ]),
    "status = 'subscribed'",
  );
}

/** Marks the draw as begun (once): from now on the issue cannot be cancelled, and a rerun resumes it. */
export async function markAllocationStarted(trx: Trx, id: number, nowMs: number): Promise<void> {
  await trx
    .updateTable('ipoIssues')
    .set({ allocationStartedAt: nowMs, updatedAt: nowMs })
    .where('id', '=', id)
    .where('status', '=', 'closed')
    .where('allocationStartedAt', 'is', null)
    .execute();
}

/** Ids of issues due for their draw (closed, allocation time reached) or their listing (allocated, listing time reached). */
export async function issuesDueFor(db: Db, step: 'allocation' | 'listing', dueAtMs: number): Promise<number[]> {
  const [status, column] =
    step === 'allocation' ? (['closed', 'allocationAt'] as const) : (['allocated', 'listingAt'] as const);
  const rows = await db
    .selectFrom('ipoIssues')
    .select('id')
    .where('status', '=', status)
    .where(column, '<=', dueAtMs)
    .orderBy(column)
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/** When the next draw (or listing) falls due, or null when no issue waits for one. */
export async function nextDueFor(db: Db, step: 'allocation' | 'listing'): Promise<number | null> {
  const [status, column] =
    step === 'allocation' ? (['closed', 'allocationAt'] as const) : (['allocated', 'listingAt'] as const);
  const row = await db
    .selectFrom('ipoIssues')
    .select((eb) => eb.fn.min(column).as('at'))
    .where('status', '=', status)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/** The next `limit` allotted subscriptions of the issue whose shares are not a position yet, in id order. */
export function unlistedAllotments(trx: Trx, issueId: number, limit: number) {
  return trx
    .selectFrom('ipoSubscriptions')
    .select(['id', 'userId', 'lotsAllotted', 'amountCapturedMinor'])
    .where('issueId', '=', issueId)
    .where('status', '=', 'allotted')
    .where('positionId', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Links allotted subscriptions to the position lots their shares became (each once). */
export function setPositions(
  trx: Trx,
  dialect: Dialect,
  rows: ReadonlyArray<{ id: number; positionId: number }>,
): Promise<number> {
  return updateManyById(
    trx,
    dialect,
    'ipo_subscriptions',
    [{ name: 'position_id', type: 'bigint' }],
    rows.map((row) => [row.id, row.positionId]),
    'position_id is null',
  );
}

/** Every IPO subscription row of one investor, for their data export. */
export function subscriptionsOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('ipoSubscriptions').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

/** How many subscriptions of the investor were not withdrawn (subscribed, allotted or not). */
export async function countSubscriptionsOfUser(db: Db | Trx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('ipoSubscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('status', '!=', 'cancelled')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
