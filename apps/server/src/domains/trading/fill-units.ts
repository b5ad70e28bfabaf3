// The fill units: placing an order and filling, cancelling, expiring or rejecting a resting one,
// each inside the caller's transaction (a money command's or the write queue's), with its journal
// entry keyed by the order.
import { allocateCapital, collarPriceTicks, tradeCosts, type TradeCosts } from '@bourse/shared/fees';
import { formatPrice } from '@bourse/shared/price';
import type { OrderSide, OrderType } from '@bourse/shared/schemas/trading';
import type { Trx } from '../../platform/db/database.ts';
import { sqlRunner, type SqlRunner } from '../../platform/db/sql-runner.ts';
import { AppError, invariant } from '../../platform/errors.ts';
import type { PostingInput } from '../../platform/ledger/ledger.ts';
import type { LiveQuote } from '../../platform/market-data-provider.ts';
import { tradableInstrumentById } from '../market/market.service.ts';
import { assertInstrumentTradable } from '../market/instruments.service.ts';
import { settingsMap } from '../settings/settings.service.ts';
import { notifyInvestor } from '../users/users.service.ts';
import * as repo from './trading.repository.ts';
import type { InstrumentRow, NewOrder, OrderFill, OrderRow, PositionRow } from './trading.repository.ts';
import {
  type CheckedOrder,
  type TradingContext,
  assertTradable,
  assertValueFits,
  buyQuantity,
  feeScheduleOf,
  instrumentInTransaction,
  settingsInTransaction,
  ownLot,
  requireInstrument,
  tPlusOneHeldUntil,
  tPlusOneOf,
} from './order-rules.ts';

// ── placing an order (inside the caller's transaction) ─────────────────────────────────────────

export interface PlacedOrder {
  orderId: number;
  userId: number;
  /** Lots opened or changed by the order. */
  positionIds: number[];
  /** The order's instrument as read to place it (its code and name describe the order). */
  instrument: InstrumentRow;
  /**
   * The rows as written, when the order filled at once into a new lot: describing them needs no
   * read-back (the common case, and the hot path of order placement).
   */
  written?: { order: OrderRow; lot: PositionRow; tPlusOne: boolean } | undefined;
}

/**
 * Places a checked order in the caller's transaction: a market order fills at once (buy at the ask,
 * sell at the bid, within the price collar) or is refused; a limit order fills at once when the
 * market is already at its price or better, otherwise it rests with its cash held (buy) or its
 * shares reserved (sell). Every movement of money is one journal entry keyed by the order.
 */
