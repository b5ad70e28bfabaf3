// What the screens read of trading (lots, holdings, history, orders) and trading's figures for the
// portfolio. Rules live in order-rules.ts, the writes in fill-units.ts, the wire shapes in order-wire.ts.
import { marketValueMinor, percentOf, priceDifferenceMinor } from '@bourse/shared/fees';
import type { Language } from '@bourse/shared/languages';
import { formatMinor } from '@bourse/shared/money';
import { formatPrice } from '@bourse/shared/price';
import type { Holding, Order, Position } from '@bourse/shared/schemas/trading';
import type { Db, Trx } from '../../platform/db/database.ts';
import { sqlRunner, type SqlRunner } from '../../platform/db/sql-runner.ts';
import { invariant } from '../../platform/errors.ts';
import { instrumentLabelsByIds, tradableInstrumentByCode, type InstrumentLabel } from '../market/market.service.ts';
import { settingsMap } from '../settings/settings.service.ts';
import { phonesByUserId } from '../users/users.service.ts';
import * as repo from './trading.repository.ts';
import type { OrderRow, PositionRow, SaleRow } from './trading.repository.ts';
import { type TradingContext, ownLot, sellableShares, tPlusOneOf } from './order-rules.ts';
import { type PositionContext, toOrderWire, toPositionWire } from './order-wire.ts';
import { exportRow, type ExportSection } from '../../platform/data-export.ts';

/** The runner for the screens' reads of other domains (outside any transaction). */
const screenRunner = (ctx: TradingContext): SqlRunner => sqlRunner(ctx.database.db, ctx.database.dialect);

async function positionView(ctx: TradingContext): Promise<PositionContext> {
  const settings = await settingsMap(screenRunner(ctx));
  return { tPlusOne: tPlusOneOf(settings), nowMs: ctx.clock.nowMs() };
}

/** The code and name of every row's instrument, in one look-up for the whole page. */
async function labelsOf(
  run: SqlRunner,
  rows: ReadonlyArray<{ instrumentId: number }>,
): Promise<(row: { instrumentId: number }) => InstrumentLabel> {
  const labels = await instrumentLabelsByIds(
    run,
    rows.map((row) => Number(row.instrumentId)),
  );
  return (row) => {
    const label = labels.get(Number(row.instrumentId));
    invariant(label, 'a row’s instrument exists');
    return label;
  };
}

async function withSales(ctx: TradingContext, rows: PositionRow[], view: PositionContext): Promise<Position[]> {
  const label = await labelsOf(screenRunner(ctx), rows);
  const sales = await repo.listSales(
    ctx.database.db,
    rows.map((row) => Number(row.id)),
  );
  const byLot = new Map<number, SaleRow[]>();
  for (const sale of sales) {
    const list = byLot.get(Number(sale.positionId)) ?? [];
    list.push(sale);
    byLot.set(Number(sale.positionId), list);
  }
  return rows.map((row) => toPositionWire(ctx, row, label(row), byLot.get(Number(row.id)) ?? [], view));
}

/** The investor's open lots with live P/L, newest first. */
export async function listOpenPositions(ctx: TradingContext, userId: number): Promise<Position[]> {
  const rows = await repo.listPositions(ctx.database.db, { userId, status: 'open' });
  return withSales(ctx, rows, await positionView(ctx));
}

/** Any lots of a user (the console), open and closed. */
export async function listUserPositions(
  ctx: TradingContext,
  userId: number,
  status?: 'open' | 'closed',
): Promise<Position[]> {
  const rows = await repo.listPositions(ctx.database.db, { userId, status });
  return withSales(ctx, rows, await positionView(ctx));
}

/** One of the investor's lots; someone else's is POSITION_NOT_FOUND. */
export async function getPosition(ctx: TradingContext, userId: number, positionId: number): Promise<Position> {
  const row = ownLot(await repo.findPosition(ctx.database.db, positionId), userId);
  const [position] = await withSales(ctx, [row], await positionView(ctx));
  invariant(position, 'one lot in, one out');
  return position;
}

/** Lots by id in the given order (for events after a commit). */
export async function positionsByIds(ctx: TradingContext, ids: number[]): Promise<Position[]> {
  const rows: PositionRow[] = [];
  for (const id of ids) {
    const row = await repo.findPosition(ctx.database.db, id);
    if (row) rows.push(row);
  }
  return withSales(ctx, rows, await positionView(ctx));
}

