// The wire mapping of trading: orders and lots as the investor sees them, described inside the
// transaction that changed them, and the order's stored answer.
import { ok } from '../../platform/envelope.ts';
import type { StoredAnswer } from '../../platform/money-command.ts';
import { marketValueMinor, percentOf, priceDifferenceMinor } from '@bourse/shared/fees';
import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { Language } from '@bourse/shared/languages';
import { formatMinor } from '@bourse/shared/money';
import { changePercent, formatPrice } from '@bourse/shared/price';
import type { Order, OrderSide, OrderType, Position, TimeInForce } from '@bourse/shared/schemas/trading';
import type { Trx } from '../../platform/db/database.ts';
import { sqlRunner, type SqlRunner } from '../../platform/db/sql-runner.ts';
import { invariant } from '../../platform/errors.ts';
import { instrumentLabelsByIds, type InstrumentLabel } from '../market/market.service.ts';
import { settingsMap } from '../settings/settings.service.ts';
import { languageOfUser } from '../users/users.service.ts';
import * as repo from './trading.repository.ts';
import type { OrderRow, PositionRow, SaleRow } from './trading.repository.ts';
import { type PlacedOrder } from './fill-units.ts';
import { type TradingContext, iso, sellableShares, tPlusOneOf } from './order-rules.ts';

// ── what the screens read ───────────────────────────────────────────────────────────────────────

/** An order on the wire; `instrument` is its instrument's code and name (from the market domain). */
export function toOrderWire(row: OrderRow, instrument: InstrumentLabel, lang: Language): Order {
  const filled = row.status === 'filled';
  const fees = filled ? (row.commissionMinor ?? 0) + (row.transactionFeeMinor ?? 0) + (row.stampDutyMinor ?? 0) : null;
  const amount = (minor: number | null) => (minor === null || !filled ? null : formatMinor(minor));
  return {
    id: Number(row.id),
    code: instrument.code,
    name: instrument.name,
    side: row.side as OrderSide,
    type: row.type as OrderType,
    timeInForce: row.timeInForce as TimeInForce,
    status: row.status as Order['status'],
    lots: row.lots === null ? null : Number(row.lots),
    quantity: Number(row.quantity),
    limitPrice: row.limitPriceTicks === null ? null : formatPrice(row.limitPriceTicks),
    fillPrice: row.fillPriceTicks === null ? null : formatPrice(row.fillPriceTicks),
    gross: amount(row.grossMinor),
    commission: amount(row.commissionMinor),
    transactionFee: amount(row.transactionFeeMinor),
    stampDuty: amount(row.stampDutyMinor),
    fees: fees === null ? null : formatMinor(fees),
    // Filled: what was paid or received; an open buy: the cash held for it.
    total:
      filled && row.totalMinor !== null
        ? formatMinor(row.totalMinor)
        : row.status === 'new' && row.heldMinor !== null
          ? formatMinor(row.heldMinor)
          : null,
    positionId: row.positionId === null ? null : Number(row.positionId),
    rejectReason: row.rejectReason ? translate(lang, `errors.${row.rejectReason}` as MessageKey) : null,
    rejectCode: row.rejectReason,
    createdAt: new Date(row.createdAt).toISOString(),
    filledAt: iso(row.filledAt),
    expiresAt: iso(row.expiresAt),
    cancelledAt: row.status === 'cancelled' ? iso(row.closedAt) : null,
  };
}

/** The settings a position's figures depend on, read once per screen. */
export interface PositionContext {
  tPlusOne: boolean;
  nowMs: number;
}