export async function placeOrderInTransaction(
  ctx: TradingContext,
  trx: Trx,
  input: { userId: number; order: CheckedOrder; requestKey: string; nowMs: number },
): Promise<PlacedOrder> {
  const { order, userId, nowMs } = input;
  const run = sqlRunner(trx, ctx.database.dialect);
  const instrument = requireInstrument(await instrumentInTransaction(run, order.code), order.code);
  assertInstrumentTradable(instrument);
  const quote = assertTradable(ctx, instrument, nowMs);
  const settings = await settingsInTransaction(run);
  const fees = feeScheduleOf(settings);
  const base: OrderBase = {
    userId,
    instrumentId: instrument.id,
    type: order.type,
    timeInForce: order.timeInForce,
    limitPriceTicks: order.limitTicks,
    requestKey: input.requestKey,
    tradingDate: ctx.calendar.tradingDate(nowMs),
    nowMs,
  };
  const expiresAt = order.type === 'limit' && order.timeInForce === 'day' ? ctx.calendar.sessionEnd(nowMs) : null;
  const collarPct = ctx.config.TRADE_PRICE_COLLAR_PCT;

  if (order.side === 'buy') {
    const quantity = buyQuantity(order, instrument);
    let fillTicks: number | null;
    if (order.type === 'market') {
      assertValueFits(quote.askTicks, quantity);
      if (quote.askTicks > collarPriceTicks('buy', quote.lastTicks, collarPct)) {
        throw new AppError('PRICE_OUTSIDE_COLLAR', { pct: collarPct });
      }
      fillTicks = quote.askTicks;
    } else {
      invariant(order.limitTicks !== null, 'a limit order has a limit price');
      assertValueFits(order.limitTicks, quantity);
      // At the limit price or better: the ask, when it is already at or below the limit.
      fillTicks = quote.askTicks <= order.limitTicks ? quote.askTicks : null;
    }
    if (fillTicks !== null) {
      const costs = tradeCosts({ side: 'buy', priceTicks: fillTicks, quantity, fees });
      const row = newOrder(base, {
        side: 'buy',
        status: 'filled',
        lots: order.lots,
        quantity,
        positionId: null,
        holdId: null,
        heldMinor: null,
        fill: fillOf(fillTicks, costs),
        expiresAt: null,
      });
      const orderId = await repo.insertOrder(run, row);
      await ctx.ledger.post(trx, {
        idempotencyKey: `order:${orderId}:fill`,
        // The order was inserted just now, in this transaction.
        keyIsNew: true,
        kind: 'trade.buy',
        referenceType: 'order',
        referenceId: orderId,
        postings: nonZero([
          { account: { userId, kind: 'cash' }, amountMinor: -costs.totalMinor },
          { account: { system: 'market_settlement' }, amountMinor: costs.grossMinor },
          { account: { system: 'fee_income' }, amountMinor: costs.feesMinor },
        ]),
      });
      const positionId = await openLot(run, {
        userId,
        instrumentId: instrument.id,
        orderId,
        fillTicks,
        quantity,
        costs,
        nowMs,
        ctx,
      });
      await notifyFilled(ctx, trx, { userId, code: instrument.code, side: 'buy', quantity, priceTicks: fillTicks });
      return {
        orderId,
        userId,
        positionIds: [positionId],
        instrument,
        written: {
          order: orderRowAsWritten(row, { id: orderId, positionId }),
          lot: {
            id: positionId,
            userId,
            instrumentId: instrument.id,
            buyOrderId: orderId,
            status: 'open',
            quantity,
            originalQuantity: quantity,
            reservedQuantity: 0,
            buyPriceTicks: fillTicks,
            buyValueMinor: costs.grossMinor,
            buyCommissionMinor: costs.commissionMinor,
            buyTransactionFeeMinor: costs.transactionFeeMinor,
            capitalMinor: costs.grossMinor + costs.commissionMinor + costs.transactionFeeMinor,
            remainingCapitalMinor: costs.grossMinor + costs.commissionMinor + costs.transactionFeeMinor,
            realizedPnlMinor: 0,
            trades: 1,
            buyTime: nowMs,
            buyDate: base.tradingDate,
            closedAt: null,
          },
          tPlusOne: tPlusOneOf(settings),
        },
      };
    }
    // Resting: hold what the order can cost at its limit price; a fill at a lower price costs less.
    invariant(order.limitTicks !== null, 'only a limit order rests');
    const heldMinor = tradeCosts({ side: 'buy', priceTicks: order.limitTicks, quantity, fees }).totalMinor;
    const holdId = await ctx.ledger.hold(trx, {
      userId,
      amountMinor: heldMinor,
      reason: 'order',
      idempotencyKey: `order-hold:${userId}:${input.requestKey}@${nowMs}`,
    });
    const orderId = await repo.insertOrder(
      run,
      newOrder(base, {
        side: 'buy',
        status: 'new',
        lots: order.lots,
        quantity,
        positionId: null,
        holdId,
        heldMinor,
        fill: null,
        expiresAt,
      }),
    );
    return { orderId, userId, positionIds: [], instrument };
  }

  // Sell: from one lot, locked so that two sells of it cannot both pass the check.
  invariant(order.quantity !== null && order.positionId !== null, 'a sell names shares of a lot');
  const quantity = order.quantity;
  const lot = ownLot(await repo.lockPosition(run, order.positionId), userId, instrument);
  if (lot.status !== 'open') throw new AppError('POSITION_CLOSED');
  const heldUntil = tPlusOneHeldUntil(
    ctx,
    { buyTime: lot.buyTime, exchange: instrument.exchange },
    { tPlusOne: tPlusOneOf(settings), nowMs },
  );
  if (heldUntil !== null) throw new AppError('T_PLUS_ONE_NOT_SELLABLE', { date: heldUntil });
  const sellable = lot.quantity - lot.reservedQuantity;
  if (quantity > sellable) throw new AppError('QUANTITY_EXCEEDS_SELLABLE', { sellable });
  let fillTicks: number | null;
  if (order.type === 'market') {
    if (quote.bidTicks < collarPriceTicks('sell', quote.lastTicks, collarPct)) {
      throw new AppError('PRICE_OUTSIDE_COLLAR', { pct: collarPct });
    }
    fillTicks = quote.bidTicks;
  } else {
    invariant(order.limitTicks !== null, 'a limit order has a limit price');
    assertValueFits(order.limitTicks, quantity);
    fillTicks = quote.bidTicks >= order.limitTicks ? quote.bidTicks : null;
  }
  if (fillTicks !== null) {
    const costs = tradeCosts({ side: 'sell', priceTicks: fillTicks, quantity, fees });
    const orderId = await repo.insertOrder(
      run,
      newOrder(base, {
        side: 'sell',
        status: 'filled',
        lots: null,
        quantity,
        positionId: lot.id,
        holdId: null,
        heldMinor: null,
        fill: fillOf(fillTicks, costs),
        expiresAt: null,
      }),
    );
    await sellFromLot(ctx, trx, run, {
      lot,
      exchange: instrument.exchange,
      orderId,
      orderIsNew: true,
      quantity,
      fillTicks,
      sellType: order.type,
      costs,
      releasedReservation: 0,
      nowMs,
    });
    await notifyFilled(ctx, trx, { userId, code: instrument.code, side: 'sell', quantity, priceTicks: fillTicks });
    return { orderId, userId, positionIds: [lot.id], instrument };
  }
  await repo.changeReservation(run, lot.id, quantity);
  const orderId = await repo.insertOrder(
    run,
    newOrder(base, {
      side: 'sell',
      status: 'new',
      lots: null,
      quantity,
      positionId: lot.id,
      holdId: null,
      heldMinor: null,
      fill: null,
      expiresAt,
    }),
  );
  return { orderId, userId, positionIds: [lot.id], instrument };
}

