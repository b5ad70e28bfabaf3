/**
 * Parser and validator for OHLCV market-history CSV files (one bar per row).
 *
 * Pure: no I/O and no database. It either returns every bar of a clean file, or no bars and a
 * report naming each offending physical line, so an operator can fix the file and re-upload it;
 * nothing is ever imported from a file that has a problem. One pass over the text, no regular
 * expressions on untrusted input, so large files and hostile input cost linear time.
 */
import { parsePrice } from '@bourse/shared/price';

export interface ParsedBar {
  /** Start of the bar, epoch milliseconds UTC. */
  t: number;
  /** Prices in ticks (ten-thousandths). */
  open: number;
  high: number;
  low: number;
  close: number;
  /** Integer shares; 0 when the file has no volume column. */
  volume: number;
}

export type CsvProblemCode =
  | 'header'
  | 'columns'
  | 'datetime'
  | 'price'
  | 'volume'
  | 'high_below_low'
  | 'open_outside_range'
  | 'close_outside_range'
  | 'not_increasing'
  | 'duplicate'
  | 'mixed_interval'
  | 'empty';

export interface CsvProblem {
  /** 1-based physical line number in the file; the header is line 1 and blank lines count. */
  line: number;
  code: CsvProblemCode;
  /** Short English detail quoting the offending value. */
  detail: string;
}

export interface ParseResult {
  /** True when the file has no problem at all; only then are `bars` filled. */
  ok: boolean;
  /** '1d' when every row is a date, '1m' when every row has a time; null when unknown or mixed. */
  interval: '1d' | '1m' | null;
  /** The bars in file order (strictly ascending); empty whenever `ok` is false. */
  bars: ParsedBar[];
  /** Non-blank data lines after the header. */
  rowsTotal: number;
  /** The first `maxProblems` problems in line order. */
  problems: CsvProblem[];
  /** Every problem found, including those beyond `maxProblems` that were counted but not kept. */
  problemsTotal: number;
}

export interface ParseOhlcvCsvOptions {
  /** Keep at most this many problems (default 1000); the rest are still counted in `problemsTotal`. */
  maxProblems?: number;
  /** Timestamps are always UTC; this exists only so that passing a zone is a type error. */
  timeZone?: never;
}

const DEFAULT_MAX_PROBLEMS = 1000;
const MAX_VOLUME = 1e15;
const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
/** Longest value quoted back in a detail, so one huge field cannot bloat the report. */
const MAX_QUOTED_LENGTH = 40;

const PRICE_COLUMNS = ['open', 'high', 'low', 'close'] as const;
const DATETIME_NAMES = new Set(['datetime', 'date', 'time']);
const EXPECTED_HEADER = 'date,open,high,low,close[,volume]';

const CHAR_0 = 48;
const CHAR_9 = 57;

