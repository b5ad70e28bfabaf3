import { createHash } from 'node:crypto';
import { formatPrice } from '@bourse/shared/price';
import type { Candle } from '@bourse/shared/schemas/market';
import type { CsvInvalidDetails, CsvProblemReport, ImportSummary } from '@bourse/shared/schemas/market-admin';
import { dateKey } from '../../platform/calendar.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import { AppError, invariant } from '../../platform/errors.ts';
import { appendAudit } from '../../platform/audit.ts';
import { insertInstrument } from './instruments.service.ts';
import {
  barTimesBetween,
  findInstrumentByCode,
  insertMarketImport,
  minuteBarsFrom,
  upsertBars,
  type BarTable,
} from './market.repository.ts';
import { parseOhlcvCsv, type ParsedBar } from './ohlcv-csv.ts';

/** Problems an API answer carries; the command line asks for all of them. */
export const IMPORT_PROBLEMS_SHOWN = 1_000;
const PREVIEW_BARS = 5;
const DAY_MS = 86_400_000;
/** Every time zone's offset is a multiple of 15 minutes, so the trading date is constant within such a slot. */
const ZONE_SLOT_MS = 15 * 60_000;

/** A new code becomes an instrument with these until an operator edits it (DESIGN §4: "named X"). */
const IMPORTED_DEFAULTS = { sector: 'other', lotSize: 1, sharesOutstanding: 0 } as const;

export interface ImportInput {
  /** The instrument's code; a code not yet in use creates the instrument. */
  code: string;
  fileName: string;
  text: string;
  /** Check and preview only: nothing is written. */
  dryRun: boolean;
  /** Who imports: an operator in the console, or nobody for the command line (recorded as such). */
  operator?: { id: number; username: string; ip: string | null } | undefined;
  /** Problems to report when the file is refused (default 1000; every problem is always counted). */
  maxProblems?: number | undefined;
}

type BarRow = ParsedBar & { instrumentId: number };

function toCandle(bar: ParsedBar): Candle {
  return {
    t: new Date(bar.t).toISOString(),
    o: formatPrice(bar.open),
    h: formatPrice(bar.high),
    l: formatPrice(bar.low),
    c: formatPrice(bar.close),
    v: bar.volume,
  };
}

/** The refusal of a file with problems: the count in the message, the first problems in `details`. */
export function csvInvalid(details: CsvInvalidDetails): AppError {
  // The message counts rows; a row can have two problems (open and close outside the range), so
  // distinct lines are counted when the report is complete, and problems when it was cut short.
  const complete = details.problems.length === details.problemsTotal;
  const count = complete ? new Set(details.problems.map((p) => p.line)).size : details.problemsTotal;
  return new AppError('CSV_INVALID', { count }, { details });
}

/**
 * Imports an OHLCV CSV file into the history of one instrument. A file with any problem is refused
 * as a whole (CSV_INVALID, every problem counted, the first ones listed by line) and nothing is
 * written. Otherwise, in one transaction: the instrument is created when the code is new, each bar
 * is inserted or overwrites the stored bar at the same time (so importing the same file twice
 * changes nothing the second time, and a corrected file replaces what it corrects), minute files
 * are rolled up into the daily bars of the trading days they cover, and the import and its audit
 * line are recorded. A dry run answers the same summary and writes nothing.
 */
