import type { InstrumentDetail, Quote } from '@bourse/shared/schemas/market';
import type { CostBreakdown, Holding, Order, Position } from '@bourse/shared/schemas/trading';

/** Answers of the market and trading endpoints as the server would give them (fees 0.25 % min 5.00, 0.01 %, stamp 0.1 %). */
export const dteQuote: Quote = {
  code: 'DTE',
  last: '30.00',
  bid: '29.99',
  ask: '30.01',
  open: '29.80',
  high: '30.20',
  low: '29.70',
  prevClose: '29.50',
  change: '0.50',
  changePct: '1.69',
  volume: 120_000,
  turnover: '3600000.00',
  limitUp: null,
  limitDown: null,
  marketOpen: true,
  time: '2026-11-23T09:00:00.000Z',
};

export const dteDetail: InstrumentDetail = {
  code: 'DTE',
  name: 'Deutsche Telekom',
  pinyin: null,
  sector: 'telecom',
  board: 'main',
  status: 'listed',
  lotSize: 10,
  currency: 'EUR',
  last: '30.00',
  change: '0.50',
  changePct: '1.69',
  volume: 120_000,
  turnover: '3600000.00',
  names: {},
  pe: '14.60',
  industryPe: '16.00',
  sharesOutstanding: 4_985_000_000,
  marketValue: '149550000000.00',
  tradingEnabled: true,
  isFavorite: false,
  quote: dteQuote,
};

const RATES = {
  commissionRate: '0.0025',
  commissionMin: '5.00',
  transactionFeeRate: '0.0001',
  stampDutyRate: '0.0010',
};

/**
 * 2 lots (20 shares) at the ask 30.01: gross 600.20; commission max(5.00, 1.50) = 5.00 (0.83 %);
 * transaction fee 0.06 (0.01 %); fees 5.06 (0.84 %); total 605.26.
 */
export const buyBreakdown: CostBreakdown = {
  code: 'DTE',
  side: 'buy',
  type: 'market',
  price: '30.01',
  quantity: 20,
  lots: 2,
  lotSize: 10,
  gross: '600.20',
  commission: { amount: '5.00', pct: '0.83' },
  transactionFee: { amount: '0.06', pct: '0.01' },
  stampDuty: { amount: '0.00', pct: '0.00' },
  fees: { amount: '5.06', pct: '0.84' },
  total: '605.26',
  rates: RATES,
  available: '10000.00',
  sellable: null,
  collarPrice: '31.51',
};

/**
 * 10 shares at the bid 29.99: gross 299.90; commission 5.00 (1.67 %); transaction fee 0.03
 * (0.01 %); stamp duty 0.30 (0.10 %); fees 5.33 (1.78 %); proceeds 294.57.
 */
export const sellBreakdown: CostBreakdown = {
  code: 'DTE',
  side: 'sell',
  type: 'market',
  price: '29.99',
  quantity: 10,
  lots: null,
  lotSize: 10,
  gross: '299.90',
  commission: { amount: '5.00', pct: '1.67' },
  transactionFee: { amount: '0.03', pct: '0.01' },
  stampDuty: { amount: '0.30', pct: '0.10' },
  fees: { amount: '5.33', pct: '1.78' },
  total: '294.57',
  rates: RATES,
  available: null,
  sellable: 20,
  collarPrice: '28.49',
};

/** The lot the buy above opened, valued at 30.50: (30.50 − 30.01) × 20 = +9.80 (+1.63 % on the buy price). */
export const openLot: Position = {
  id: 11,
  code: 'DTE',
  name: 'Deutsche Telekom',
  status: 'open',
  quantity: 20,
  originalQuantity: 20,
  sellable: 20,
  buyPrice: '30.01',
  buyValue: '600.20',
  buyCommission: '5.00',
  buyTransactionFee: '0.06',
  buyFees: '5.06',
  capital: '605.26',
  remainingCapital: '605.26',
  buyTime: '2026-11-23T09:00:05.000Z',
  buyDate: '2026-11-23',
  lastPrice: '30.50',
  marketValue: '610.00',
  floatingPnl: '9.80',
  floatingPnlPct: '1.63',
  sales: [],
  trades: 1,
  realizedPnl: '0.00',
  realizedPnlPct: '0.00',
  sellPrice: null,
  sellType: null,
  sellTime: null,
};

