/**
 * Daily interest in exact integer arithmetic, shared by every product that accrues (the balance
 * product's fund, loans).
 *
 * An annual rate is held in parts per million (`2.5 %` = 25_000 ppm), so one day's interest on a
 * balance of `b` cents is `b × ppm / (1_000_000 × 365)` cents — rarely a whole cent. What is not
 * paid today is carried as a numerator over `DAY_DENOMINATOR` to the next day, per account, so
 * nothing is created or lost: over any run of days at one rate and balance, the cents paid plus the
 * carry divided by the denominator equal the closed-form figure exactly.
 */

/** One million: rates are integers in parts per million of the principal per year. */
export const PPM = 1_000_000n;
/** Days in the interest year (ACT/365 fixed). */
export const DAYS_PER_YEAR = 365n;
/** The carry's unit: one cent is this many carry units. */
export const DAY_DENOMINATOR = PPM * DAYS_PER_YEAR;

/** The highest annual rate the system accepts: 100 %. */
export const MAX_RATE_PPM = 1_000_000;

export interface DayAccrual {
  /** Whole cents earned (or owed) for the day. */
  interestMinor: number;
  /** The fraction of a cent carried to the next day, in units of 1 / DAY_DENOMINATOR cent. */
  carry: bigint;
}

/**
 * One day's interest on `balanceMinor` at `ratePpm` a year, plus what was carried from the day
 * before. The carry is always in `[0, DAY_DENOMINATOR)`.
 */
export function accrueDay(balanceMinor: number, ratePpm: number, carry: bigint): DayAccrual {
  if (!Number.isSafeInteger(balanceMinor) || balanceMinor < 0) {
    throw new RangeError(`accrual balance must be a non-negative whole number of cents, got ${balanceMinor}`);
  }
  if (!Number.isSafeInteger(ratePpm) || ratePpm < 0 || ratePpm > MAX_RATE_PPM) {
    throw new RangeError(`annual rate must be 0..${MAX_RATE_PPM} ppm, got ${ratePpm}`);
  }
  if (carry < 0n || carry >= DAY_DENOMINATOR) throw new RangeError(`carry out of range: ${carry}`);
  const numerator = BigInt(balanceMinor) * BigInt(ratePpm) + carry;
  return { interestMinor: Number(numerator / DAY_DENOMINATOR), carry: numerator % DAY_DENOMINATOR };
}

/**
 * The closed form: interest over `days` days at one balance and rate, with a starting carry — what
 * `days` calls of `accrueDay` pay in total.
 */
export function accrueDays(balanceMinor: number, ratePpm: number, days: number, carry = 0n): DayAccrual {
  const numerator = BigInt(balanceMinor) * BigInt(ratePpm) * BigInt(days) + carry;
  return { interestMinor: Number(numerator / DAY_DENOMINATOR), carry: numerator % DAY_DENOMINATOR };
}

/** `"2.35"` (percent a year, up to four decimals) → 23_500 ppm; null when it is not such a number. */
export function percentToPpm(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text);
  if (!match) return null;
  const ppm = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  return ppm <= MAX_RATE_PPM ? ppm : null;
}

/** 23_500 ppm → `"2.35"` (percent a year, trailing zeros dropped, at least two decimals). */
export function ppmToPercent(ppm: number): string {
  const whole = Math.floor(ppm / 10_000);
  const fraction = String(ppm % 10_000)
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `${whole}.${fraction}`;
}
