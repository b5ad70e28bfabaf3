import { sql } from 'kysely';
import type { Db, Trx } from '../../platform/db/database.ts';
import type { SqlRunner } from '../../platform/db/sql-runner.ts';
import type { TradableInstrument } from '../market/market.service.ts';

/**
 * SQL of the trading domain, on its own tables only: rows hold their instrument's id, and the
 * instrument's code and name come from the market domain (instrumentLabelsByIds, or the instrument
 * the order path has already read). Writes and the reads that decide them run inside the caller's
 * transaction through a SqlRunner (prepared statements on SQLite, row locks on PostgreSQL); the
 * screens' reads use Kysely.
 */

export type InstrumentRow = TradableInstrument;

export interface OrderRow {
  id: number;
  userId: number;
  instrumentId: number;
  side: string;
  type: string;
  timeInForce: string;
  status: string;
  lots: number | null;
  quantity: number;
  limitPriceTicks: number | null;
  positionId: number | null;
  holdId: number | null;
  heldMinor: number | null;
  fillPriceTicks: number | null;
  grossMinor: number | null;
  commissionMinor: number | null;
  transactionFeeMinor: number | null;
  stampDutyMinor: number | null;
  totalMinor: number | null;
  rejectReason: string | null;
  requestKey: string;
  tradingDate: string;
  expiresAt: number | null;
  createdAt: number;
  filledAt: number | null;
  closedAt: number | null;
}

export interface PositionRow {
  id: number;
  userId: number;
  instrumentId: number;
  /** Null for a lot no buy order opened (a block trade). */
  buyOrderId: number | null;
  status: string;
  quantity: number;
  originalQuantity: number;
  reservedQuantity: number;
  buyPriceTicks: number;
  buyValueMinor: number;
  buyCommissionMinor: number;
  buyTransactionFeeMinor: number;
  capitalMinor: number;
  remainingCapitalMinor: number;
  realizedPnlMinor: number;
  trades: number;
  buyTime: number;
  buyDate: string;
  closedAt: number | null;
}

export interface SaleRow {
  id: number;
  positionId: number;
  orderId: number;
  quantity: number;
  priceTicks: number;
  sellType: string;
  grossMinor: number;
  commissionMinor: number;
  transactionFeeMinor: number;
  stampDutyMinor: number;
  proceedsMinor: number;
  capitalMinor: number;
  realizedPnlMinor: number;
  soldAt: number;
  tradeDate: string;
  settleDate: string;
}

const ORDER_COLUMNS = `o.id, o.user_id as "userId", o.instrument_id as "instrumentId", o.side, o.type,
  o.time_in_force as "timeInForce", o.status, o.lots, o.quantity, o.limit_price_ticks as "limitPriceTicks",
  coalesce(o.position_id, (select lp.id from positions lp where lp.buy_order_id = o.id)) as "positionId",
  o.hold_id as "holdId", o.held_minor as "heldMinor",
  o.fill_price_ticks as "fillPriceTicks", o.gross_minor as "grossMinor", o.commission_minor as "commissionMinor",
  o.transaction_fee_minor as "transactionFeeMinor", o.stamp_duty_minor as "stampDutyMinor",
  o.total_minor as "totalMinor", o.reject_reason as "rejectReason", o.request_key as "requestKey",
  o.trading_date as "tradingDate", o.expires_at as "expiresAt", o.created_at as "createdAt",
  o.filled_at as "filledAt", o.closed_at as "closedAt"`;

const POSITION_COLUMNS = `p.id, p.user_id as "userId", p.instrument_id as "instrumentId", p.buy_order_id as "buyOrderId", p.status, p.quantity, p.original_quantity as "originalQuantity",
  p.reserved_quantity as "reservedQuantity", p.buy_price_ticks as "buyPriceTicks", p.buy_value_minor as "buyValueMinor",
  p.buy_commission_minor as "buyCommissionMinor", p.buy_transaction_fee_minor as "buyTransactionFeeMinor",
  p.capital_minor as "capitalMinor", p.remaining_capital_minor as "remainingCapitalMinor",
  p.realized_pnl_minor as "realizedPnlMinor", p.trades, p.buy_time as "buyTime", p.buy_date as "buyDate",
  p.closed_at as "closedAt"`;