export function parseOhlcvCsv(text: string, options: ParseOhlcvCsvOptions = {}): ParseResult {
  const maxProblems = options.maxProblems ?? DEFAULT_MAX_PROBLEMS;
  if (!Number.isSafeInteger(maxProblems) || maxProblems < 1) {
    // With 0 the report could not name any line, so a failed import would be unexplainable.
    throw new RangeError(`maxProblems must be a positive integer, got ${maxProblems}`);
  }

  const problems: CsvProblem[] = [];
  let problemsTotal = 0;
  const report = (line: number, code: CsvProblemCode, detail: string): void => {
    problemsTotal++;
    if (problems.length < maxProblems) problems.push({ line, code, detail });
  };

  let bars: ParsedBar[] = [];
  let rowsTotal = 0;
  let headerSeen = false;
  let headerOk = false;
  let hasVolume = false;
  let columnCount = 0;

  // The interval is decided by the first row with a readable datetime; later rows must agree.
  let firstHasTime: boolean | null = null;
  let firstKindLine = 0;
  let mixed = false;

  // The high-water mark of timestamps: rows out of order do not move it, so every row not reported
  // as duplicate/not_increasing is strictly after all accepted rows before it.
  let prevT = Number.NEGATIVE_INFINITY;
  let prevLine = 0;
  let prevRaw = '';

  // Byte order marks come from spreadsheet exports; they are not part of the first column name.
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let lineNo = 0;
  const length = text.length;

  // An empty text still has a line 1, so the header check runs and reports it.
  while (start < length || (lineNo === 0 && start === length)) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? length : newline;
    // CRLF files: drop the CR that precedes the LF (or ends the last line).
    const rawLine = text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    start = newline === -1 ? length + 1 : newline + 1;
    lineNo++;

    if (!headerSeen) {
      headerSeen = true;
      const header = parseHeader(rawLine);
      if (typeof header === 'string') {
        // Nothing but whitespace at all is an empty file rather than a malformed header.
        if (isBlank(rawLine) && text.slice(start).trim() === '') {
          report(1, 'empty', 'the file is empty');
        } else {
          report(1, 'header', header);
        }
      } else {
        headerOk = true;
        hasVolume = header.hasVolume;
        columnCount = hasVolume ? 6 : 5;
      }
      continue;
    }

    if (isBlank(rawLine)) continue;
    rowsTotal++;
    // A bad header means the columns are unknown, so rows are only counted.
    if (!headerOk) continue;

    const fields = splitFields(rawLine);
    if (fields === null) {
      report(lineNo, 'columns', `unterminated quote in ${quote(rawLine)}`);
      continue;
    }
    if (fields.length !== columnCount) {
      report(lineNo, 'columns', `expected ${columnCount} fields, found ${fields.length}`);
      continue;
    }

    const [rawDatetime = '', rawOpen = '', rawHigh = '', rawLow = '', rawClose = '', rawVolume = ''] = fields;
    const parsedTime = parseDatetime(rawDatetime);
    let t = 0;
    if (typeof parsedTime === 'string') {
      report(lineNo, 'datetime', parsedTime);
    } else {
      t = parsedTime.t;
      if (firstHasTime === null) {
        firstHasTime = parsedTime.hasTime;
        firstKindLine = lineNo;
      } else if (parsedTime.hasTime !== firstHasTime && !mixed) {
        mixed = true;
        report(
          lineNo,
          'mixed_interval',
          parsedTime.hasTime
            ? `${quote(rawDatetime)} has a time of day but line ${firstKindLine} is a date only`
            : `${quote(rawDatetime)} is a date only but line ${firstKindLine} has a time of day`,
        );
      }
      if (t === prevT) {
        report(lineNo, 'duplicate', `${quote(rawDatetime)} repeats line ${prevLine} (${quote(prevRaw)})`);
      } else if (t < prevT) {
        report(lineNo, 'not_increasing', `${quote(rawDatetime)} is before line ${prevLine} (${quote(prevRaw)})`);
      } else {
        prevT = t;
        prevLine = lineNo;
        prevRaw = rawDatetime;
      }
    }

    // Collect every bad price of the row into one problem: at most one problem per code and row.
    const rawPrices = [rawOpen, rawHigh, rawLow, rawClose];
    const prices = [0, 0, 0, 0];
    const badPrices: string[] = [];
    for (let i = 0; i < 4; i++) {
      const raw = rawPrices[i] ?? '';
      const ticks = parsePriceField(raw);
      if (typeof ticks === 'string') {
        badPrices.push(`${PRICE_COLUMNS[i]} ${quote(raw)} ${ticks}`);
      } else {
        prices[i] = ticks;
      }
    }
    const [open = 0, high = 0, low = 0, close = 0] = prices;
    if (badPrices.length > 0) {
      report(lineNo, 'price', badPrices.join('; '));
    } else if (high < low) {
      // The range is empty, so open/close "outside" it would only repeat this problem.
      report(lineNo, 'high_below_low', `high ${rawHigh} is below low ${rawLow}`);
    } else {
      if (open < low || open > high) {
        report(lineNo, 'open_outside_range', `open ${rawOpen} is outside low ${rawLow} – high ${rawHigh}`);
      }
      if (close < low || close > high) {
        report(lineNo, 'close_outside_range', `close ${rawClose} is outside low ${rawLow} – high ${rawHigh}`);
      }
    }

    let volume = 0;
    if (hasVolume) {
      const parsed = parseVolume(rawVolume);
      if (typeof parsed === 'string') report(lineNo, 'volume', `volume ${quote(rawVolume)} ${parsed}`);
      else volume = parsed;
    }

    // Bars are only worth keeping while the whole file is still clean.
    if (problemsTotal === 0) bars.push({ t, open, high, low, close, volume });
    else if (bars.length > 0) bars = [];
  }

  if (headerOk && rowsTotal === 0) report(1, 'empty', 'the file has a header but no data rows');

  const ok = problemsTotal === 0;
  return {
    ok,
    interval: firstHasTime === null || mixed ? null : firstHasTime ? '1m' : '1d',
    bars: ok ? bars : [],
    rowsTotal,
    problems,
    problemsTotal,
  };
}

/** The column layout of a valid header, or a detail saying what is wrong with it. */
function parseHeader(line: string): { hasVolume: boolean } | string {
  const names = line.split(',').map((name) => name.trim().toLowerCase());
  const ok =
    (names.length === 5 || (names.length === 6 && names[5] === 'volume')) &&
    DATETIME_NAMES.has(names[0] ?? '') &&
    names[1] === 'open' &&
    names[2] === 'high' &&
    names[3] === 'low' &&
    names[4] === 'close';
  return ok ? { hasVolume: names.length === 6 } : `expected ${quote(EXPECTED_HEADER)}, found ${quote(line)}`;
}

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/**
 * Splits a line at commas, treating a double-quoted section as part of one field so that `"1,234"`
 * stays a single (invalid) price instead of shifting every later column. Quotes are kept in the
 * field so the column's own check rejects it. Null when a quote is never closed.
 */
