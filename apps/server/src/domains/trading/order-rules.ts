// Trading's rules before anything is written: the order as checked, fee schedule and settlement
// settings, tradability, sellable shares, and the ex-ante quote (trading.service.ts was split in
// issue 12 into order-rules, fill-units, order-wire and the reads in trading.service).
import { collarPriceTicks, percentOf, tradeCosts, valueFits, type FeeSchedule } from '@bourse/shared/fees';
import { formatMinor } from '@bourse/shared/money';
import { formatPrice, isOnTick, parsePrice, tickSizeText } from '@bourse/shared/price';
import type { CostBreakdown, OrderSide, OrderType, TimeInForce } from '@bourse/shared/schemas/trading';
import type { AppContext } from '../../platform/context.ts';
import { sqlRunner, type SqlRunner } from '../../platform/db/sql-runner.ts';
import { AppError, invariant } from '../../platform/errors.ts';
import type { LiveQuote, MarketDataProvider } from '../../platform/market-data-provider.ts';
import { tradableInstrumentByCode } from '../market/market.service.ts';
import { assertInstrumentTradable } from '../market/instruments.service.ts';
import { SETTING_DEFAULTS, settingsMap } from '../settings/settings.service.ts';
import * as repo from './trading.repository.ts';
import type { InstrumentRow, PositionRow } from './trading.repository.ts';

/**
 * What trading's rules need of the app: configuration, the database, the calendar, the ledger, the
 * clock, the notifier (fills and expiries tell the investor) and the current quotes. The whole app
 * context is one; so is the order writer thread's context (order-writer.worker.ts), whose quotes are
 * those the main thread saw when it took the order.
 */
export type TradingContext = Pick<
  AppContext,
  'config' | 'database' | 'calendar' | 'exchanges' | 'ledger' | 'clock' | 'notifier'
> & {
  market: Pick<MarketDataProvider, 'quote' | 'isOpen'>;
};

/** The most shares one order may trade. */
export const MAX_ORDER_SHARES = 100_000_000;

export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

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
 * most 4 decimals, on the price grid, on limit orders only.
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
    if (!isOnTick(limitTicks)) throw new AppError('PRICE_OFF_TICK', { tick: tickSizeText(limitTicks) });
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

// ── settings and instruments, read through their domains once per transaction ─────────────────

interface TransactionReads {
  settings?: ReadonlyMap<string, string>;
  instruments: Map<string, InstrumentRow | undefined>;
}
const transactionReads = new WeakMap<SqlRunner, TransactionReads>();

function readsOf(run: SqlRunner): TransactionReads {
  let reads = transactionReads.get(run);
  if (!reads) {
    reads = { instruments: new Map() };
    transactionReads.set(run, reads);
  }
  return reads;
}

/**
 * The settings and an instrument, read once per transaction: `run` must be a transaction's runner
 * (never the pool's), and the transaction must not change them. A group-commit batch on SQLite is
 * one transaction holding the write lock, so its orders see exactly what each would have read.
 */
export async function settingsInTransaction(run: SqlRunner): Promise<ReadonlyMap<string, string>> {
  const reads = readsOf(run);
  reads.settings ??= await settingsMap(run);
  return reads.settings;
}

export async function instrumentInTransaction(run: SqlRunner, code: string): Promise<InstrumentRow | undefined> {
  const reads = readsOf(run);
  if (!reads.instruments.has(code)) reads.instruments.set(code, await tradableInstrumentByCode(run, code));
  return reads.instruments.get(code);
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

export function requireInstrument(instrument: InstrumentRow | undefined, code: string): InstrumentRow {
  if (!instrument) throw new AppError('INSTRUMENT_NOT_FOUND', { code });
  return instrument;
}

/** Refuses orders in an instrument that cannot trade now: not listed, suspended, switched off, market closed. */
export function assertTradable(ctx: TradingContext, instrument: InstrumentRow, nowMs: number): LiveQuote {
  if (instrument.status === 'ipo') throw new AppError('INSTRUMENT_NOT_LISTED');
  if (instrument.status === 'suspended') throw new AppError('INSTRUMENT_SUSPENDED');
  if (Number(instrument.tradingEnabled) !== 1) throw new AppError('TRADING_DISABLED');
  if (!ctx.market.isOpen(nowMs, instrument.code)) throw new AppError('MARKET_CLOSED');
  return requireQuote(ctx, instrument.code);
}

function requireQuote(ctx: TradingContext, code: string): LiveQuote {
  const quote = ctx.market.quote(code);
  if (!quote || quote.askTicks <= 0 || quote.bidTicks <= 0) throw new AppError('QUOTE_UNAVAILABLE');
  return quote;
}

/**
 * The trading date before which the T+1 rule still holds a lot back, or null when it may be sold now
 * (or the rule is off). Both dates are on the calendar of the exchange the lot's instrument is
 * listed on, the one its sales settle on: the buy and now are dated in that exchange's zone (from
 * `buyTime`; the lot's `buyDate` is the home market's date), and its next business day skips its own
 * holidays, not the home market's.
 */
export function tPlusOneHeldUntil(
  ctx: TradingContext,
  lot: { buyTime: number; exchange: string },
  input: { tPlusOne: boolean; nowMs: number },
): string | null {
  if (!input.tPlusOne) return null;
  const calendar = ctx.exchanges.calendar(lot.exchange);
  const sellableFrom = calendar.nextBusinessDay(calendar.tradingDate(lot.buyTime));
  return calendar.tradingDate(input.nowMs) < sellableFrom ? sellableFrom : null;
}

/** Shares of a lot that can be sold now: not reserved by resting sells, and not held back by T+1. */
export function sellableShares(
  ctx: TradingContext,
  lot: PositionRow,
  input: { exchange: string; tPlusOne: boolean; nowMs: number },
): number {
  if (lot.status !== 'open') return 0;
  if (tPlusOneHeldUntil(ctx, { buyTime: lot.buyTime, exchange: input.exchange }, input) !== null) return 0;
  return lot.quantity - lot.reservedQuantity;
}

export function ownLot(lot: PositionRow | undefined, userId: number, instrument?: InstrumentRow): PositionRow {
  // Someone else's lot, a lot of another instrument and no lot at all look the same from outside.
  if (!lot || lot.userId !== userId || (instrument && lot.instrumentId !== instrument.id)) {
    throw new AppError('POSITION_NOT_FOUND');
  }
  return lot;
}

export function buyQuantity(order: CheckedOrder, instrument: InstrumentRow): number {
  invariant(order.lots !== null, 'a buy is in lots');
  const quantity = order.lots * instrument.lotSize;
  if (quantity > MAX_ORDER_SHARES) {
    throw new AppError('LOTS_TOO_LARGE', { max: Math.floor(MAX_ORDER_SHARES / instrument.lotSize) });
  }
  return quantity;
}

export function assertValueFits(priceTicks: number, quantity: number) {
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
    const instrument = requireInstrument(await tradableInstrumentByCode(run, order.code), order.code);
    assertInstrumentTradable(instrument);
    const quote = requireQuote(ctx, instrument.code);
    const settings = await settingsMap(run);
    const fees = feeScheduleOf(settings);
    let quantity: number;
    let sellable: number | null = null;
    if (order.side === 'buy') {
      quantity = buyQuantity(order, instrument);
    } else {
      invariant(order.quantity !== null && order.positionId !== null, 'a sell names shares of a lot');
      const lot = ownLot(await repo.readPosition(run, order.positionId), userId, instrument);
      sellable = sellableShares(ctx, lot, { exchange: instrument.exchange, tPlusOne: tPlusOneOf(settings), nowMs });
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