/** Open lots aggregated per instrument: shares, sellable, average buy price, value and P/L. */
export async function listHoldings(ctx: TradingContext, userId: number): Promise<Holding[]> {
  const rows = await repo.listPositions(ctx.database.db, { userId, status: 'open' });
  const view = await positionView(ctx);
  const label = await labelsOf(screenRunner(ctx), rows);
  const byCode = new Map<string, { rows: PositionRow[]; sellable: number; name: string }>();
  for (const row of rows) {
    const { code, name, exchange } = label(row);
    const entry = byCode.get(code) ?? { rows: [], sellable: 0, name };
    entry.rows.push(row);
    entry.sellable += sellableShares(ctx, row, { exchange, tPlusOne: view.tPlusOne, nowMs: view.nowMs });
    byCode.set(code, entry);
  }
  const holdings: Holding[] = [];
  for (const [code, entry] of [...byCode.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const lastTicks = ctx.market.quote(code)?.lastTicks ?? entry.rows[0]?.buyPriceTicks ?? 0;
    let quantity = 0;
    let costTicksTimesShares = 0n;
    let capital = 0;
    let marketValue = 0;
    let floatingPnl = 0;
    let buyValue = 0;
    for (const row of entry.rows) {
      quantity += row.quantity;
      costTicksTimesShares += BigInt(row.buyPriceTicks) * BigInt(row.quantity);
      capital += row.remainingCapitalMinor;
      marketValue += marketValueMinor(lastTicks, row.quantity);
      floatingPnl += priceDifferenceMinor(row.buyPriceTicks, lastTicks, row.quantity);
      buyValue += marketValueMinor(row.buyPriceTicks, row.quantity);
    }
    // The share-weighted average buy price, half-up to the tick.
    const averageTicks = Number((2n * costTicksTimesShares + BigInt(quantity)) / (2n * BigInt(quantity)));
    holdings.push({
      code,
      name: entry.name,
      quantity,
      sellable: entry.sellable,
      lots: entry.rows.length,
      averagePrice: formatPrice(averageTicks),
      capital: formatMinor(capital),
      lastPrice: formatPrice(lastTicks),
      marketValue: formatMinor(marketValue),
      floatingPnl: formatMinor(floatingPnl),
      floatingPnlPct: percentOf(floatingPnl, buyValue),
    });
  }
  return holdings;
}

/** Lots with sales in the period (closed or partly sold), newest sale first, and the period's realized P/L. */
export async function listHistory(
  ctx: TradingContext,
  userId: number,
  input: { sinceMs: number; page: number; pageSize: number },
) {
  const found = await repo.historyPositions(ctx.database.db, {
    userId,
    sinceMs: input.sinceMs,
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  const items = await positionsByIds(ctx, found.ids);
  return {
    items,
    totals: { realizedPnl: formatMinor(found.realizedPnlMinor), count: found.total },
    page: input.page,
    total: found.total,
  };
}

/** The investor's orders, newest first; `open` means still resting, `today` placed this trading day. */
export async function listOrders(
  ctx: TradingContext,
  userId: number,
  input: {
    status?: 'open' | 'new' | 'filled' | 'cancelled' | 'expired' | 'rejected' | 'today' | undefined;
    page: number;
  },
  lang: Language,
): Promise<Order[]> {
  const pageSize = 50;
  const rows = await repo.listUserOrders(ctx.database.db, {
    userId,
    status: input.status === 'open' ? 'new' : input.status === 'today' ? undefined : input.status,
    tradingDate: input.status === 'today' ? ctx.calendar.tradingDate(ctx.clock.nowMs()) : undefined,
    limit: pageSize,
    offset: (input.page - 1) * pageSize,
  });
  const label = await labelsOf(screenRunner(ctx), rows);
  return rows.map((row) => toOrderWire(row, label(row), lang));
}

/**
 * The figures of DESIGN §3 that come from trading: market value Σ (last × shares) and floating
 * P/L Σ (last − buy price) × shares over open lots, and the sale proceeds not yet settled (T+1).
 */
export async function portfolioFigures(
  ctx: TradingContext,
  db: Db | Trx,
  userId: number,
): Promise<{ marketValueMinor: number; floatingPnlMinor: number; unsettledProceedsMinor: number }> {
  const rows = await repo.openLotFigures(db, userId);
  const label = await labelsOf(sqlRunner(db, ctx.database.dialect), rows);
  let marketValue = 0;
  let floatingPnl = 0;
  for (const row of rows) {
    const lastTicks = ctx.market.quote(label(row).code)?.lastTicks ?? Number(row.buyPriceTicks);
    marketValue += marketValueMinor(lastTicks, Number(row.quantity));
    floatingPnl += priceDifferenceMinor(Number(row.buyPriceTicks), lastTicks, Number(row.quantity));
  }
  const unsettled = await repo.unsettledProceeds(db, userId, ctx.calendar.tradingDate(ctx.clock.nowMs()));
  return { marketValueMinor: marketValue, floatingPnlMinor: floatingPnl, unsettledProceedsMinor: unsettled };
}

/**
 * Opens a lot for shares acquired outside the order book (an approved block trade), in the caller's
 * transaction: bought at `priceTicks` for `costMinor` (what was paid, no fees), on the trading date of
 * `acquiredAt`, so the T+1 rule applies to it like to any bought lot. The money moved elsewhere (the
 * caller's journal entry); this writes only the lot. Returns its id.
 */
export async function openAcquiredLot(
  ctx: TradingContext,
  trx: Trx,
  input: {
    userId: number;
    instrumentId: number;
    quantity: number;
    priceTicks: number;
    costMinor: number;
    acquiredAt: number;
  },
): Promise<number> {
  invariant(Number.isSafeInteger(input.quantity) && input.quantity > 0, 'a lot holds shares');
  invariant(Number.isSafeInteger(input.costMinor) && input.costMinor >= 0, 'a lot’s cost is an amount');
  return repo.insertPosition(sqlRunner(trx, ctx.database.dialect), {
    userId: input.userId,
    instrumentId: input.instrumentId,
    buyOrderId: null,
    quantity: input.quantity,
    buyPriceTicks: input.priceTicks,
    buyValueMinor: input.costMinor,
    buyCommissionMinor: 0,
    buyTransactionFeeMinor: 0,
    buyTime: input.acquiredAt,
    buyDate: ctx.calendar.tradingDate(input.acquiredAt),
  });
}

/** The console's order search as the route gives it: by instrument code. */
export type ConsoleOrderSearch = Omit<repo.OrderSearch, 'instrumentId'> & { code?: string | undefined };

/** The console's order and fill search across investors, newest first, each with the investor's phone. */
export async function searchOrdersForConsole(ctx: TradingContext, filter: ConsoleOrderSearch, lang: Language) {
  const db = ctx.database.db;
  const run = screenRunner(ctx);
  let instrumentId: number | undefined;
  if (filter.code) {
    const instrument = await tradableInstrumentByCode(run, filter.code);
    // No instrument has the code: no order has it either.
    if (!instrument) return { total: 0, items: [] };
    instrumentId = instrument.id;
  }
  const { rows, total } = await repo.searchOrders(db, {
    userId: filter.userId,
    instrumentId,
    status: filter.status,
    side: filter.side,
    fromMs: filter.fromMs,
    toMs: filter.toMs,
    filledOnly: filter.filledOnly,
    limit: filter.limit,
    offset: filter.offset,
  });
  const [label, phones] = await Promise.all([
    labelsOf(run, rows),
    phonesByUserId(
      db,
      rows.map((row) => Number(row.userId)),
    ),
  ]);
  return {
    total,
    // Added to the fresh wire object rather than spread into a new one (order-path-shapes.test.ts).
    items: rows.map((row: OrderRow) =>
      Object.assign(toOrderWire(row, label(row), lang), {
        userId: Number(row.userId),
        phone: phones.get(Number(row.userId)) ?? '',
      }),
    ),
  };
}

/** The investor's orders, lots and sales (their trades) for their data export. */
export async function exportFor(db: Db, userId: number): Promise<ExportSection> {
  const [orders, positions, sales] = await Promise.all([
    repo.ordersOfUser(db, userId),
    repo.positionsOfUser(db, userId),
    repo.salesOfUser(db, userId),
  ]);
  return {
    orders: orders.map((row) => exportRow(row, ['requestKey'])),
    positions: positions.map((row) => exportRow(row)),
    sales: sales.map((row) => exportRow(row)),
  };
}

/** How many orders of the investor still rest and how many lots they still hold (an account closes with none). */
export async function openTradingCounts(db: Db | Trx, userId: number): Promise<{ orders: number; positions: number }> {
  const [orders, positions] = await Promise.all([
    repo.countOfUser(db, 'orders', userId, 'new'),
    repo.countOfUser(db, 'positions', userId, 'open'),
  ]);
  return { orders, positions };
}

/** Whether the investor has ever had an order filled (their first trade). */
export async function hasTraded(db: Db | Trx, userId: number): Promise<boolean> {
  return (await repo.countOfUser(db, 'orders', userId, 'filled')) > 0;
}