function splitFields(line: string): string[] | null {
  if (!line.includes('"')) return line.split(',').map(trimField);
  const fields: string[] = [];
  let inQuotes = false;
  let fieldStart = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 34) inQuotes = !inQuotes;
    else if (c === 44 && !inQuotes) {
      fields.push(trimField(line.slice(fieldStart, i)));
      fieldStart = i + 1;
    }
  }
  if (inQuotes) return null;
  fields.push(trimField(line.slice(fieldStart)));
  return fields;
}

/** Spaces around a value ("2024-01-02, 1.5") are layout, not data. */
function trimField(field: string): string {
  // Most fields have no surrounding space; skipping trim() for them saves an allocation per field.
  return field.length > 0 && field.charCodeAt(0) > 32 && field.charCodeAt(field.length - 1) > 32 ? field : field.trim();
}

/**
 * Reads `YYYY-MM-DD` (a daily bar at 00:00 UTC) or `YYYY-MM-DD HH:MM[:SS]` /
 * `YYYY-MM-DDTHH:MM[:SS][Z]` (an intraday bar, UTC). Returns a detail string when invalid.
 */
function parseDatetime(raw: string): { t: number; hasTime: boolean } | string {
  if (raw.includes('"')) return `${quote(raw)}: quoted values are not allowed`;
  const n = raw.length;
  const shapeError = `${quote(raw)} is not YYYY-MM-DD, YYYY-MM-DD HH:MM[:SS] or YYYY-MM-DDTHH:MM[:SS][Z]`;
  if (n < 10 || raw.charCodeAt(4) !== 45 || raw.charCodeAt(7) !== 45) return shapeError;
  const year = digits(raw, 0, 4);
  const month = digits(raw, 5, 2);
  const day = digits(raw, 8, 2);
  if (year < 0 || month < 0 || day < 0) return shapeError;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return `${quote(raw)} is not a real calendar date`;
  }
  const dayMs = daysFromCivil(year, month, day) * MS_PER_DAY;
  if (n === 10) return { t: dayMs, hasTime: false };

  const separator = raw[10];
  const tForm = separator === 'T';
  if (!tForm && separator !== ' ') return shapeError;
  // Only the ISO T form may carry the Z designator; the time is UTC either way.
  const body = tForm && raw[n - 1] === 'Z' ? n - 1 : n;
  if ((body !== 16 && body !== 19) || raw.charCodeAt(13) !== 58) return shapeError;
  const hour = digits(raw, 11, 2);
  const minute = digits(raw, 14, 2);
  if (hour < 0 || minute < 0) return shapeError;
  let second = 0;
  if (body === 19) {
    if (raw.charCodeAt(16) !== 58) return shapeError;
    second = digits(raw, 17, 2);
    if (second < 0) return shapeError;
  }
  if (hour > 23 || minute > 59 || second > 59) return `${quote(raw)} is not a real time of day`;
  // Bars are per minute or coarser, so a bar cannot start mid-minute.
  if (second !== 0) return `${quote(raw)}: seconds must be 00`;
  return { t: dayMs + (hour * 60 + minute) * MS_PER_MINUTE, hasTime: true };
}

/** The value of `count` decimal digits at `from`, or -1 when any of them is not a digit. */
function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const c = text.charCodeAt(i);
    if (c < CHAR_0 || c > CHAR_9) return -1;
    value = value * 10 + (c - CHAR_0);
  }
  return value;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's days_from_civil).
 * Date.UTC is avoided because it maps years 0–99 to 1900–1999.
 */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/**
 * A price in ticks, or the reason it is rejected. Decimals beyond the fourth are accepted only when
 * they are all zeros ("17.240000", as data vendors often pad), because dropping them loses nothing;
 * any other fifth decimal would need rounding, and an importer must not invent prices.
 */
function parsePriceField(raw: string): number | string {
  if (raw.includes('"')) return 'is quoted; quoted values are not allowed';
  let text = raw;
  const dot = raw.indexOf('.');
  if (dot !== -1 && raw.length - dot - 1 > 4) {
    for (let i = dot + 5; i < raw.length; i++) {
      if (raw.charCodeAt(i) !== CHAR_0) return 'is not a decimal with at most 4 decimals';
    }
    text = raw.slice(0, dot + 5);
  }
  const ticks = parsePrice(text);
  if (ticks === null) return 'is not a decimal with at most 4 decimals';
  if (ticks === 0) return 'must be greater than 0';
  return ticks;
}

/** Whole shares: digits only (no sign, decimals or exponent), at most 10^15. */
function parseVolume(raw: string): number | string {
  if (raw.length === 0) return 'is missing';
  // 10^15 has 16 digits; longer strings are refused before Number() could lose precision.
  if (raw.length > 16) return 'has more than 16 digits';
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < CHAR_0 || c > CHAR_9) return 'is not a whole number of shares';
  }
  const value = Number(raw);
  return value > MAX_VOLUME ? 'is above 10^15' : value;
}

/** A value as it appears in a detail: JSON-quoted and shortened. */
function quote(value: string): string {
  return JSON.stringify(value.length > MAX_QUOTED_LENGTH ? `${value.slice(0, MAX_QUOTED_LENGTH)}…` : value);
}