/** What the rows of one order placement share. */
type OrderBase = Pick<
  NewOrder,
  'userId' | 'instrumentId' | 'type' | 'timeInForce' | 'limitPriceTicks' | 'requestKey' | 'tradingDate' | 'nowMs'
>;

// The builders below spell every property out instead of `{ ...base, side, … }`: Node 20's V8 adds
// each property that follows a spread on a slow path that copies the object's property store again —
// about 5 KB of garbage for an order row, 16 KB for the order as written — and the order writer's
// scavenges slowed with it (docs/performance.md, "Object spreads in the order path").

function newOrder(base: OrderBase, own: Omit<NewOrder, keyof OrderBase>): NewOrder {
  return {
    userId: base.userId,
    instrumentId: base.instrumentId,
    side: own.side,
    type: base.type,
    timeInForce: base.timeInForce,
    status: own.status,
    lots: own.lots,
    quantity: own.quantity,
    limitPriceTicks: base.limitPriceTicks,
    positionId: own.positionId,
    holdId: own.holdId,
    heldMinor: own.heldMinor,
    fill: own.fill,
    requestKey: base.requestKey,
    tradingDate: base.tradingDate,
    expiresAt: own.expiresAt,
    nowMs: base.nowMs,
  };
}

function fillOf(priceTicks: number, costs: TradeCosts): OrderFill {
  return {
    priceTicks,
    grossMinor: costs.grossMinor,
    commissionMinor: costs.commissionMinor,
    transactionFeeMinor: costs.transactionFeeMinor,
    stampDutyMinor: costs.stampDutyMinor,
    totalMinor: costs.totalMinor,
  };
}

