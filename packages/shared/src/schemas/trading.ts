import { z } from 'zod';
import { PRICE_PATTERN } from '../price.ts';
import { PERIODS } from './wallet.ts';
import { instrumentCode } from './market.ts';

/**
 * Trading on the wire. Amounts and prices are decimal strings; quantities are integers. Buying is in
 * lots (the instrument's lot size), selling in shares of one position lot.
 */
export const orderSide = z.enum(['buy', 'sell']);
export type OrderSide = z.infer<typeof orderSide>;
export const orderType = z.enum(['market', 'limit']);
export type OrderType = z.infer<typeof orderType>;
/** Day orders expire at the end of the trading day; good-till-cancelled ones rest until filled or cancelled. */
export const timeInForce = z.enum(['day', 'gtc']);
export type TimeInForce = z.infer<typeof timeInForce>;
export const orderStatus = z.enum(['new', 'filled', 'cancelled', 'expired', 'rejected']);
export type OrderStatus = z.infer<typeof orderStatus>;

export const limitPrice = z.string().regex(PRICE_PATTERN, 'must be a decimal price with at most 4 decimals');

/**
 * What the ticket sends to preview costs and to place an order. `lots` and `quantity` accept any
 * number here, and `limitPrice` any short string, so the service can answer zero, negative,
 * fractional or enormous values with a precise message ("number of lots cannot be 0",
 * LIMIT_PRICE_INVALID for "0", "-1" or five decimals); strings for numbers are refused by the schema.
 * Clients validate a limit price with `limitPrice` (the strict pattern) before sending.
 */