const SALE_COLUMNS = `s.id, s.position_id as "positionId", s.order_id as "orderId", s.quantity, s.price_ticks as "priceTicks",
  s.sell_type as "sellType", s.gross_minor as "grossMinor", s.commission_minor as "commissionMinor",
  s.transaction_fee_minor as "transactionFeeMinor", s.stamp_duty_minor as "stampDutyMinor",
  s.proceeds_minor as "proceedsMinor", s.capital_minor as "capitalMinor", s.realized_pnl_minor as "realizedPnlMinor",
  s.sold_at as "soldAt", s.trade_date as "tradeDate", s.settle_date as "settleDate"`;

// ── in the transaction ─────────────────────────────────────────────────────────────────────────

export async function cashBalance(run: SqlRunner, accountCode: string): Promise<number> {
  const row = await run.get<{ balanceMinor: number }>(
    'select balance_minor as "balanceMinor" from ledger_accounts where code = ?',
    [accountCode],
  );
  return row ? Number(row.balanceMinor) : 0;
}

/** What a fill wrote on its order: the price and the costs by the fee module. */
export interface OrderFill {
  priceTicks: number;
  grossMinor: number;
  commissionMinor: number;
  transactionFeeMinor: number;
  stampDutyMinor: number;
  totalMinor: number;
}

export interface NewOrder {
  userId: number;
  instrumentId: number;
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  timeInForce: 'day' | 'gtc';
  status: 'new' | 'filled';
  lots: number | null;
  quantity: number;
  limitPriceTicks: number | null;
  positionId: number | null;
  holdId: number | null;
  heldMinor: number | null;
  fill: OrderFill | null;
  requestKey: string;
  tradingDate: string;
  expiresAt: number | null;
  nowMs: number;
}

export async function insertOrder(run: SqlRunner, order: NewOrder): Promise<number> {
  const row = await run.get<{ id: number }>(
    `insert into orders (user_id, instrument_id, side, type, time_in_force, status, lots, quantity, limit_price_ticks,
       position_id, hold_id, held_minor, fill_price_ticks, gross_minor, commission_minor, transaction_fee_minor,
       stamp_duty_minor, total_minor, request_key, trading_date, expires_at, created_at, filled_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [
      order.userId,
      order.instrumentId,
      order.side,
      order.type,
      order.timeInForce,
      order.status,
      order.lots,
      order.quantity,
      order.limitPriceTicks,
      order.positionId,
      order.holdId,
      order.heldMinor,
      order.fill?.priceTicks ?? null,
      order.fill?.grossMinor ?? null,
      order.fill?.commissionMinor ?? null,
      order.fill?.transactionFeeMinor ?? null,
      order.fill?.stampDutyMinor ?? null,
      order.fill?.totalMinor ?? order.heldMinor,
      order.requestKey,
      order.tradingDate,
      order.expiresAt,
      order.nowMs,
      order.fill ? order.nowMs : null,
    ],
  );
  if (!row) throw new Error('insert into orders returned no id');
  return Number(row.id);
}

/** An order; with `lock`, locked for the rest of the transaction (PostgreSQL). */
function selectOrder(run: SqlRunner, orderId: number, lock: boolean): Promise<OrderRow | undefined> {
  const forUpdate = lock && run.forUpdate ? ' for update of o' : '';
  return run.get<OrderRow>(`select ${ORDER_COLUMNS} from orders o where o.id = ?${forUpdate}`, [orderId]);
}

/** An order, locked for the rest of the transaction (PostgreSQL). */
export const lockOrder = (run: SqlRunner, orderId: number) => selectOrder(run, orderId, true);

export const readOrder = (run: SqlRunner, orderId: number) => selectOrder(run, orderId, false);

export async function markOrderFilled(
  run: SqlRunner,
  input: { orderId: number; fill: OrderFill; nowMs: number },
): Promise<void> {
  await run.run(
    `update orders set status = 'filled', fill_price_ticks = ?, gross_minor = ?, commission_minor = ?,
       transaction_fee_minor = ?, stamp_duty_minor = ?, total_minor = ?, filled_at = ?
     where id = ? and status = 'new'`,
    [
      input.fill.priceTicks,
      input.fill.grossMinor,
      input.fill.commissionMinor,
      input.fill.transactionFeeMinor,
      input.fill.stampDutyMinor,
      input.fill.totalMinor,
      input.nowMs,
      input.orderId,
    ],
  );
}

export async function closeOrder(
  run: SqlRunner,
  input: { orderId: number; status: 'cancelled' | 'expired' | 'rejected'; rejectReason: string | null; nowMs: number },
): Promise<void> {
  await run.run(`update orders set status = ?, reject_reason = ?, closed_at = ? where id = ? and status = 'new'`, [
    input.status,
    input.rejectReason,
    input.nowMs,
    input.orderId,
  ]);
}

export interface NewPosition {
  userId: number;
  instrumentId: number;
  /** Null for a lot acquired without a buy order (a block trade). */
  buyOrderId: number | null;
  quantity: number;
  buyPriceTicks: number;
  buyValueMinor: number;
  buyCommissionMinor: number;
  buyTransactionFeeMinor: number;
  buyTime: number;
  buyDate: string;
}

export async function insertPosition(run: SqlRunner, lot: NewPosition): Promise<number> {
  const capital = lot.buyValueMinor + lot.buyCommissionMinor + lot.buyTransactionFeeMinor;
  const row = await run.get<{ id: number }>(
    `insert into positions (user_id, instrument_id, buy_order_id, quantity, original_quantity, buy_price_ticks,
       buy_value_minor, buy_commission_minor, buy_transaction_fee_minor, capital_minor, remaining_capital_minor,
       buy_time, buy_date)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [
      lot.userId,
      lot.instrumentId,
      lot.buyOrderId,
      lot.quantity,
      lot.quantity,
      lot.buyPriceTicks,
      lot.buyValueMinor,
      lot.buyCommissionMinor,
      lot.buyTransactionFeeMinor,
      capital,
      capital,
      lot.buyTime,
      lot.buyDate,
    ],
  );
  if (!row) throw new Error('insert into positions returned no id');
  return Number(row.id);
}