/** A filled order's row as `insertOrder` wrote it, without reading it back. */
function orderRowAsWritten(row: NewOrder, written: { id: number; positionId: number }): OrderRow {
  const fill = row.fill;
  invariant(fill !== null, 'a filled order has its fill');
  return {
    id: written.id,
    userId: row.userId,
    instrumentId: row.instrumentId,
    side: row.side,
    type: row.type,
    timeInForce: row.timeInForce,
    status: row.status,
    lots: row.lots,
    quantity: row.quantity,
    limitPriceTicks: row.limitPriceTicks,
    positionId: written.positionId,
    holdId: row.holdId,
    heldMinor: row.heldMinor,
    fillPriceTicks: fill.priceTicks,
    grossMinor: fill.grossMinor,
    commissionMinor: fill.commissionMinor,
    transactionFeeMinor: fill.transactionFeeMinor,
    stampDutyMinor: fill.stampDutyMinor,
    totalMinor: fill.totalMinor,
    rejectReason: null,
    requestKey: row.requestKey,
    tradingDate: row.tradingDate,
    expiresAt: row.expiresAt,
    createdAt: row.nowMs,
    filledAt: row.nowMs,
    closedAt: null,
  };
}

/**
 * Tells the investor that their order filled — code, side, shares and the fill price as the wire
 * writes prices — in the fill's transaction (SMS outbox and message centre). An order fills whole,
 * at once: one message per order.
 */
function notifyFilled(
  ctx: TradingContext,
  trx: Trx,
  fill: { userId: number; code: string; side: OrderSide; quantity: number; priceTicks: number },
): Promise<void> {
  return notifyInvestor(ctx, trx, fill.userId, 'notify.orderFilled', {
    code: fill.code,
    side: fill.side,
    quantity: fill.quantity,
    price: formatPrice(fill.priceTicks),
  });
}

/** Postings without zero amounts (a fee of 0.00 moves nothing). */
function nonZero(postings: PostingInput[]): PostingInput[] {
  return postings.filter((posting) => posting.amountMinor !== 0);
}

async function openLot(
  run: SqlRunner,
  input: {
    ctx: TradingContext;
    userId: number;
    instrumentId: number;
    orderId: number;
    fillTicks: number;
    quantity: number;
    costs: TradeCosts;
    nowMs: number;
  },
): Promise<number> {
  return repo.insertPosition(run, {
    userId: input.userId,
    instrumentId: input.instrumentId,
    buyOrderId: input.orderId,
    quantity: input.quantity,
    buyPriceTicks: input.fillTicks,
    buyValueMinor: input.costs.grossMinor,
    buyCommissionMinor: input.costs.commissionMinor,
    buyTransactionFeeMinor: input.costs.transactionFeeMinor,
    buyTime: input.nowMs,
    buyDate: input.ctx.calendar.tradingDate(input.nowMs),
  });
}

/**
 * Books a sale out of a lot: its exact share of the lot's remaining capital, the realized P/L
 * (proceeds − that share), the sale record with its T+1 settlement date, and one journal entry
 * (settlement pays the gross, fees go to fee income, the net proceeds to the investor's cash).
 */
