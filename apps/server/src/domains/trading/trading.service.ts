import {
  allocateCapital,
  collarPriceTicks,
  marketValueMinor,
  percentOf,
  priceDifferenceMinor,
  tradeCosts,
  valueFits,
  type FeeSchedule,
  type TradeCosts,
} from '@bourse/shared/fees';
import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { Language } from '@bourse/shared/languages';
import { formatMinor } from '@bourse/shared/money';
import { changePercent, formatPrice, parsePrice } from '@bourse/shared/price';
import type {
  CostBreakdown,
  Holding,
  Order,
  OrderSide,
  OrderType,
  Position,
  TimeInForce,
} from '@bourse/shared/schemas/trading';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import { sqlRunner, type SqlRunner } from '../../platform/db/sql-runner.ts';
import { AppError, invariant } from '../../platform/errors.ts';
import type { PostingInput } from '../ledger/ledger.service.ts';
import { assertInstrumentTradable } from '../market/instruments.service.ts';
import type { LiveQuote, MarketDataProvider } from '../market/market-data-provider.ts';
import { SETTING_DEFAULTS } from '../settings/settings.service.ts';
import * as repo from './trading.repository.ts';
import type { InstrumentRow, NewOrder, OrderFill, OrderRow, PositionRow, SaleRow } from './trading.repository.ts';

/**
 * What trading's rules need of the app: configuration, the database, the calendar, the ledger, the
 * clock and the current quotes. The whole app context is one; so is the order writer thread's
 * context (order-writer.worker.ts), whose quotes are those the main thread saw when it took the order.
 */
export type TradingContext = Pick<AppContext, 'config' | 'database' | 'calendar' | 'ledger' | 'clock'> & {
  market: Pick<MarketDataProvider, 'quote' | 'isOpen'>;
};

/** The most shares one order may trade. */
export const MAX_ORDER_SHARES = 100_000_000;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** An order as the ticket sends it (the shared schema has checked its shape, not its values). */
export interface OrderInput {
  code: string;
  side: OrderSide;
  type: OrderType;
  lots?: number | undefined;
  quantity?: number | undefined;
  positionId?: number | undefined;
  limitPrice?: string | undefined;
  timeInForce: TimeInForce;
}

/** An order whose values have been checked: whole positive lots or shares, a valid limit price. */
export interface CheckedOrder {
  code: string;
  side: OrderSide;
  type: OrderType;
  timeInForce: TimeInForce;
  /** Buy: lots. */
  lots: number | null;
  /** Sell: shares. */
  quantity: number | null;
  positionId: number | null;
  limitTicks: number | null;
}

/**
 * Checks the values of an order or a quote request, before anything is read or written: buys in
 * whole positive lots, sells in whole positive shares of a named lot, a limit price > 0 with at
 * most 4 decimals on limit orders only.
 */
export function checkOrderInput(input: OrderInput): CheckedOrder {
  let lots: number | null = null;
  let quantity: number | null = null;
  if (input.side === 'buy') {
    if (input.quantity !== undefined) throw new AppError('VALIDATION_FAILED', { detail: 'quantity' });
    if (input.positionId !== undefined) throw new AppError('VALIDATION_FAILED', { detail: 'positionId' });
    lots = wholePositive(input.lots, {
      missing: 'LOTS_NOT_POSITIVE',
      notWhole: 'LOTS_NOT_WHOLE',
      tooLarge: 'LOTS_TOO_LARGE',
    });
  } else {
    if (input.lots !== undefined) throw new AppError('VALIDATION_FAILED', { detail: 'lots' });
    quantity = wholePositive(input.quantity, {
      missing: 'QUANTITY_NOT_POSITIVE',
      notWhole: 'QUANTITY_NOT_WHOLE',
      tooLarge: 'QUANTITY_TOO_LARGE',
    });
    if (input.positionId === undefined) throw new AppError('POSITION_REQUIRED');
  }
  let limitTicks: number | null = null;
  if (input.type === 'limit') {
    if (input.limitPrice === undefined || input.limitPrice === '') throw new AppError('LIMIT_PRICE_REQUIRED');
    limitTicks = parsePrice(input.limitPrice);
    if (limitTicks === null || limitTicks <= 0) throw new AppError('LIMIT_PRICE_INVALID');
  } else if (input.limitPrice !== undefined) {
    throw new AppError('VALIDATION_FAILED', { detail: 'limitPrice' });
  }
  return {
    code: input.code,
    side: input.side,
    type: input.type,
    // A market order fills now or not at all; time in force only matters to limit orders.
    timeInForce: input.type === 'limit' ? input.timeInForce : 'day',
    lots,
    quantity,
    positionId: input.positionId ?? null,
    limitTicks,
  };
}