/** A lot; with `lock`, locked for the rest of the transaction (PostgreSQL). */
function selectPosition(run: SqlRunner, positionId: number, lock: boolean): Promise<PositionRow | undefined> {
  const forUpdate = lock && run.forUpdate ? ' for update of p' : '';
  return run.get<PositionRow>(`select ${POSITION_COLUMNS} from positions p where p.id = ?${forUpdate}`, [positionId]);
}

/** A lot, locked for the rest of the transaction (PostgreSQL). */
export const lockPosition = (run: SqlRunner, positionId: number) => selectPosition(run, positionId, true);

export const readPosition = (run: SqlRunner, positionId: number) => selectPosition(run, positionId, false);

export async function changeReservation(run: SqlRunner, positionId: number, deltaShares: number): Promise<void> {
  await run.run('update positions set reserved_quantity = reserved_quantity + ? where id = ?', [
    deltaShares,
    positionId,
  ]);
}

/** Takes a sale out of a lot: fewer shares, less remaining capital, more realized P/L, one more trade. */
export async function reduceLot(
  run: SqlRunner,
  input: {
    positionId: number;
    soldQuantity: number;
    releasedReservation: number;
    allocatedCapitalMinor: number;
    realizedPnlMinor: number;
    closes: boolean;
    nowMs: number;
  },
): Promise<void> {
  await run.run(
    `update positions set quantity = quantity - ?, reserved_quantity = reserved_quantity - ?,
       remaining_capital_minor = remaining_capital_minor - ?, realized_pnl_minor = realized_pnl_minor + ?,
       trades = trades + 1, status = ?, closed_at = ?
     where id = ?`,
    [
      input.soldQuantity,
      input.releasedReservation,
      input.allocatedCapitalMinor,
      input.realizedPnlMinor,
      input.closes ? 'closed' : 'open',
      input.closes ? input.nowMs : null,
      input.positionId,
    ],
  );
}