async function sellFromLot(
  ctx: TradingContext,
  trx: Trx,
  run: SqlRunner,
  input: {
    lot: PositionRow;
    /** The instrument's exchange: its business days settle the sale. */
    exchange: string;
    orderId: number;
    quantity: number;
    fillTicks: number;
    sellType: OrderType;
    costs: TradeCosts;
    releasedReservation: number;
    nowMs: number;
    /** The order was inserted in this transaction (an immediate fill), not filled later. */
    orderIsNew: boolean;
  },
): Promise<void> {
  const { lot, costs, quantity, nowMs } = input;
  const allocated = allocateCapital({
    remainingCapitalMinor: lot.remainingCapitalMinor,
    remainingQuantity: lot.quantity,
    soldQuantity: quantity,
  });
  const realized = costs.totalMinor - allocated;
  await repo.reduceLot(run, {
    positionId: lot.id,
    soldQuantity: quantity,
    releasedReservation: input.releasedReservation,
    allocatedCapitalMinor: allocated,
    realizedPnlMinor: realized,
    closes: quantity === lot.quantity,
    nowMs,
  });
  const tradeDate = ctx.calendar.tradingDate(nowMs);
  await repo.insertSale(run, {
    positionId: lot.id,
    orderId: input.orderId,
    userId: lot.userId,
    quantity,
    priceTicks: input.fillTicks,
    sellType: input.sellType,
    grossMinor: costs.grossMinor,
    commissionMinor: costs.commissionMinor,
    transactionFeeMinor: costs.transactionFeeMinor,
    stampDutyMinor: costs.stampDutyMinor,
    proceedsMinor: costs.totalMinor,
    capitalMinor: allocated,
    realizedPnlMinor: realized,
    soldAt: nowMs,
    tradeDate,
    // Sale proceeds settle on the exchange's next business day (T+1: its own holidays skipped),
    // whether or not the T+1 selling rule is on.
    settleDate: ctx.exchanges.calendar(input.exchange).nextBusinessDay(tradeDate),
  });
  const postings = nonZero([
    { account: { system: 'market_settlement' }, amountMinor: -costs.grossMinor },
    { account: { userId: lot.userId, kind: 'cash' }, amountMinor: costs.totalMinor },
    { account: { system: 'fee_income' }, amountMinor: costs.feesMinor },
  ]);
  if (postings.length >= 2) {
    await ctx.ledger.post(trx, {
      idempotencyKey: `order:${input.orderId}:fill`,
      keyIsNew: input.orderIsNew,
      kind: 'trade.sell',
      referenceType: 'order',
      referenceId: input.orderId,
      postings,
    });
  }
}

// ── resting orders: fill, cancel, expire, reject ───────────────────────────────────────────────

/**
 * Fills a resting limit order against a quote, in the caller's transaction, when the quote still
 * crosses its limit: a buy at the ask (≤ limit), a sell at the bid (≥ limit), fees recomputed at the
 * fill price by the same arithmetic. An instrument that may no longer trade rejects the order with
 * its reason (cash or shares released); so does a sale whose fees the investor's cash cannot cover.
 * Returns null when there was nothing to do.
 */