/**
 * A lot of 10 SAP shares bought at 180.00 (value 1800.00, commission 5.00, fee 0.18, capital
 * 1805.18) and sold at 190.00 (gross 1900.00, commission 5.00, fee 0.19, stamp duty 1.90,
 * proceeds 1892.91): realized 1892.91 − 1805.18 = +87.73 (4.86 %).
 */
export const closedLot: Position = {
  id: 7,
  code: 'SAP',
  name: 'SAP',
  status: 'closed',
  quantity: 0,
  originalQuantity: 10,
  sellable: 0,
  buyPrice: '180.00',
  buyValue: '1800.00',
  buyCommission: '5.00',
  buyTransactionFee: '0.18',
  buyFees: '5.18',
  capital: '1805.18',
  remainingCapital: '0.00',
  buyTime: '2026-11-20T10:00:00.000Z',
  buyDate: '2026-11-20',
  lastPrice: '191.00',
  marketValue: '0.00',
  floatingPnl: '0.00',
  floatingPnlPct: '0.00',
  sales: [
    {
      orderId: 31,
      quantity: 10,
      price: '190.00',
      sellType: 'limit',
      gross: '1900.00',
      commission: '5.00',
      transactionFee: '0.19',
      stampDuty: '1.90',
      proceeds: '1892.91',
      realizedPnl: '87.73',
      time: '2026-11-23T09:30:00.000Z',
    },
  ],
  trades: 2,
  realizedPnl: '87.73',
  realizedPnlPct: '4.86',
  sellPrice: '190.00',
  sellType: 'limit',
  sellTime: '2026-11-23T09:30:00.000Z',
};

export const dteHolding: Holding = {
  code: 'DTE',
  name: 'Deutsche Telekom',
  quantity: 20,
  sellable: 20,
  lots: 1,
  averagePrice: '30.01',
  capital: '605.26',
  lastPrice: '30.50',
  marketValue: '610.00',
  floatingPnl: '9.80',
  floatingPnlPct: '1.63',
};

const orderBase: Order = {
  id: 1,
  code: 'DTE',
  name: 'Deutsche Telekom',
  side: 'buy',
  type: 'market',
  timeInForce: 'day',
  status: 'filled',
  lots: 2,
  quantity: 20,
  limitPrice: null,
  fillPrice: null,
  gross: null,
  commission: null,
  transactionFee: null,
  stampDuty: null,
  fees: null,
  total: null,
  positionId: null,
  rejectReason: null,
  rejectCode: null,
  createdAt: '2026-11-23T09:00:05.000Z',
  filledAt: null,
  expiresAt: null,
  cancelledAt: null,
};

/** The market buy above, filled. */
export const filledBuy: Order = {
  ...orderBase,
  id: 21,
  fillPrice: '30.01',
  gross: '600.20',
  commission: '5.00',
  transactionFee: '0.06',
  stampDuty: '0.00',
  fees: '5.06',
  total: '605.26',
  positionId: 11,
  filledAt: '2026-11-23T09:00:05.000Z',
};

/** A limit buy of 1 lot at 28.50, resting (its cash held). */
export const openLimitBuy: Order = {
  ...orderBase,
  id: 22,
  type: 'limit',
  status: 'new',
  lots: 1,
  quantity: 10,
  limitPrice: '28.50',
  total: '290.03',
  createdAt: '2026-11-23T09:10:00.000Z',
  expiresAt: '2026-11-23T16:30:00.000Z',
};

export const sampleOrder = (overrides: Partial<Order>): Order => ({ ...orderBase, ...overrides });