function wholePositive(
  value: number | undefined,
  codes: {
    missing: 'LOTS_NOT_POSITIVE' | 'QUANTITY_NOT_POSITIVE';
    notWhole: 'LOTS_NOT_WHOLE' | 'QUANTITY_NOT_WHOLE';
    tooLarge: 'LOTS_TOO_LARGE' | 'QUANTITY_TOO_LARGE';
  },
): number {
  if (value === undefined || Number.isNaN(value)) throw new AppError(codes.missing);
  if (!Number.isInteger(value)) throw new AppError(codes.notWhole);
  if (value <= 0) throw new AppError(codes.missing);
  if (value > MAX_ORDER_SHARES) throw new AppError(codes.tooLarge, { max: MAX_ORDER_SHARES });
  return value;
}

// ── settings, instruments, quotes ───────────────────────────────────────────────────────────────

export function feeScheduleOf(settings: ReadonlyMap<string, string>): FeeSchedule {
  return {
    commissionRate: settings.get('commissionRate') ?? SETTING_DEFAULTS.commissionRate,
    commissionMin: settings.get('commissionMin') ?? SETTING_DEFAULTS.commissionMin,
    transactionFeeRate: settings.get('transactionFeeRate') ?? SETTING_DEFAULTS.transactionFeeRate,
    stampDutyRate: settings.get('stampDutyRate') ?? SETTING_DEFAULTS.stampDutyRate,
  };
}

export function tPlusOneOf(settings: ReadonlyMap<string, string>): boolean {
  return (settings.get('tPlusOne') ?? SETTING_DEFAULTS.tPlusOne) === 'true';
}

function requireInstrument(instrument: InstrumentRow | undefined, code: string): InstrumentRow {
  if (!instrument) throw new AppError('INSTRUMENT_NOT_FOUND', { code });
  return instrument;
}

/** Refuses orders in an instrument that cannot trade now: not listed, suspended, switched off, market closed. */
function assertTradable(ctx: TradingContext, instrument: InstrumentRow, nowMs: number): LiveQuote {
  if (instrument.status === 'ipo') throw new AppError('INSTRUMENT_NOT_LISTED');
  if (instrument.status === 'suspended') throw new AppError('INSTRUMENT_SUSPENDED');
  if (Number(instrument.tradingEnabled) !== 1) throw new AppError('TRADING_DISABLED');
  if (!ctx.market.isOpen(nowMs)) throw new AppError('MARKET_CLOSED');
  return requireQuote(ctx, instrument.code);
}

function requireQuote(ctx: TradingContext, code: string): LiveQuote {
  const quote = ctx.market.quote(code);
  if (!quote || quote.askTicks <= 0 || quote.bidTicks <= 0) throw new AppError('QUOTE_UNAVAILABLE');
  return quote;
}

/** The business day from which a lot bought on `buyDate` may be sold under the T+1 rule. */
function sellableFrom(ctx: TradingContext, buyDate: string): string {
  return ctx.calendar.nextBusinessDay(buyDate);
}

/** Shares of a lot that can be sold now: not reserved by resting sells, and not blocked by T+1. */
function sellableShares(ctx: TradingContext, lot: PositionRow, tPlusOne: boolean, nowMs: number): number {
  if (lot.status !== 'open') return 0;
  if (tPlusOne && ctx.calendar.tradingDate(nowMs) < sellableFrom(ctx, lot.buyDate)) return 0;
  return lot.quantity - lot.reservedQuantity;
}

