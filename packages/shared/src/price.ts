/**
 * Prices on the wire are decimal strings with up to 4 decimals ("12.3456"); in the core and the
 * database they are integers of ten-thousandths ("price ticks"). Nothing in between is a float.
 */
declare const priceBrand: unique symbol;
export type PriceTicks = number & { readonly [priceBrand]: 'PriceTicks' };

/** Ten-thousandths per unit of currency. */
export const TICKS_PER_UNIT = 10_000;
/** Ten-thousandths per minor unit (cent). */
export const TICKS_PER_MINOR = 100;
/** The largest accepted price: 99,999,999.9999. */
export const MAX_PRICE_TICKS = 999_999_999_999 as PriceTicks;

/** The wire pattern: no sign, no exponent, no leading zeros, at most 8 integer digits and 4 decimals. */
export const PRICE_PATTERN = /^(0|[1-9]\d{0,7})(\.\d{1,4})?$/;

export function asTicks(value: number): PriceTicks {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer number of price ticks: ${value}`);
  return value as PriceTicks;
}

/** Parses a wire price into ticks; null when the string is not a valid price. */
export function parsePrice(text: string): PriceTicks | null {
  const match = PRICE_PATTERN.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').slice(1).padEnd(4, '0');
  return asTicks(Number(whole) * TICKS_PER_UNIT + Number(fraction));
}

/**
 * Formats ticks as a wire price: at least 2 decimals, up to 4 when the price has them
 * (123400 → "12.34", 123456 → "12.3456", -500 → "-0.05").
 */
export function formatPrice(ticks: number): string {
  const value = asTicks(ticks);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  let fraction = String(abs % TICKS_PER_UNIT).padStart(4, '0');
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${sign}${Math.trunc(abs / TICKS_PER_UNIT)}.${fraction}`;
}

/**
 * Change in percent with two decimals as a string ("1.25", "-0.40"), rounded half away from zero.
 * "0.00" when there is no reference price.
 */
export function changePercent(last: number, reference: number): string {
  if (reference <= 0) return '0.00';
  // Hundredths of a percent, in integers: (last − ref) × 10000 / ref.
  const numerator = (last - reference) * 10_000;
  const sign = numerator < 0 ? -1 : 1;
  const hundredths = sign * Math.floor((Math.abs(numerator) * 2 + reference) / (2 * reference));
  const abs = Math.abs(hundredths);
  return `${hundredths < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Rounds ticks to a multiple of `step` ticks (half up), e.g. to whole cents with step 100. */
export function roundTicks(ticks: number, step: number): PriceTicks {
  return asTicks(Math.floor((ticks + step / 2) / step) * step);
}

/**
 * The price grid of the exchange (the simulator quotes on it): whole cents from 1.00 up, tenths of
 * a cent below. In ticks (ten-thousandths).
 */
export function tickSizeTicks(priceTicks: number): number {
  return Math.abs(priceTicks) >= TICKS_PER_UNIT ? TICKS_PER_MINOR : 10;
}

/** How many decimals a price at this level is quoted with: 2 from 1.00 up, 3 below. */
export function priceDecimals(priceTicks: number): number {
  return tickSizeTicks(priceTicks) === TICKS_PER_MINOR ? 2 : 3;
}

/**
 * A price as it is written in a text: on the instrument's tick grid with exactly its decimals
 * ("23.0895" → "23.09", "0.52345" → "0.523", "12.5" → "12.50"), rounded half up, or `down` / `up`
 * for a bound that must stay true on the grid (a buy collar of 23.0895 admits 23.08 at most). A
 * string that is not a wire price is returned as it is.
 */
export function priceAtTick(price: string, rounding: 'nearest' | 'down' | 'up' = 'nearest'): string {
  const ticks = parsePrice(price);
  if (ticks === null) return price;
  const step = tickSizeTicks(ticks);
  const offset = rounding === 'nearest' ? step / 2 : rounding === 'up' ? step - 1 : 0;
  const rounded = Math.floor((ticks + offset) / step) * step;
  const decimals = priceDecimals(rounded);
  const fraction = String(rounded % TICKS_PER_UNIT)
    .padStart(4, '0')
    .slice(0, decimals);
  return `${Math.trunc(rounded / TICKS_PER_UNIT)}.${fraction}`;
}

/** Whether a price lies on the grid: a whole multiple of the tick size at its level. */
export function isOnTick(priceTicks: number): boolean {
  return priceTicks % tickSizeTicks(priceTicks) === 0;
}

/** The grid step at this price level as a wire price ("0.01" from 1.00 up, "0.001" below). */
export function tickSizeText(priceTicks: number): string {
  return formatPrice(tickSizeTicks(priceTicks));
}

/**
 * Moves a price `steps` grid steps up (or down, when negative) from where it is: an off-grid price
 * first snaps to the grid in that direction (12.345 + 1 step → 12.35, − 1 step → 12.34). Never below
 * the smallest step. The result is a wire price with the level's decimals.
 */
export function stepPrice(price: string, steps: number): string | null {
  let ticks = parsePrice(price);
  if (ticks === null) return null;
  let remaining = Math.trunc(steps);
  if (!isOnTick(ticks) && remaining !== 0) {
    const step = tickSizeTicks(ticks);
    ticks = asTicks(remaining > 0 ? Math.ceil(ticks / step) * step : Math.floor(ticks / step) * step);
    remaining -= Math.sign(remaining);
  }
  while (remaining !== 0) {
    const up = remaining > 0;
    // Crossing 1.00 changes the step: going down from 1.00 takes the finer step below it.
    const step = up ? tickSizeTicks(ticks) : tickSizeTicks(ticks - 1);
    ticks = asTicks(Math.max(tickSizeTicks(0), ticks + (up ? step : -step)));
    remaining -= Math.sign(remaining);
  }
  return priceAtTick(formatPrice(ticks));
}
