import type { Selectable } from 'kysely';
import type { Db, Dialect, Trx } from '../../platform/db/database.ts';
import type { BlockOffersTable, BlockOrdersTable } from '../../platform/db/schema.ts';

/** The block-trade domain's SQL: offers and the investors' orders on them. */

export type BlockOfferRow = Selectable<BlockOffersTable>;
export type BlockOrderRow = Selectable<BlockOrdersTable>;

export function insertOffer(
  trx: Trx,
  values: {
    instrumentId: number;
    priceTicks: number;
    minQuantity: number;
    totalQuantity: number;
    startsAt: number;
    endsAt: number;
    createdBy: number;
    nowMs: number;
  },
): Promise<BlockOfferRow> {
  const { nowMs, ...rest } = values;
  return trx
    .insertInto('blockOffers')
    .values({ ...rest, availableQuantity: values.totalQuantity, createdAt: nowMs, updatedAt: nowMs })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findOffer(db: Db | Trx, offerId: number): Promise<BlockOfferRow | undefined> {
  return db.selectFrom('blockOffers').selectAll().where('id', '=', offerId).executeTakeFirst();
}

/** The offer, locked for an approval that takes from it (PostgreSQL; SQLite writers are serialized). */
export function lockOffer(trx: Trx, dialect: Dialect, offerId: number): Promise<BlockOfferRow | undefined> {
  const query = trx.selectFrom('blockOffers').selectAll().where('id', '=', offerId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Takes `quantity` shares from the offer if that many are left; false (nothing changed) otherwise. */
export async function takeFromOffer(trx: Trx, offerId: number, quantity: number, nowMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('blockOffers')
    .set((eb) => ({ availableQuantity: eb('availableQuantity', '-', quantity), updatedAt: nowMs }))
    .where('id', '=', offerId)
    .where('availableQuantity', '>=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Changes an open offer's terms; false (nothing changed) when it is no longer open. */
export async function updateOpenOffer(
  trx: Trx,
  offerId: number,
  change: {
    priceTicks: number;
    minQuantity: number;
    availableQuantity: number;
    totalQuantity: number;
    startsAt: number;
    endsAt: number;
    updatedAt: number;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('blockOffers')
    .set(change)
    .where('id', '=', offerId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks an open or closed offer cancelled; false (nothing changed) when it already is. */
export async function markOfferCancelled(trx: Trx, offerId: number, nowMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('blockOffers')
    .set({ status: 'cancelled', updatedAt: nowMs })
    .where('id', '=', offerId)
    .where('status', 'in', ['open', 'closed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Undecided orders per offer (count and shares), for the offers of these ids; absent means none. */
export async function pendingByOffer(
  db: Db | Trx,
  offerIds: readonly number[],
): Promise<Map<number, { orders: number; quantity: number }>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('blockOrders')
    .select((eb) => [
      'offerId',
      eb.fn.countAll<string>().as('orders'),
      eb.fn.sum<string | number>('quantity').as('quantity'),
    ])
    .where('offerId', 'in', [...new Set(offerIds)])
    .where('status', '=', 'pending')
    .groupBy('offerId')
    .execute();
  return new Map(
    rows.map((row) => [Number(row.offerId), { orders: Number(row.orders), quantity: Number(row.quantity) }]),
  );
}

/**
 * The offer's undecided orders, oldest first, locked on PostgreSQL. The caller holds the offer's
 * lock, so no order can be added to it meanwhile (ordering locks the offer too).
 */
export function lockPendingOrdersOfOffer(trx: Trx, dialect: Dialect, offerId: number): Promise<BlockOrderRow[]> {
  const query = trx
    .selectFrom('blockOrders')
    .selectAll()
    .where('offerId', '=', offerId)
    .where('status', '=', 'pending')
    .orderBy('id', 'asc');
  return (dialect === 'postgres' ? query.forUpdate() : query).execute();
}

/** One order, unlocked (to learn which offer to lock first). */
export function findOrder(db: Db | Trx, orderId: number): Promise<BlockOrderRow | undefined> {
  return db.selectFrom('blockOrders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** Open offers whose window contains `nowMs`, ending soonest first. */
export function openOffersAt(db: Db, nowMs: number): Promise<BlockOfferRow[]> {
  return db
    .selectFrom('blockOffers')
    .selectAll()
    .where('status', '=', 'open')
    .where('startsAt', '<=', nowMs)
    .where('endsAt', '>', nowMs)
    .orderBy('endsAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** A page of offers for the console, newest first. */
export async function pageOffers(db: Db, filter: { page: number; pageSize: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('blockOffers')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    db
      .selectFrom('blockOffers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The earliest end of a window among offers still open, for the closing job. */
export async function nextOfferEnd(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('blockOffers')
    .select((eb) => eb.fn.min<number | string | null>('endsAt').as('at'))
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/** Closes every open offer whose window ended at or before `dueAtMs`; a second run changes nothing. */
export async function closeEndedOffers(trx: Trx, dueAtMs: number, nowMs: number): Promise<number> {
  const result = await trx
    .updateTable('blockOffers')
    .set({ status: 'closed', updatedAt: nowMs })
    .where('status', '=', 'open')
    .where('endsAt', '<=', dueAtMs)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function insertOrder(
  trx: Trx,
  values: {
    offerId: number;
    userId: number;
    quantity: number;
    priceTicks: number;
    amountMinor: number;
    holdId: number;
    approvalsRequired: number;
    requestKey: string;
    createdAt: number;
  },
): Promise<BlockOrderRow> {
  return trx.insertInto('blockOrders').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The order, locked for its decision on PostgreSQL (SQLite writers are serialized). */
export function lockOrder(trx: Trx, dialect: Dialect, orderId: number): Promise<BlockOrderRow | undefined> {
  const query = trx.selectFrom('blockOrders').selectAll().where('id', '=', orderId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function recordFirstApproval(trx: Trx, orderId: number, operatorId: number, nowMs: number) {
  await trx
    .updateTable('blockOrders')
    .set({ approvedBy: operatorId, approvedAt: nowMs })
    .where('id', '=', orderId)
    .execute();
}

export async function decideOrderRow(
  trx: Trx,
  orderId: number,
  change: {
    status: 'approved' | 'rejected';
    reason: string | null;
    positionId: number | null;
    decidedAt: number;
    decidedBy: number;
  },
): Promise<void> {
  await trx.updateTable('blockOrders').set(change).where('id', '=', orderId).where('status', '=', 'pending').execute();
}

/** One of the investor's orders; another investor's is not found. */
export function findUserOrder(db: Db, userId: number, orderId: number): Promise<BlockOrderRow | undefined> {
  return db
    .selectFrom('blockOrders')
    .selectAll()
    .where('id', '=', orderId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** The investor's orders, newest first. */
export async function pageUserOrders(
  db: Db,
  filter: { userId: number; status?: string | undefined; page: number; pageSize: number },
) {
  let query = db.selectFrom('blockOrders').where('userId', '=', filter.userId);
  if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The console's queue: pending orders oldest first, decided ones newest first. */
export async function pageOrders(db: Db, filter: { status?: string | undefined; page: number; pageSize: number }) {
  let query = db.selectFrom('blockOrders');
  if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', filter.status === 'pending' ? 'asc' : 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The offers of these ids (to label a page of orders). */
export function offersByIds(db: Db | Trx, ids: readonly number[]): Promise<BlockOfferRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('blockOffers')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Every block-trade order row of one investor, for their data export. */
export function blockOrdersOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('blockOrders').selectAll().where('userId', '=', userId).orderBy('id').execute();
}