function ownLot(lot: PositionRow | undefined, userId: number, instrument?: InstrumentRow): PositionRow {
  // Someone else's lot, a lot of another instrument and no lot at all look the same from outside.
  if (!lot || lot.userId !== userId || (instrument && lot.instrumentId !== instrument.id)) {
    throw new AppError('POSITION_NOT_FOUND');
  }
  return lot;
}

function buyQuantity(order: CheckedOrder, instrument: InstrumentRow): number {
  invariant(order.lots !== null, 'a buy is in lots');
  const quantity = order.lots * instrument.lotSize;
  if (quantity > MAX_ORDER_SHARES) {
    throw new AppError('LOTS_TOO_LARGE', { max: Math.floor(MAX_ORDER_SHARES / instrument.lotSize) });
  }
  return quantity;
}

function assertValueFits(priceTicks: number, quantity: number) {
  if (!valueFits(priceTicks, quantity)) throw new AppError('ORDER_VALUE_TOO_LARGE');
}

// ── the ex-ante quote ───────────────────────────────────────────────────────────────────────────

/**
 * The cost breakdown the ticket shows before confirmation, from the same arithmetic (and the same
 * price rule) the fill uses: the ask for market buys, the bid for market sells, the limit price for
 * limit orders. A read: it answers whether or not the market is open.
 */
export async function quoteOrder(ctx: TradingContext, userId: number, input: OrderInput): Promise<CostBreakdown> {
  const order = checkOrderInput(input);
  const nowMs = ctx.clock.nowMs();
  // Reads only, statement by statement: no transaction (and no write lock on SQLite) for a preview.
  const run = sqlRunner(ctx.database.db, ctx.database.dialect);
  {
    const instrument = requireInstrument(await repo.findInstrumentByCode(run, order.code), order.code);
    assertInstrumentTradable(instrument);
    const quote = requireQuote(ctx, instrument.code);
    const settings = await repo.readSettings(run);
    const fees = feeScheduleOf(settings);
    let quantity: number;
    let sellable: number | null = null;
    if (order.side === 'buy') {
      quantity = buyQuantity(order, instrument);
    } else {
      invariant(order.quantity !== null && order.positionId !== null, 'a sell names shares of a lot');
      const lot = ownLot(await repo.readPosition(run, order.positionId), userId, instrument);
      sellable = sellableShares(ctx, lot, tPlusOneOf(settings), nowMs);
      quantity = order.quantity;
    }
    const priceTicks = order.limitTicks ?? (order.side === 'buy' ? quote.askTicks : quote.bidTicks);
    assertValueFits(priceTicks, quantity);
    const costs = tradeCosts({ side: order.side, priceTicks, quantity, fees });
    const available =
      order.side === 'buy' ? await repo.cashBalance(run, `user:${userId}:cash:${ctx.ledger.currency}`) : null;
    const line = (amount: number) => ({ amount: formatMinor(amount), pct: percentOf(amount, costs.grossMinor) });
    return {
      code: instrument.code,
      side: order.side,
      type: order.type,
      price: formatPrice(priceTicks),
      quantity,
      lots: order.lots,
      lotSize: instrument.lotSize,
      gross: formatMinor(costs.grossMinor),
      commission: line(costs.commissionMinor),
      transactionFee: line(costs.transactionFeeMinor),
      stampDuty: line(costs.stampDutyMinor),
      fees: line(costs.feesMinor),
      total: formatMinor(costs.totalMinor),
      rates: fees,
      available: available === null ? null : formatMinor(available),
      sellable,
      collarPrice:
        order.type === 'market'
          ? formatPrice(collarPriceTicks(order.side, quote.lastTicks, ctx.config.TRADE_PRICE_COLLAR_PCT))
          : null,
    };
  }
}

// ── placing an order (inside the caller's transaction) ─────────────────────────────────────────