export function toPositionWire(
  ctx: TradingContext,
  row: PositionRow,
  instrument: InstrumentLabel,
  sales: readonly SaleRow[],
  view: PositionContext,
): Position {
  const open = row.status === 'open';
  const lastTicks = ctx.market.quote(instrument.code)?.lastTicks ?? row.buyPriceTicks;
  const marketValue = open ? marketValueMinor(lastTicks, row.quantity) : 0;
  const floatingPnl = open ? priceDifferenceMinor(row.buyPriceTicks, lastTicks, row.quantity) : 0;
  const soldCapital = row.capitalMinor - row.remainingCapitalMinor;
  const last = sales.at(-1);
  return {
    id: Number(row.id),
    code: instrument.code,
    name: instrument.name,
    status: row.status as 'open' | 'closed',
    quantity: Number(row.quantity),
    originalQuantity: Number(row.originalQuantity),
    sellable: sellableShares(ctx, row, { exchange: instrument.exchange, tPlusOne: view.tPlusOne, nowMs: view.nowMs }),
    buyPrice: formatPrice(row.buyPriceTicks),
    buyValue: formatMinor(row.buyValueMinor),
    buyCommission: formatMinor(row.buyCommissionMinor),
    buyTransactionFee: formatMinor(row.buyTransactionFeeMinor),
    buyFees: formatMinor(row.buyCommissionMinor + row.buyTransactionFeeMinor),
    capital: formatMinor(row.capitalMinor),
    remainingCapital: formatMinor(row.remainingCapitalMinor),
    buyTime: new Date(row.buyTime).toISOString(),
    buyDate: row.buyDate,
    lastPrice: formatPrice(lastTicks),
    marketValue: formatMinor(marketValue),
    floatingPnl: formatMinor(floatingPnl),
    floatingPnlPct: open ? changePercent(lastTicks, row.buyPriceTicks) : '0.00',
    sales: sales.map((sale) => ({
      orderId: Number(sale.orderId),
      quantity: Number(sale.quantity),
      price: formatPrice(sale.priceTicks),
      sellType: sale.sellType as OrderType,
      gross: formatMinor(sale.grossMinor),
      commission: formatMinor(sale.commissionMinor),
      transactionFee: formatMinor(sale.transactionFeeMinor),
      stampDuty: formatMinor(sale.stampDutyMinor),
      proceeds: formatMinor(sale.proceedsMinor),
      realizedPnl: formatMinor(sale.realizedPnlMinor),
      time: new Date(sale.soldAt).toISOString(),
    })),
    trades: Number(row.trades),
    realizedPnl: formatMinor(row.realizedPnlMinor),
    realizedPnlPct: percentOf(row.realizedPnlMinor, soldCapital),
    sellPrice: last ? formatPrice(last.priceTicks) : null,
    sellType: last ? (last.sellType as OrderType) : null,
    sellTime: last ? new Date(last.soldAt).toISOString() : null,
  };
}

/**
 * The investor-facing view of an order and the lots it touched, read inside the transaction that
 * changed them (prepared statements, no extra round trip after the commit): the order's answer and
 * the payload of the live events. `instrument` is the order's instrument when the caller has read
 * it already (placing or filling it); otherwise its code and name are looked up once.
 */
export async function describeInTransaction(
  ctx: TradingContext,
  trx: Trx,
  input: {
    orderId: number;
    positionIds: readonly number[];
    lang?: Language | undefined;
    written?: PlacedOrder['written'];
    instrument?: (InstrumentLabel & { id: number }) | undefined;
  },
): Promise<{ userId: number; order: Order; positions: Position[] }> {
  if (input.written && input.lang && input.instrument) {
    const { order, lot, tPlusOne } = input.written;
    return {
      userId: order.userId,
      order: toOrderWire(order, input.instrument, input.lang),
      positions: [toPositionWire(ctx, lot, input.instrument, [], { tPlusOne, nowMs: ctx.clock.nowMs() })],
    };
  }
  const run = sqlRunner(trx, ctx.database.dialect);
  const row = await repo.readOrder(run, input.orderId);
  invariant(row, 'a described order exists');
  const lang = input.lang ?? (await languageOfUser(run, row.userId));
  const lots: PositionRow[] = [];
  let sales: SaleRow[] = [];
  let tPlusOne = false;
  if (input.positionIds.length > 0) {
    tPlusOne = tPlusOneOf(await settingsMap(run));
    sales = await repo.salesOfPositions(run, [...input.positionIds]);
    for (const id of input.positionIds) {
      const lot = await repo.readPosition(run, id);
      if (lot) lots.push(lot);
    }
  }
  const labels = await instrumentLabels(run, input.instrument, [row, ...lots]);
  const labelOf = (instrumentId: number) => {
    const label = labels.get(Number(instrumentId));
    invariant(label, 'an order’s or lot’s instrument exists');
    return label;
  };
  const view = { tPlusOne, nowMs: ctx.clock.nowMs() };
  const positions = lots.map((lot) =>
    toPositionWire(
      ctx,
      lot,
      labelOf(lot.instrumentId),
      sales.filter((sale) => Number(sale.positionId) === Number(lot.id)),
      view,
    ),
  );
  return { userId: Number(row.userId), order: toOrderWire(row, labelOf(row.instrumentId), lang), positions };
}

/** The labels of the rows' instruments: the one already read, and one look-up for any other. */
async function instrumentLabels(
  run: SqlRunner,
  known: (InstrumentLabel & { id: number }) | undefined,
  rows: ReadonlyArray<{ instrumentId: number }>,
): Promise<Map<number, InstrumentLabel>> {
  const missing = rows.map((row) => Number(row.instrumentId)).filter((id) => id !== known?.id);
  const labels = missing.length > 0 ? await instrumentLabelsByIds(run, missing) : new Map<number, InstrumentLabel>();
  if (known) labels.set(known.id, known);
  return labels;
}

/**
 * The answer of `POST /api/trade/orders` as stored and sent. It is the one answer built outside a
 * route file, because it is stored on the order writer thread inside the order's transaction (a
 * route's closure cannot cross to the thread). toOrderWire builds exactly the wire type
 * (order-writer.test.ts holds the stored answer to the response schema), so the answer is
 * serialized as it is, without parsing it again.
 */
export function orderAnswer(change: { order: Order }): StoredAnswer {
  return { statusCode: 200, body: JSON.stringify(ok(change.order)) };
}
