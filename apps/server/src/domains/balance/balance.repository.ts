import { sql, type Selectable } from 'kysely';
import type { Db, Dialect, Trx } from '../../platform/db/database.ts';
import type {
  FundAccrualsTable,
  FundOrdersTable,
  FundRatesTable,
  MarketHolidaysTable,
} from '../../platform/db/schema.ts';
import { insertMany, updateManyById } from '../../platform/db/sql-runner.ts';

/** The balance product's SQL: rate versions, purchases and redemptions, daily accruals, holidays. */

export type FundRateRow = Selectable<FundRatesTable>;
export type FundOrderRow = Selectable<FundOrdersTable>;
export type FundAccrualRow = Selectable<FundAccrualsTable>;
export type HolidayRow = Selectable<MarketHolidaysTable>;

// ── rates ──

export function insertRate(
  trx: Trx,
  values: { ratePpm: number; effectiveDate: string; createdBy: number | null; createdAt: number },
): Promise<FundRateRow> {
  return trx.insertInto('fundRates').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The version in force on `date`: the latest set with an effective date on or before it. */
export function rateOn(db: Db | Trx, date: string): Promise<FundRateRow | undefined> {
  return db
    .selectFrom('fundRates')
    .selectAll()
    .where('effectiveDate', '<=', date)
    .orderBy('effectiveDate', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Every version, newest effective date first (then newest set). */
export function rateVersions(db: Db | Trx): Promise<FundRateRow[]> {
  return db.selectFrom('fundRates').selectAll().orderBy('effectiveDate', 'desc').orderBy('id', 'desc').execute();
}

// ── purchases and redemptions ──

export function insertOrder(
  trx: Trx,
  values: {
    userId: number;
    kind: 'purchase' | 'redeem';
    amountMinor: number;
    tradeDate: string;
    confirmDate: string;
    dueAt: number;
    requestKey: string;
    createdAt: number;
  },
): Promise<FundOrderRow> {
  return trx.insertInto('fundOrders').values(values).returningAll().executeTakeFirstOrThrow();
}

export function pendingOrdersOfUser(db: Db | Trx, userId: number): Promise<FundOrderRow[]> {
  return db
    .selectFrom('fundOrders')
    .selectAll()
    .where('userId', '=', userId)
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
}

/** The earliest instant a pending order falls due, or null. */
export async function nextOrderDue(db: Db | Trx): Promise<number | null> {
  const row = await db
    .selectFrom('fundOrders')
    .select((eb) => eb.fn.min('dueAt').as('dueAt'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row?.dueAt === null || row?.dueAt === undefined ? null : Number(row.dueAt);
}

/** Pending orders due by `dueAtMs`, in the order they fell due (at most `limit`). */
export function dueOrders(trx: Trx, dueAtMs: number, limit: number): Promise<FundOrderRow[]> {
  return trx
    .selectFrom('fundOrders')
    .selectAll()
    .where('status', '=', 'pending')
    .where('dueAt', '<=', dueAtMs)
    .orderBy('dueAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Marks a pending order confirmed; false (nothing changed) when it already was. */
export async function confirmOrder(trx: Trx, orderId: number, nowMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('fundOrders')
    .set({ status: 'confirmed', confirmedAt: nowMs })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The investor's orders placed or confirmed since `fromMs` (for the history). */
export function ordersOfUserSince(db: Db | Trx, userId: number, fromMs: number): Promise<FundOrderRow[]> {
  return db
    .selectFrom('fundOrders')
    .selectAll()
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('createdAt', '>=', fromMs), eb('confirmedAt', '>=', fromMs)]))
    .execute();
}

/** The first day anyone's purchase is confirmed: accrual starts there. */
export async function firstConfirmDate(db: Db | Trx): Promise<string | null> {
  const row = await db
    .selectFrom('fundOrders')
    .select((eb) => eb.fn.min('confirmDate').as('date'))
    .where('kind', '=', 'purchase')
    .executeTakeFirst();
  return row?.date ?? null;
}

// ── accrual ──

export async function lastAccruedDay(db: Db | Trx): Promise<string | null> {
  const row = await db
    .selectFrom('fundAccrualDays')
    .select((eb) => eb.fn.max('accrualDate').as('date'))
    .executeTakeFirst();
  return row?.date ?? null;
}

/** Claims a day for the accrual job; false when it was done before (nothing to do again). */
export async function claimAccrualDay(
  trx: Trx,
  values: { accrualDate: string; ratePpm: number; investors: number; interestMinor: number; doneAt: number },
): Promise<boolean> {
  const rows = await trx
    .insertInto('fundAccrualDays')
    .values(values)
    .onConflict((oc) => oc.column('accrualDate').doNothing())
    .returning('accrualDate')
    .execute();
  return rows.length === 1;
}

export async function recordAccrualDayTotals(
  trx: Trx,
  date: string,
  totals: { investors: number; interestMinor: number },
): Promise<void> {
  await trx.updateTable('fundAccrualDays').set(totals).where('accrualDate', '=', date).execute();
}

/**
 * Every investor's balance that earns on `date`, from the business rows alone (so a day caught up
 * late gets the balance it had then): purchases confirmed on or before the day, less redemptions
 * placed on or before it, plus every earlier day's interest. Only balances above zero.
 */
export async function earningBalances(trx: Trx, date: string): Promise<Map<number, number>> {
  const orders = await trx
    .selectFrom('fundOrders')
    .select([
      'userId',
      sql<string>`sum(case when kind = 'purchase' and confirm_date <= ${date} then amount_minor
                          when kind = 'redeem' and trade_date <= ${date} then -amount_minor else 0 end)`.as('net'),
    ])
    .groupBy('userId')
    .execute();
  const interest = await trx
    .selectFrom('fundAccruals')
    .select(['userId', sql<string>`sum(interest_minor)`.as('earned')])
    .where('accrualDate', '<', date)
    .groupBy('userId')
    .execute();
  const balances = new Map<number, number>();
  for (const row of orders) balances.set(Number(row.userId), Number(row.net));
  for (const row of interest) {
    balances.set(Number(row.userId), (balances.get(Number(row.userId)) ?? 0) + Number(row.earned));
  }
  for (const [userId, balance] of balances) if (balance <= 0) balances.delete(userId);
  return balances;
}

/** Each investor's stored carry (and its row id), for these investors. */
export async function carriesOf(
  trx: Trx,
  userIds: readonly number[],
): Promise<Map<number, { id: number; carry: bigint }>> {
  const carries = new Map<number, { id: number; carry: bigint }>();
  for (let i = 0; i < userIds.length; i += 1_000) {
    const rows = await trx
      .selectFrom('fundPositions')
      .select(['id', 'userId', 'carry'])
      .where('userId', 'in', userIds.slice(i, i + 1_000))
      .execute();
    for (const row of rows) carries.set(Number(row.userId), { id: Number(row.id), carry: BigInt(row.carry) });
  }
  return carries;
}

export interface AccrualInsert {
  userId: number;
  accrualDate: string;
  balanceMinor: number;
  ratePpm: number;
  interestMinor: number;
  carryAfter: string;
  createdAt: number;
}

/** A day's accrual rows, in a few statements; the unique (user, day) refuses a second one. */
export async function insertAccruals(trx: Trx, dialect: Dialect, rows: readonly AccrualInsert[]): Promise<void> {
  await insertMany(
    trx,
    dialect,
    'fund_accruals',
    ['user_id', 'accrual_date', 'balance_minor', 'rate_ppm', 'interest_minor', 'carry_after', 'created_at'],
    ['bigint', 'text', 'bigint', 'integer', 'bigint', 'text', 'bigint'],
    rows.map((row) => [
      row.userId,
      row.accrualDate,
      row.balanceMinor,
      row.ratePpm,
      row.interestMinor,
      row.carryAfter,
      row.createdAt,
    ]),
  );
}

/** Stores the carries: existing positions updated by id, new ones inserted. */
export async function storeCarries(
  trx: Trx,
  dialect: Dialect,
  updates: ReadonlyArray<{ id: number; carry: string }>,
  inserts: ReadonlyArray<{ userId: number; carry: string }>,
  nowMs: number,
): Promise<void> {
  await updateManyById(
    trx,
    dialect,
    'fund_positions',
    [
      { name: 'carry', type: 'text' },
      { name: 'updated_at', type: 'bigint' },
    ],
    updates.map((row) => [row.id, row.carry, nowMs]),
  );
  await insertMany(
    trx,
    dialect,
    'fund_positions',
    ['user_id', 'carry', 'updated_at'],
    ['bigint', 'text', 'bigint'],
    inserts.map((row) => [row.userId, row.carry, nowMs]),
  );
}

/** Interest of one day and of all days, for one investor. */
export async function earningsOf(
  db: Db | Trx,
  userId: number,
  day: string,
): Promise<{ dayMinor: number; totalMinor: number }> {
  const row = await db
    .selectFrom('fundAccruals')
    .select([
      sql<string>`coalesce(sum(case when accrual_date = ${day} then interest_minor else 0 end), 0)`.as('day'),
      sql<string>`coalesce(sum(interest_minor), 0)`.as('total'),
    ])
    .where('userId', '=', userId)
    .executeTakeFirst();
  return { dayMinor: Number(row?.day ?? 0), totalMinor: Number(row?.total ?? 0) };
}

/** The investor's accruals that paid something, from `fromDate` on. */
export function accrualsOfUserSince(db: Db | Trx, userId: number, fromDate: string): Promise<FundAccrualRow[]> {
  return db
    .selectFrom('fundAccruals')
    .selectAll()
    .where('userId', '=', userId)
    .where('accrualDate', '>=', fromDate)
    .where('interestMinor', '>', 0)
    .execute();
}

// ── holidays ──

/** Every exchange's holidays (or one exchange's), by exchange and day. */
export function listHolidays(db: Db | Trx, exchange?: string): Promise<HolidayRow[]> {
  let query = db.selectFrom('marketHolidays').selectAll();
  if (exchange !== undefined) query = query.where('exchange', '=', exchange);
  return query.orderBy('exchange').orderBy('holidayDate').execute();
}

/** Adds a holiday of an exchange; false when the day already is one there. */
export async function insertHoliday(
  trx: Db | Trx,
  values: {
    exchange: string;
    holidayDate: string;
    name: string;
    source: 'config' | 'operator';
    createdBy: number | null;
    createdAt: number;
  },
): Promise<boolean> {
  const rows = await trx
    .insertInto('marketHolidays')
    .values(values)
    .onConflict((oc) => oc.columns(['exchange', 'holidayDate']).doNothing())
    .returning('holidayDate')
    .execute();
  return rows.length === 1;
}

export function findHoliday(db: Db | Trx, exchange: string, date: string): Promise<HolidayRow | undefined> {
  return db
    .selectFrom('marketHolidays')
    .selectAll()
    .where('exchange', '=', exchange)
    .where('holidayDate', '=', date)
    .executeTakeFirst();
}

export async function deleteHoliday(trx: Trx, exchange: string, date: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('marketHolidays')
    .where('exchange', '=', exchange)
    .where('holidayDate', '=', date)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Whether an exchange is stored. */
export async function exchangeExists(db: Db | Trx, code: string): Promise<boolean> {
  return (await db.selectFrom('exchanges').select('code').where('code', '=', code).executeTakeFirst()) !== undefined;
}

/** Every fund order row of one investor, for their data export. */
export function fundOrdersOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('fundOrders').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

/** Every fund accrual row of one investor, for their data export. */
export function fundAccrualsOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('fundAccruals').selectAll().where('userId', '=', userId).orderBy('id').execute();
}