export interface PlacedOrder {
  orderId: number;
  userId: number;
  /** Lots opened or changed by the order. */
  positionIds: number[];
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
  const instrument = requireInstrument(await repo.instrumentInTransaction(run, order.code), order.code);
  assertInstrumentTradable(instrument);
  const quote = assertTradable(ctx, instrument, nowMs);
  const settings = await repo.settingsInTransaction(run);
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
      return {
        orderId,
        userId,
        positionIds: [positionId],
        written: {
          order: orderRowAsWritten(row, { id: orderId, positionId, instrument }),
          lot: {
            id: positionId,
            userId,
            instrumentId: instrument.id,
            code: instrument.code,
            name: instrument.name,
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
      idempotencyKey: `order-hold:${userId}:${input.requestKey}`,
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
    return { orderId, userId, positionIds: [] };
  }

  // Sell: from one lot, locked so that two sells of it cannot both pass the check.
  invariant(order.quantity !== null && order.positionId !== null, 'a sell names shares of a lot');
  const quantity = order.quantity;
  const lot = ownLot(await repo.lockPosition(run, order.positionId), userId, instrument);
  if (lot.status !== 'open') throw new AppError('POSITION_CLOSED');
  if (tPlusOneOf(settings) && ctx.calendar.tradingDate(nowMs) < sellableFrom(ctx, lot.buyDate)) {
    throw new AppError('T_PLUS_ONE_NOT_SELLABLE', { date: sellableFrom(ctx, lot.buyDate) });
  }
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
      orderId,
      orderIsNew: true,
      quantity,
      fillTicks,
      sellType: order.type,
      costs,
      releasedReservation: 0,
      nowMs,
    });
    return { orderId, userId, positionIds: [lot.id] };
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
  return { orderId, userId, positionIds: [lot.id] };
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
function orderRowAsWritten(
  row: NewOrder,
  written: { id: number; positionId: number; instrument: InstrumentRow },
): OrderRow {
  const fill = row.fill;
  invariant(fill !== null, 'a filled order has its fill');
  return {
    id: written.id,
    userId: row.userId,
    instrumentId: row.instrumentId,
    code: written.instrument.code,
    name: written.instrument.name,
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
    // Sale proceeds settle on the next business day (T+1), whether or not the T+1 selling rule is on.
    settleDate: ctx.calendar.nextBusinessDay(tradeDate),
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
): Promise<{ order: OrderRow; positionIds: number[] } | null> {
  const run = sqlRunner(trx, ctx.database.dialect);
  const order = await repo.lockOrder(run, input.orderId);
  if (!order || order.status !== 'new' || order.limitPriceTicks === null) return null;
  const side = order.side as OrderSide;
  const fillTicks = side === 'buy' ? input.quote.askTicks : input.quote.bidTicks;
  const crosses = side === 'buy' ? fillTicks <= order.limitPriceTicks : fillTicks >= order.limitPriceTicks;
  if (!crosses || fillTicks <= 0) return null;
  const instrument = await repo.findInstrumentById(run, order.instrumentId);
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
    return { order, positionIds: order.positionId === null ? [] : [order.positionId] };
  }
  const fees = feeScheduleOf(await repo.readSettings(run));
  const costs = tradeCosts({ side, priceTicks: fillTicks, quantity: order.quantity, fees });

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
    return { order, positionIds: [positionId] };
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
      return { order, positionIds: [lot.id] };
    }
  }
  await repo.markOrderFilled(run, { orderId: order.id, fill: fillOf(fillTicks, costs), nowMs: input.nowMs });
  await sellFromLot(ctx, trx, run, {
    lot,
    orderId: order.id,
    orderIsNew: false,
    quantity: order.quantity,
    fillTicks,
    sellType: 'limit',
    costs,
    releasedReservation: order.quantity,
    nowMs: input.nowMs,
  });
  return { order, positionIds: [lot.id] };
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

// ── what the screens read ───────────────────────────────────────────────────────────────────────