export async function importBars(ctx: AppContext, input: ImportInput): Promise<ImportSummary> {
  const parsed = parseOhlcvCsv(input.text, { maxProblems: input.maxProblems ?? IMPORT_PROBLEMS_SHOWN });
  if (!parsed.ok) {
    const problems: CsvProblemReport[] = parsed.problems;
    throw csvInvalid({ problems, problemsTotal: parsed.problemsTotal, rowsTotal: parsed.rowsTotal });
  }
  const { bars, interval } = parsed;
  const first = bars[0];
  const last = bars[bars.length - 1];
  invariant(interval !== null && first && last, 'a file without problems has bars of one interval');
  const table: BarTable = interval === '1m' ? 'minuteBars' : 'dailyBars';

  const summary = (options: {
    isNew: boolean;
    existing: ExistingBars;
    dailyBarsRolledUp: number;
    dryRun: boolean;
  }): ImportSummary => ({
    code: input.code,
    dryRun: options.dryRun,
    isNew: options.isNew,
    interval,
    rowsTotal: parsed.rowsTotal,
    firstT: new Date(first.t).toISOString(),
    lastT: new Date(last.t).toISOString(),
    first: bars.slice(0, PREVIEW_BARS).map(toCandle),
    last: bars.slice(-PREVIEW_BARS).map(toCandle),
    existingBarsInRange: options.existing.inRange,
    replacedBars: options.existing.replaced,
    dailyBarsRolledUp: options.dailyBarsRolledUp,
  });

  if (input.dryRun) {
    const instrument = await findInstrumentByCode(ctx.database.db, input.code);
    const existing = instrument
      ? await existingBars(ctx.database.db, table, Number(instrument.id), bars)
      : { inRange: 0, replaced: 0 };
    return summary({ isNew: !instrument, existing, dailyBarsRolledUp: 0, dryRun: true });
  }

  const fileSha256 = createHash('sha256').update(input.text, 'utf8').digest('hex');
  const nowMs = ctx.clock.nowMs();
  return ctx.database.transaction(async (trx) => {
    let instrument = await findInstrumentByCode(trx, input.code);
    const isNew = !instrument;
    instrument ??= await insertInstrument(
      trx,
      {
        code: input.code,
        name: input.code,
        ...IMPORTED_DEFAULTS,
        currency: ctx.config.CURRENCY,
        // Shown as the price until a quote exists; the history's latest close is the honest one.
        startPrice: formatPrice(last.close),
        source: 'imported',
        status: 'listed',
      },
      nowMs,
    );
    const instrumentId = Number(instrument.id);
    const existing = isNew ? { inRange: 0, replaced: 0 } : await existingBars(trx, table, instrumentId, bars);
    await upsertBars(
      trx,
      table,
      bars.map((bar) => ({ instrumentId, ...bar })),
      'replace',
    );
    const dailyBarsRolledUp =
      interval === '1m' ? await rollUpDays(ctx, trx, instrumentId, { fromMs: first.t, toMs: last.t }) : 0;
    await insertMarketImport(trx, {
      instrumentId,
      operatorId: input.operator?.id ?? null,
      fileName: input.fileName,
      fileSha256,
      interval,
      rowsTotal: parsed.rowsTotal,
      rowsWritten: bars.length,
      firstT: first.t,
      lastT: last.t,
      createdAt: nowMs,
    });
    const result = summary({ isNew, existing, dailyBarsRolledUp, dryRun: false });
    await appendAudit(trx, {
      operatorId: input.operator?.id ?? null,
      operatorUsername: input.operator?.username ?? null,
      action: 'instrument.import',
      target: input.code,
      details: {
        via: input.operator ? 'console' : 'command line',
        fileName: input.fileName,
        fileSha256,
        interval,
        rows: bars.length,
        firstT: result.firstT,
        lastT: result.lastT,
        created: isNew,
        replacedBars: existing.replaced,
      },
      ip: input.operator?.ip ?? null,
      atMs: nowMs,
    });
    return result;
  });
}

interface ExistingBars {
  inRange: number;
  replaced: number;
}

/** Stored bars between the file's first and last time, and how many of them the file overwrites. */
async function existingBars(db: Db | Trx, table: BarTable, instrumentId: number, bars: readonly ParsedBar[]) {
  const first = bars[0];
  const last = bars[bars.length - 1];
  if (!first || !last) return { inRange: 0, replaced: 0 };
  const rows = await barTimesBetween(db, table, instrumentId, first.t, last.t);
  const fileTimes = new Set(bars.map((bar) => bar.t));
  return { inRange: rows.length, replaced: rows.filter((row) => fileTimes.has(Number(row.t))).length };
}

/**
 * Rebuilds the daily bars of every trading day that has a minute bar in [fromMs, toMs], from all the
 * stored minute bars of those days (the file's and any already there), so day, week and month
 * charts agree with the minutes. Returns the number of daily bars written.
 */
async function rollUpDays(
  ctx: AppContext,
  trx: Trx,
  instrumentId: number,
  range: { fromMs: number; toMs: number },
): Promise<number> {
  const slotDates = new Map<number, string>();
  const tradingDate = (t: number) => {
    const slot = Math.floor(t / ZONE_SLOT_MS);
    let date = slotDates.get(slot);
    if (date === undefined) {
      date = ctx.calendar.tradingDate(slot * ZONE_SLOT_MS);
      slotDates.set(slot, date);
    }
    return date;
  };
  const covered = new Set([tradingDate(range.fromMs), tradingDate(range.toMs)]);
  // A trading date spans at most one day either side of its UTC date, whatever the zone's offset.
  const minutes = await minuteBarsFrom(
    trx,
    instrumentId,
    dateKey(tradingDate(range.fromMs)) - DAY_MS,
    dateKey(tradingDate(range.toMs)) + 2 * DAY_MS,
  );
  const days = new Map<string, BarRow>();
  for (const row of minutes) {
    const t = Number(row.t);
    const date = tradingDate(t);
    // A bar outside the file's span counts only towards a day the span touches.
    if (!covered.has(date) && (t < range.fromMs || t > range.toMs)) continue;
    covered.add(date);
    const day = days.get(date);
    if (!day) {
      days.set(date, {
        instrumentId,
        t: dateKey(date),
        open: row.open,
        high: row.high,
        low: row.low,
        close: row.close,
        volume: row.volume,
      });
    } else {
      day.high = Math.max(day.high, row.high);
      day.low = Math.min(day.low, row.low);
      day.close = row.close;
      day.volume += row.volume;
    }
  }
  const rows = [...days.values()];
  await upsertBars(trx, 'dailyBars', rows, 'replace');
  return rows.length;
}
