import { z } from 'zod';
import { page, pageQuery } from './common.ts';
import { board, candle, instrumentStatus } from './market.ts';

/** The console's instrument list: search text (code, name in any language, pinyin) and status. */
export const adminInstrumentsQuery = pageQuery.extend({
  q: z.string().trim().max(50).optional(),
  status: instrumentStatus.optional(),
});

/** Where an instrument's prices come from: the simulator, or imported history only. */
export const instrumentSource = z.enum(['simulated', 'imported']);

/** The stored daily history of an instrument: how many daily bars, from which date to which. */
export const instrumentHistory = z.object({
  dailyBars: z.number().int(),
  /** `YYYY-MM-DD` of the first and last daily bar; null without history. */
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
});

/** An instrument as the console lists and edits it. */
export const adminInstrument = z.object({
  code: z.string(),
  name: z.string(),
  names: z.record(z.string(), z.string()),
  sector: z.string(),
  board,
  status: instrumentStatus,
  tradingEnabled: z.boolean(),
  source: instrumentSource,
  lotSize: z.number().int(),
  currency: z.string(),
  pe: z.string().nullable(),
  industryPe: z.string().nullable(),
  sharesOutstanding: z.number().int(),
  startPrice: z.string(),
  /** The live last price, or the last stored close / start price when the instrument has no quote. */
  last: z.string(),
  history: instrumentHistory,
  updatedAt: z.string(),
});
export type AdminInstrument = z.infer<typeof adminInstrument>;

export const adminInstrumentsPage = page(adminInstrument);
export type AdminInstrumentsPage = z.infer<typeof adminInstrumentsPage>;

/** One history import as recorded. */
export const marketImport = z.object({
  id: z.number().int(),
  fileName: z.string(),
  fileSha256: z.string(),
  interval: z.enum(['1m', '1d']),
  rowsTotal: z.number().int(),
  firstT: z.string(),
  lastT: z.string(),
  operator: z.string().nullable(),
  createdAt: z.string(),
});

/** The console's view of one instrument: the list fields, the minute bars and the last imports. */
export const adminInstrumentDetail = adminInstrument.extend({
  minuteBars: z.number().int(),
  imports: z.array(marketImport),
});
export type AdminInstrumentDetail = z.infer<typeof adminInstrumentDetail>;

/** The longest CSV text the console may send (characters); the command line has no such limit. */
export const INSTRUMENT_IMPORT_MAX_CHARS = 20 * 1024 * 1024;

/** An OHLCV CSV import through the console: the file's text, sent as JSON. */
export const instrumentImportBody = z.strictObject({
  fileName: z.string().trim().min(1).max(255),
  csv: z.string().max(INSTRUMENT_IMPORT_MAX_CHARS),
  /** True: check the file and show what would change, writing nothing. */
  dryRun: z.boolean().default(false),
});

/** What an import did, or (dry run) would do. Bars are shown as candles. */
export const importSummary = z.object({
  code: z.string(),
  dryRun: z.boolean(),
  /** Whether the import creates the instrument (named after its code until an operator edits it). */
  isNew: z.boolean(),
  interval: z.enum(['1m', '1d']),
  rowsTotal: z.number().int(),
  firstT: z.string(),
  lastT: z.string(),
  /** The first and the last five bars of the file. */
  first: z.array(candle),
  last: z.array(candle),
  /** Stored bars of the same interval between the file's first and last time, before the import. */
  existingBarsInRange: z.number().int(),
  /** Of those, the ones at a time the file has, which the import overwrites. */
  replacedBars: z.number().int(),
  /** Daily bars (re)built from the minute bars of the days an intraday file covers; 0 for daily files. */
  dailyBarsRolledUp: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummary>;

export const CSV_PROBLEM_CODES = [
  'header',
  'columns',
  'datetime',
  'price',
  'volume',
  'high_below_low',
  'open_outside_range',
  'close_outside_range',
  'not_increasing',
  'duplicate',
  'mixed_interval',
  'empty',
] as const;

/** One offending line of a refused file: 1-based line number, problem code, English detail. */
export const csvProblem = z.object({
  line: z.number().int(),
  code: z.enum(CSV_PROBLEM_CODES),
  detail: z.string(),
});
export type CsvProblemReport = z.infer<typeof csvProblem>;

/** `details` of a CSV_INVALID error: the first problems (at most 1000) and how many there are in all. */
export const csvInvalidDetails = z.object({
  problems: z.array(csvProblem),
  problemsTotal: z.number().int(),
  rowsTotal: z.number().int(),
});
export type CsvInvalidDetails = z.infer<typeof csvInvalidDetails>;

/** An exchange as the console edits it: sessions as stored (`HH:MM-HH:MM`, comma-separated) and zone. */
export const adminExchange = z.object({
  code: z.string(),
  name: z.string(),
  timeZone: z.string(),
  hours: z.string(),
});
export type AdminExchange = z.infer<typeof adminExchange>;
export const adminExchanges = z.array(adminExchange);

export const exchangeCodeParams = z.strictObject({ code: z.string().trim().min(1).max(16) });

/**
 * New trading sessions and time zone of an exchange; the server refuses sessions that are not
 * well-formed, in order and without overlap (EXCHANGE_HOURS_INVALID) and an unknown zone
 * (EXCHANGE_TIME_ZONE_INVALID).
 */
export const exchangeHoursBody = z.strictObject({
  hours: z.string().trim().min(1).max(100),
  timeZone: z.string().trim().min(1).max(64),
});
export type ExchangeHoursBody = z.infer<typeof exchangeHoursBody>;