export async function fillRestingOrder(
  ctx: TradingContext,
  trx: Trx,
  input: { orderId: number; quote: LiveQuote; nowMs: number },
): Promise<{ order: OrderRow; positionIds: number[]; instrument: InstrumentRow } | null> {
  const run = sqlRunner(trx, ctx.database.dialect);
  const order = await repo.lockOrder(run, input.orderId);
  if (!order || order.status !== 'new' || order.limitPriceTicks === null) return null;
  const side = order.side as OrderSide;
  const fillTicks = side === 'buy' ? input.quote.askTicks : input.quote.bidTicks;
  const crosses = side === 'buy' ? fillTicks <= order.limitPriceTicks : fillTicks >= order.limitPriceTicks;
  if (!crosses || fillTicks <= 0) return null;
  const instrument = await tradableInstrumentById(run, order.instrumentId);
  invariant(instrument, 'an order’s instrument exists');
  const refusal =
    instrument.status === 'suspended'
      ? 'INSTRUMENT_SUSPENDED'
      : instrument.status !== 'listed'
        ? 'INSTRUMENT_NOT_LISTED'
        : Number(instrument.tradingEnabled) !== 1
          ? 'TRADING_DISABLED'
          : null;
  if (refusal) {
    await closeRestingOrder(ctx, trx, { order, status: 'rejected', reason: refusal, nowMs: input.nowMs });
    return { order, positionIds: order.positionId === null ? [] : [order.positionId], instrument };
  }
  const fees = feeScheduleOf(await settingsMap(run));
  const costs = tradeCosts({ side, priceTicks: fillTicks, quantity: order.quantity, fees });
  const filled = () =>
    notifyFilled(ctx, trx, {
      userId: order.userId,
      code: instrument.code,
      side,
      quantity: order.quantity,
      priceTicks: fillTicks,
    });

  if (side === 'buy') {
    invariant(order.holdId !== null && order.heldMinor !== null, 'a resting buy holds its cash');
    invariant(costs.totalMinor <= order.heldMinor, 'a fill at or below the limit costs no more than was held');
    await ctx.ledger.capture(trx, {
      holdId: order.holdId,
      amountMinor: costs.totalMinor,
      to: nonZero([
        { account: { system: 'market_settlement' }, amountMinor: costs.grossMinor },
        { account: { system: 'fee_income' }, amountMinor: costs.feesMinor },
      ]),
      idempotencyKey: `order:${order.id}:fill`,
      kind: 'trade.buy',
    });
    const positionId = await openLot(run, {
      ctx,
      userId: order.userId,
      instrumentId: order.instrumentId,
      orderId: order.id,
      fillTicks,
      quantity: order.quantity,
      costs,
      nowMs: input.nowMs,
    });
    await repo.markOrderFilled(run, { orderId: order.id, fill: fillOf(fillTicks, costs), nowMs: input.nowMs });
    await filled();
    return { order, positionIds: [positionId], instrument };
  }

  invariant(order.positionId !== null, 'a resting sell names its lot');
  const lot = await repo.lockPosition(run, order.positionId);
  invariant(
    lot && lot.status === 'open' && lot.reservedQuantity >= order.quantity,
    'a resting sell’s shares are reserved',
  );
  if (costs.totalMinor < 0) {
    // Fees above a tiny sale's gross are paid from cash; without it the order cannot fill.
    const cash = await repo.cashBalance(run, `user:${order.userId}:cash:${ctx.ledger.currency}`);
    if (cash < -costs.totalMinor) {
      await closeRestingOrder(ctx, trx, {
        order,
        status: 'rejected',
        reason: 'INSUFFICIENT_FUNDS',
        nowMs: input.nowMs,
      });
      return { order, positionIds: [lot.id], instrument };
    }
  }
  await repo.markOrderFilled(run, { orderId: order.id, fill: fillOf(fillTicks, costs), nowMs: input.nowMs });
  await sellFromLot(ctx, trx, run, {
    lot,
    exchange: instrument.exchange,
    orderId: order.id,
    orderIsNew: false,
    quantity: order.quantity,
    fillTicks,
    sellType: 'limit',
    costs,
    releasedReservation: order.quantity,
    nowMs: input.nowMs,
  });
  await filled();
  return { order, positionIds: [lot.id], instrument };
}

/**
 * Ends a resting order — cancelled by the investor, expired at the end of its day, or rejected at
 * matching time — and releases what it held: the cash back from frozen (one entry), or the lot's
 * reserved shares.
 */
export async function closeRestingOrder(
  ctx: TradingContext,
  trx: Trx,
  input: { order: OrderRow; status: 'cancelled' | 'expired' | 'rejected'; reason: string | null; nowMs: number },
): Promise<void> {
  const { order } = input;
  const run = sqlRunner(trx, ctx.database.dialect);
  if (order.side === 'buy') {
    invariant(order.holdId !== null, 'a resting buy holds its cash');
    await ctx.ledger.void(trx, {
      holdId: order.holdId,
      idempotencyKey: `order:${order.id}:${input.status}`,
      kind: `order.${input.status}`,
    });
  } else {
    invariant(order.positionId !== null, 'a resting sell names its lot');
    await repo.changeReservation(run, order.positionId, -order.quantity);
  }
  await repo.closeOrder(run, {
    orderId: order.id,
    status: input.status,
    rejectReason: input.reason,
    nowMs: input.nowMs,
  });
}

/** The investor cancels one of their open orders (in the caller's transaction). */
export async function cancelOrderInTransaction(
  ctx: TradingContext,
  trx: Trx,
  input: { userId: number; orderId: number; nowMs: number },
): Promise<OrderRow> {
  const run = sqlRunner(trx, ctx.database.dialect);
  const order = await repo.lockOrder(run, input.orderId);
  if (!order || order.userId !== input.userId) throw new AppError('ORDER_NOT_FOUND');
  if (order.status !== 'new') throw new AppError('ORDER_NOT_OPEN');
  await closeRestingOrder(ctx, trx, { order, status: 'cancelled', reason: null, nowMs: input.nowMs });
  return order;
}
