/**
 * The trade arithmetic: the one module that prices an order's costs, used by the ex-ante quote the
 * ticket shows and by the fill that books them, so what the investor saw is what they pay.
 *
 * Inputs are integers (price ticks of 1/10,000, share quantities, minor units) and rates given as
 * decimal strings ("0.0025" = 0.25 %), parsed exactly into parts per 10^8. Every product and
 * quotient is exact integer arithmetic: in plain numbers while every intermediate value is a safe
 * integer (below 2^53, where doubles are exact), in BigInt beyond — never a rounded float, and the
 * same result either way (the property tests compare them). Every rounding to the cent is half-up
 * (a half cent goes to the larger amount), named here once:
 *
 *   gross          = price × quantity, to the cent
 *   commission     = max(minimum, gross × commission rate)          (0 when gross is 0)
 *   transaction fee = gross × transaction fee rate
 *   stamp duty     = gross × stamp duty rate, on sells only
 *   total          = gross + fees (buy: the cash it needs) or gross − fees (sell: the proceeds)
 *
 * Percentages (a cost's share of gross, a P/L's share of capital) are strings with two decimals.
 */
import { MAX_AMOUNT_MINOR } from './money.ts';
import { TICKS_PER_MINOR } from './price.ts';

/** Rates are held as integer parts per 10^8 (8 decimals): "0.0025" → 250,000. */
export const RATE_SCALE = 100_000_000n;
const RATE_PARTS = 100_000_000;
const RATE_DECIMALS = 8;
const RATE_PATTERN = /^(0|1)(\.(\d{1,8}))?$/;
const AMOUNT_PATTERN = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;

export type TradeSide = 'buy' | 'sell';

/** The fee settings as stored and shown: rates are decimal fractions, the minimum an amount. */
export interface FeeSchedule {
  commissionRate: string;
  commissionMin: string;
  transactionFeeRate: string;
  stampDutyRate: string;
}

export interface TradeCosts {
  grossMinor: number;
  commissionMinor: number;
  transactionFeeMinor: number;
  stampDutyMinor: number;
  feesMinor: number;
  /** Buy: gross + fees. Sell: gross − fees (negative when the fees exceed a tiny sale). */
  totalMinor: number;
}

/** Parses a rate ("0.0025") into parts per 10^8; null unless it is a decimal from 0 to 1 with ≤ 8 decimals. */
export function parseRate(text: string): bigint | null {
  const match = RATE_PATTERN.exec(text);
  if (!match) return null;
  const parts = BigInt(match[1] ?? '0') * RATE_SCALE + BigInt((match[3] ?? '').padEnd(RATE_DECIMALS, '0'));
  return parts <= RATE_SCALE ? parts : null;
}

function parseMinimum(text: string): bigint {
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) throw new RangeError(`not an amount: ${text}`);
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').slice(1).padEnd(2, '0'));
}

function rateOf(text: string): bigint {
  const rate = parseRate(text);
  if (rate === null) throw new RangeError(`not a rate between 0 and 1: ${text}`);
  return rate;
}

/** n ÷ d rounded half-up, for n ≥ 0 and d > 0. */
export function divideHalfUp(n: bigint, d: bigint): bigint {
  if (n < 0n || d <= 0n) throw new RangeError('divideHalfUp takes n ≥ 0 and d > 0');
  return (2n * n + d) / (2n * d);
}

/**
 * a × b ÷ d rounded half-up, for integers a, b ≥ 0 and d > 0: in numbers when 2·a·b + d is a safe
 * integer (then every step is exact; the quotient is corrected by its remainder), else in BigInt.
 */
export function mulDivHalfUp(a: number, b: number, d: number): number {
  const numerator = 2 * a * b + d;
  if (numerator <= Number.MAX_SAFE_INTEGER && 2 * d <= Number.MAX_SAFE_INTEGER) {
    const divisor = 2 * d;
    let quotient = Math.floor(numerator / divisor);
    const remainder = numerator - quotient * divisor;
    if (remainder < 0) quotient -= 1;
    else if (remainder >= divisor) quotient += 1;
    return quotient;
  }
  return Number(divideHalfUp(BigInt(a) * BigInt(b), BigInt(d)));
}

interface ParsedSchedule {
  commissionRate: number;
  commissionMin: number;
  transactionFeeRate: number;
  stampDutyRate: number;
}

/** Parsed schedules by their text: the settings change rarely, orders come often. */
const parsedSchedules = new Map<string, ParsedSchedule>();

function parsedSchedule(fees: FeeSchedule): ParsedSchedule {
  const key = `${fees.commissionRate}|${fees.commissionMin}|${fees.transactionFeeRate}|${fees.stampDutyRate}`;
  let parsed = parsedSchedules.get(key);
  if (!parsed) {
    parsed = {
      commissionRate: Number(rateOf(fees.commissionRate)),
      commissionMin: Number(parseMinimum(fees.commissionMin)),
      transactionFeeRate: Number(rateOf(fees.transactionFeeRate)),
      stampDutyRate: Number(rateOf(fees.stampDutyRate)),
    };
    if (parsedSchedules.size >= 64) parsedSchedules.clear();
    parsedSchedules.set(key, parsed);
  }
  return parsed;
}

const MAX_AMOUNT = Number(MAX_AMOUNT_MINOR);

function checkedAmount(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value > MAX_AMOUNT || value < -MAX_AMOUNT) {
    throw new RangeError(`${what} ${value} is beyond the largest amount`);
  }
  return value;
}