export function toOrderWire(row: OrderRow, lang: Language): Order {
  const filled = row.status === 'filled';
  const fees = filled ? (row.commissionMinor ?? 0) + (row.transactionFeeMinor ?? 0) + (row.stampDutyMinor ?? 0) : null;
  const amount = (minor: number | null) => (minor === null || !filled ? null : formatMinor(minor));
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
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
  sales: readonly SaleRow[],
  view: PositionContext,
): Position {
  const open = row.status === 'open';
  const lastTicks = ctx.market.quote(row.code)?.lastTicks ?? row.buyPriceTicks;
  const marketValue = open ? marketValueMinor(lastTicks, row.quantity) : 0;
  const floatingPnl = open ? priceDifferenceMinor(row.buyPriceTicks, lastTicks, row.quantity) : 0;
  const soldCapital = row.capitalMinor - row.remainingCapitalMinor;
  const last = sales.at(-1);
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    status: row.status as 'open' | 'closed',
    quantity: Number(row.quantity),
    originalQuantity: Number(row.originalQuantity),
    sellable: sellableShares(ctx, row, view.tPlusOne, view.nowMs),
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
 * the payload of the live events.
 */
export async function describeInTransaction(
  ctx: TradingContext,
  trx: Trx,
  input: {
    orderId: number;
    positionIds: readonly number[];
    lang?: Language | undefined;
    written?: PlacedOrder['written'];
  },
): Promise<{ userId: number; order: Order; positions: Position[] }> {
  if (input.written && input.lang) {
    const { order, lot, tPlusOne } = input.written;
    return {
      userId: order.userId,
      order: toOrderWire(order, input.lang),
      positions: [toPositionWire(ctx, lot, [], { tPlusOne, nowMs: ctx.clock.nowMs() })],
    };
  }
  const run = sqlRunner(trx, ctx.database.dialect);
  const row = await repo.readOrder(run, input.orderId);
  invariant(row, 'a described order exists');
  const lang = input.lang ?? (await repo.languageOf(run, row.userId));
  const positions: Position[] = [];
  if (input.positionIds.length > 0) {
    const view = { tPlusOne: tPlusOneOf(await repo.readSettings(run)), nowMs: ctx.clock.nowMs() };
    const sales = await repo.salesOfPositions(run, [...input.positionIds]);
    for (const id of input.positionIds) {
      const lot = await repo.readPosition(run, id);
      if (lot)
        positions.push(
          toPositionWire(
            ctx,
            lot,
            sales.filter((sale) => Number(sale.positionId) === id),
            view,
          ),
        );
    }
  }
  return { userId: Number(row.userId), order: toOrderWire(row, lang), positions };
}

async function positionView(ctx: TradingContext): Promise<PositionContext> {
  const settings = await repo.readSettings(sqlRunner(ctx.database.db, ctx.database.dialect));
  return { tPlusOne: tPlusOneOf(settings), nowMs: ctx.clock.nowMs() };
}

async function withSales(ctx: TradingContext, rows: PositionRow[], view: PositionContext): Promise<Position[]> {
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
  return rows.map((row) => toPositionWire(ctx, row, byLot.get(Number(row.id)) ?? [], view));
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
  const byCode = new Map<string, { rows: PositionRow[]; sellable: number; name: string }>();
  for (const row of rows) {
    const entry = byCode.get(row.code) ?? { rows: [], sellable: 0, name: row.name };
    entry.rows.push(row);
    entry.sellable += sellableShares(ctx, row, view.tPlusOne, view.nowMs);
    byCode.set(row.code, entry);
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
  return rows.map((row) => toOrderWire(row, lang));
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
  const rows = await db
    .selectFrom('positions as p')
    .innerJoin('instruments as i', 'i.id', 'p.instrumentId')
    .select(['i.code', 'p.quantity', 'p.buyPriceTicks'])
    .where('p.userId', '=', userId)
    .where('p.status', '=', 'open')
    .execute();
  let marketValue = 0;
  let floatingPnl = 0;
  for (const row of rows) {
    const lastTicks = ctx.market.quote(row.code)?.lastTicks ?? Number(row.buyPriceTicks);
    marketValue += marketValueMinor(lastTicks, Number(row.quantity));
    floatingPnl += priceDifferenceMinor(Number(row.buyPriceTicks), lastTicks, Number(row.quantity));
  }
  const unsettled = await repo.unsettledProceeds(db, userId, ctx.calendar.tradingDate(ctx.clock.nowMs()));
  return { marketValueMinor: marketValue, floatingPnlMinor: floatingPnl, unsettledProceedsMinor: unsettled };
}