export async function insertSale(run: SqlRunner, sale: Omit<SaleRow, 'id'> & { userId: number }): Promise<number> {
  const row = await run.get<{ id: number }>(
    `insert into position_sales (position_id, order_id, user_id, quantity, price_ticks, sell_type, gross_minor,
       commission_minor, transaction_fee_minor, stamp_duty_minor, proceeds_minor, capital_minor, realized_pnl_minor,
       sold_at, trade_date, settle_date)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [
      sale.positionId,
      sale.orderId,
      sale.userId,
      sale.quantity,
      sale.priceTicks,
      sale.sellType,
      sale.grossMinor,
      sale.commissionMinor,
      sale.transactionFeeMinor,
      sale.stampDutyMinor,
      sale.proceedsMinor,
      sale.capitalMinor,
      sale.realizedPnlMinor,
      sale.soldAt,
      sale.tradeDate,
      sale.settleDate,
    ],
  );
  if (!row) throw new Error('insert into position_sales returned no id');
  return Number(row.id);
}

export async function salesOfPositions(run: SqlRunner, positionIds: number[]): Promise<SaleRow[]> {
  if (positionIds.length === 0) return [];
  return run.all<SaleRow>(
    `select ${SALE_COLUMNS} from position_sales s where s.position_id in (${positionIds.map(() => '?').join(', ')})
     order by s.id`,
    positionIds,
  );
}

// ── reads outside transactions (Kysely) ─────────────────────────────────────────────────────────

/** A sell names its lot; a buy's lot is the one its fill opened (positions.buy_order_id). */
const positionIdColumn = sql<
  number | null
>`coalesce(o.position_id, (select lp.id from positions lp where lp.buy_order_id = o.id))`.as('positionId');

/** Every column of an order row as the service reads it. */
const orderColumns = [
  'o.id',
  'o.userId',
  'o.instrumentId',
  'o.side',
  'o.type',
  'o.timeInForce',
  'o.status',
  'o.lots',
  'o.quantity',
  'o.limitPriceTicks',
  positionIdColumn,
  'o.holdId',
  'o.heldMinor',
  'o.fillPriceTicks',
  'o.grossMinor',
  'o.commissionMinor',
  'o.transactionFeeMinor',
  'o.stampDutyMinor',
  'o.totalMinor',
  'o.rejectReason',
  'o.requestKey',
  'o.tradingDate',
  'o.expiresAt',
  'o.createdAt',
  'o.filledAt',
  'o.closedAt',
] as const;

const orderSelect = (db: Db | Trx) => db.selectFrom('orders as o').select(orderColumns);

export async function findOrder(db: Db, orderId: number): Promise<OrderRow | undefined> {
  const row = await orderSelect(db).where('o.id', '=', orderId).executeTakeFirst();
  return row;
}

export async function listUserOrders(
  db: Db,
  input: {
    userId: number;
    status?: string | undefined;
    tradingDate?: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<OrderRow[]> {
  let query = orderSelect(db).where('o.userId', '=', input.userId);
  if (input.status) query = query.where('o.status', '=', input.status);
  if (input.tradingDate) query = query.where('o.tradingDate', '=', input.tradingDate);
  const rows = await query.orderBy('o.id', 'desc').limit(input.limit).offset(input.offset).execute();
  return rows;
}

export interface OrderSearch {
  userId?: number | undefined;
  instrumentId?: number | undefined;
  status?: string | undefined;
  side?: string | undefined;
  fromMs?: number | undefined;
  toMs?: number | undefined;
  filledOnly?: boolean | undefined;
  limit: number;
  offset: number;
}

/** The console's order search: any user, newest first. */
export async function searchOrders(db: Db, input: OrderSearch): Promise<{ rows: OrderRow[]; total: number }> {
  let query = db.selectFrom('orders as o');
  if (input.userId !== undefined) query = query.where('o.userId', '=', input.userId);
  if (input.instrumentId !== undefined) query = query.where('o.instrumentId', '=', input.instrumentId);
  if (input.status) query = query.where('o.status', '=', input.status);
  if (input.side) query = query.where('o.side', '=', input.side);
  if (input.filledOnly) query = query.where('o.status', '=', 'filled');
  // Fills are searched by when they happened, other orders by when they were placed.
  const timeColumn = input.filledOnly ? 'o.filledAt' : 'o.createdAt';
  if (input.fromMs !== undefined) query = query.where(timeColumn, '>=', input.fromMs);
  if (input.toMs !== undefined) query = query.where(timeColumn, '<', input.toMs);
  const [rows, total] = await Promise.all([
    query
      .select(orderColumns)
      .orderBy(input.filledOnly ? 'o.filledAt' : 'o.id', 'desc')
      .orderBy('o.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

const positionSelect = (db: Db | Trx) =>
  db
    .selectFrom('positions as p')
    .select([
      'p.id',
      'p.userId',
      'p.instrumentId',
      'p.buyOrderId',
      'p.status',
      'p.quantity',
      'p.originalQuantity',
      'p.reservedQuantity',
      'p.buyPriceTicks',
      'p.buyValueMinor',
      'p.buyCommissionMinor',
      'p.buyTransactionFeeMinor',
      'p.capitalMinor',
      'p.remainingCapitalMinor',
      'p.realizedPnlMinor',
      'p.trades',
      'p.buyTime',
      'p.buyDate',
      'p.closedAt',
    ]);

export async function listPositions(
  db: Db,
  input: { userId: number; status?: 'open' | 'closed' | undefined },
): Promise<PositionRow[]> {
  let query = positionSelect(db).where('p.userId', '=', input.userId);
  if (input.status) query = query.where('p.status', '=', input.status);
  const rows = await query.orderBy('p.id', 'desc').execute();
  return rows;
}

export async function findPosition(db: Db, positionId: number): Promise<PositionRow | undefined> {
  const row = await positionSelect(db).where('p.id', '=', positionId).executeTakeFirst();
  return row;
}

export async function listSales(db: Db, positionIds: number[]): Promise<SaleRow[]> {
  if (positionIds.length === 0) return [];
  const rows = await db
    .selectFrom('positionSales as s')
    .select([
      's.id',
      's.positionId',
      's.orderId',
      's.quantity',
      's.priceTicks',
      's.sellType',
      's.grossMinor',
      's.commissionMinor',
      's.transactionFeeMinor',
      's.stampDutyMinor',
      's.proceedsMinor',
      's.capitalMinor',
      's.realizedPnlMinor',
      's.soldAt',
      's.tradeDate',
      's.settleDate',
    ])
    .where('s.positionId', 'in', positionIds)
    .orderBy('s.id')
    .execute();
  return rows;
}

/**
 * Lots with at least one sale since `sinceMs`, newest sale first, and the realized P/L of those
 * sales: the history of closed (and partly closed) lots for a period.
 */
export async function historyPositions(
  db: Db,
  input: { userId: number; sinceMs: number; limit: number; offset: number },
): Promise<{ ids: number[]; total: number; realizedPnlMinor: number }> {
  const sales = db.selectFrom('positionSales').where('userId', '=', input.userId).where('soldAt', '>=', input.sinceMs);
  const [page, totals] = await Promise.all([
    sales
      .select(['positionId', sql<number>`max(sold_at)`.as('lastSoldAt')])
      .groupBy('positionId')
      .orderBy(sql`max(sold_at)`, 'desc')
      .orderBy('positionId', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    sales
      .select([
        sql<string>`count(distinct position_id)`.as('lots'),
        sql<string>`coalesce(sum(realized_pnl_minor), 0)`.as('realized'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ids: page.map((row) => Number(row.positionId)),
    total: Number(totals.lots),
    realizedPnlMinor: Number(totals.realized),
  };
}

/** Open limit orders of these instruments, oldest first (time priority). */
export async function openLimitOrders(db: Db, instrumentIds: number[]): Promise<OrderRow[]> {
  if (instrumentIds.length === 0) return [];
  const rows = await orderSelect(db)
    .where('o.status', '=', 'new')
    .where('o.instrumentId', 'in', instrumentIds)
    .orderBy('o.id')
    .execute();
  return rows;
}

export async function nextExpiry(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.min('expiresAt').as('at'))
    .where('status', '=', 'new')
    .where('expiresAt', 'is not', null)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

export async function expiringOrderIds(db: Db, atMs: number): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'new')
    .where('expiresAt', '<=', atMs)
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/** The instrument, shares and buy price of each of the user's open lots (the portfolio's figures). */
export function openLotFigures(
  db: Db | Trx,
  userId: number,
): Promise<Array<{ instrumentId: number; quantity: number; buyPriceTicks: number }>> {
  return db
    .selectFrom('positions')
    .select(['instrumentId', 'quantity', 'buyPriceTicks'])
    .where('userId', '=', userId)
    .where('status', '=', 'open')
    .execute();
}

/** Σ proceeds of the user's sales that settle after `date` (not yet withdrawable). */
export async function unsettledProceeds(db: Db | Trx, userId: number, date: string): Promise<number> {
  const row = await db
    .selectFrom('positionSales')
    .select(sql<string>`coalesce(sum(case when proceeds_minor > 0 then proceeds_minor else 0 end), 0)`.as('total'))
    .where('userId', '=', userId)
    .where('settleDate', '>', date)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Every order row of one investor, for their data export. */
export function ordersOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('orders').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

/** Every position (lot) row of one investor, for their data export. */
export function positionsOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('positions').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

/** Every sale (trade out of a lot) row of one investor, for their data export. */
export function salesOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('positionSales').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

/** How many of one user's rows in `table` have this status (open orders, open lots). */
export async function countOfUser(
  db: Db | Trx,
  table: 'orders' | 'positions',
  userId: number,
  status: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