function checkedInputs(priceTicks: number, quantity: number) {
  if (!Number.isSafeInteger(priceTicks) || priceTicks < 0) throw new RangeError(`bad price ticks ${priceTicks}`);
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`bad quantity ${quantity}`);
}

/** Price × quantity in minor units, rounded half-up to the cent; a BigInt so it can be bounds-checked. */
export function grossValue(priceTicks: number, quantity: number): bigint {
  if (!Number.isSafeInteger(priceTicks) || priceTicks < 0) throw new RangeError(`bad price ticks ${priceTicks}`);
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`bad quantity ${quantity}`);
  return divideHalfUp(BigInt(priceTicks) * BigInt(quantity), BigInt(TICKS_PER_MINOR));
}

/** Whether price × quantity is small enough to be an amount (≤ 999,999,999,999.99). */
export function valueFits(priceTicks: number, quantity: number): boolean {
  return grossValue(priceTicks, quantity) <= BigInt(MAX_AMOUNT_MINOR);
}

/** The value of `quantity` shares at `priceTicks`, in minor units (half-up), e.g. a lot's market value. */
export function marketValueMinor(priceTicks: number, quantity: number): number {
  checkedInputs(priceTicks, quantity);
  return checkedAmount(mulDivHalfUp(priceTicks, quantity, TICKS_PER_MINOR), 'market value');
}

/**
 * (to − from) × quantity in minor units, rounded half away from zero: the floating P/L of a lot
 * bought at `fromTicks` and now priced at `toTicks` (DESIGN §3: (last − buy price) × quantity).
 */
export function priceDifferenceMinor(fromTicks: number, toTicks: number, quantity: number): number {
  const magnitude = mulDivHalfUp(Math.abs(toTicks - fromTicks), quantity, TICKS_PER_MINOR);
  return checkedAmount(toTicks < fromTicks ? -magnitude : magnitude, 'price difference');
}

/** The costs of trading `quantity` shares at `priceTicks` under a fee schedule. */
export function tradeCosts(input: {
  side: TradeSide;
  priceTicks: number;
  quantity: number;
  fees: FeeSchedule;
}): TradeCosts {
  checkedInputs(input.priceTicks, input.quantity);
  const rates = parsedSchedule(input.fees);
  const gross = checkedAmount(mulDivHalfUp(input.priceTicks, input.quantity, TICKS_PER_MINOR), 'gross value');
  const byRate = (rate: number) => mulDivHalfUp(gross, rate, RATE_PARTS);
  const commissionByRate = byRate(rates.commissionRate);
  const commission = gross === 0 ? 0 : Math.max(commissionByRate, rates.commissionMin);
  const transactionFee = byRate(rates.transactionFeeRate);
  // Stamp duty is a tax on the seller only.
  const stampDuty = input.side === 'sell' ? byRate(rates.stampDutyRate) : 0;
  const fees = commission + transactionFee + stampDuty;
  return {
    grossMinor: gross,
    commissionMinor: checkedAmount(commission, 'commission'),
    transactionFeeMinor: checkedAmount(transactionFee, 'transaction fee'),
    stampDutyMinor: checkedAmount(stampDuty, 'stamp duty'),
    feesMinor: checkedAmount(fees, 'fees'),
    totalMinor: checkedAmount(input.side === 'buy' ? gross + fees : gross - fees, 'total'),
  };
}

/**
 * `part` as a percentage of `whole` with two decimals ("0.25", "-3.10"), rounded half away from
 * zero; "0.00" when `whole` is 0.
 */
export function percentOf(part: number, whole: number): string {
  if (!Number.isSafeInteger(part) || !Number.isSafeInteger(whole)) throw new RangeError('percentOf takes integers');
  if (whole === 0) return '0.00';
  const negative = part < 0 !== whole < 0 && part !== 0;
  const hundredths = divideHalfUp(BigInt(Math.abs(part)) * 10_000n, BigInt(Math.abs(whole)));
  const text = `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
  return negative && hundredths !== 0n ? `-${text}` : text;
}

/**
 * The share of a lot's remaining capital that `soldQuantity` of its `remainingQuantity` shares
 * carry, half-up; selling the rest takes all of what remains. So the allocations of every sale of a
 * lot add up to its capital exactly, and Σ realized P/L = Σ proceeds − capital to the cent.
 */
export function allocateCapital(input: {
  remainingCapitalMinor: number;
  remainingQuantity: number;
  soldQuantity: number;
}): number {
  const { remainingCapitalMinor, remainingQuantity, soldQuantity } = input;
  if (!(soldQuantity > 0 && soldQuantity <= remainingQuantity)) throw new RangeError('sold quantity out of range');
  if (soldQuantity === remainingQuantity) return remainingCapitalMinor;
  return mulDivHalfUp(remainingCapitalMinor, soldQuantity, remainingQuantity);
}

/** The price collar of a market order: the worst fill price allowed, `pct` % from the last price. */
export function collarPriceTicks(side: TradeSide, lastTicks: number, pct: number): number {
  // Prices are below 10^12 ticks and pct at most 100: the product is a safe integer.
  const scaled = lastTicks * (side === 'buy' ? 100 + pct : 100 - pct);
  // Buy: the highest price at or below last × (1 + pct); sell: the lowest at or above last × (1 − pct).
  return side === 'buy' ? Math.floor(scaled / 100) : Math.ceil(scaled / 100);
}