const orderFields = {
  code: instrumentCode,
  side: orderSide,
  type: orderType,
  /** Buy: number of lots. */
  lots: z.number().optional(),
  /** Sell: number of shares of the position lot. */
  quantity: z.number().optional(),
  /** Sell: the position lot to sell from. */
  positionId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limitPrice: z.string().max(40).optional(),
  /** Limit orders: `day` (expires at the end of the trading day) or `gtc`. Market orders ignore it. */
  timeInForce: timeInForce.default('day'),
};
export const tradeQuoteBody = z.strictObject(orderFields);
export type TradeQuoteBody = z.infer<typeof tradeQuoteBody>;
export const placeOrderBody = z.strictObject({
  ...orderFields,
  tradingPassword: z.string().regex(/^\d{6}$/, 'must be 6 digits'),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

/** One cost line: its amount and its share of the gross value in percent (e.g. "0.25"). */
export const costLine = z.object({ amount: z.string(), pct: z.string() });

/** The ex-ante cost breakdown shown before confirmation; a fill uses the same arithmetic. */
export const costBreakdown = z.object({
  code: z.string(),
  side: orderSide,
  type: orderType,
  /** The price the estimate uses: the ask (buy) or bid (sell) for market orders, the limit price otherwise. */
  price: z.string(),
  quantity: z.number().int(),
  lots: z.number().int().nullable(),
  lotSize: z.number().int(),
  gross: z.string(),
  commission: costLine,
  transactionFee: costLine,
  stampDuty: costLine,
  fees: costLine,
  /** Buy: the cash the order needs (gross + fees). Sell: the proceeds (gross − fees). */
  total: z.string(),
  rates: z.object({
    commissionRate: z.string(),
    commissionMin: z.string(),
    transactionFeeRate: z.string(),
    stampDutyRate: z.string(),
  }),
  /** Buy: cash available now. */
  available: z.string().nullable(),
  /** Sell: shares of the lot that can be sold now. */
  sellable: z.number().int().nullable(),
  /** Market orders: the collar — the fill must lie within this price. */
  collarPrice: z.string().nullable(),
});
export type CostBreakdown = z.infer<typeof costBreakdown>;

export const order = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  side: orderSide,
  type: orderType,
  timeInForce,
  status: orderStatus,
  lots: z.number().int().nullable(),
  quantity: z.number().int(),
  limitPrice: z.string().nullable(),
  fillPrice: z.string().nullable(),
  gross: z.string().nullable(),
  commission: z.string().nullable(),
  transactionFee: z.string().nullable(),
  stampDuty: z.string().nullable(),
  fees: z.string().nullable(),
  /** Buy: cash paid (or held while open); sell: proceeds. */
  total: z.string().nullable(),
  positionId: z.number().int().nullable(),
  /** Why a resting order was rejected at matching time, in the request's language. */
  rejectReason: z.string().nullable(),
  /** The stable error code of that rejection (e.g. TRADING_DISABLED). */
  rejectCode: z.string().nullable(),
  createdAt: z.string(),
  filledAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type Order = z.infer<typeof order>;

export const ordersQuery = z.strictObject({
  status: z.enum(['open', 'new', 'filled', 'cancelled', 'expired', 'rejected', 'today']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** One sale out of a lot. */
export const lotSale = z.object({
  orderId: z.number().int(),
  quantity: z.number().int(),
  price: z.string(),
  sellType: orderType,
  gross: z.string(),
  commission: z.string(),
  transactionFee: z.string(),
  stampDuty: z.string(),
  proceeds: z.string(),
  /** Proceeds − the sold shares' share of the capital (buy value + buy fees). */
  realizedPnl: z.string(),
  time: z.string(),
});

export const positionStatus = z.enum(['open', 'closed']);
/** A position lot: one buy fill, sold in one or more parts. */
export const position = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: positionStatus,
  quantity: z.number().int(),
  originalQuantity: z.number().int(),
  sellable: z.number().int(),
  buyPrice: z.string(),
  buyValue: z.string(),
  buyCommission: z.string(),
  buyTransactionFee: z.string(),
  buyFees: z.string(),
  /** Buy value + buy fees. */
  capital: z.string(),
  /** The capital still carried by the shares not yet sold (the lot's capital less what its sales took). */
  remainingCapital: z.string(),
  buyTime: z.string(),
  buyDate: z.string(),
  lastPrice: z.string(),
  marketValue: z.string(),
  floatingPnl: z.string(),
  floatingPnlPct: z.string(),
  /** Sales so far. */
  sales: z.array(lotSale),
  /** Number of trades on this lot (the buy plus every sale). */
  trades: z.number().int(),
  realizedPnl: z.string(),
  realizedPnlPct: z.string(),
  /** Of the last sale (closed lots). */
  sellPrice: z.string().nullable(),
  sellType: orderType.nullable(),
  sellTime: z.string().nullable(),
});
export type Position = z.infer<typeof position>;

export const holding = z.object({
  code: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  sellable: z.number().int(),
  lots: z.number().int(),
  averagePrice: z.string(),
  capital: z.string(),
  lastPrice: z.string(),
  marketValue: z.string(),
  floatingPnl: z.string(),
  floatingPnlPct: z.string(),
});
export type Holding = z.infer<typeof holding>;

export const historyQuery = z.strictObject({
  period: z.enum(PERIODS).default('today'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const historyPage = z.object({
  items: z.array(position),
  totals: z.object({ realizedPnl: z.string(), count: z.number().int() }),
  page: z.number().int(),
  total: z.number().int(),
});

/** Console: the order and fill search. */
export const adminOrdersQuery = z.strictObject({
  userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  code: instrumentCode.optional(),
  status: orderStatus.optional(),
  side: orderSide.optional(),
  /** Only filled orders (the fills), searched by fill time. */
  fills: z.enum(['true', 'false']).optional(),
  /** ISO-8601 instants: placed (or, with `fills`, filled) at or after `from` and before `to`. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

export const adminOrder = order.extend({ userId: z.number().int(), phone: z.string() });
export type AdminOrder = z.infer<typeof adminOrder>;
export const adminOrdersPage = z.object({
  items: z.array(adminOrder),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** Console: a user's lots, open and closed, with their sales. */
export const adminPositionsQuery = z.strictObject({ status: positionStatus.optional() });
