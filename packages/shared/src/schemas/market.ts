import { z } from 'zod';
import { parsePrice, PRICE_PATTERN } from '../price.ts';

/** Instrument life cycle: trading normally, a new issue not yet listed, or halted by an operator. */
export const instrumentStatus = z.enum(['listed', 'ipo', 'suspended']);
export type InstrumentStatus = z.infer<typeof instrumentStatus>;

/** Boards group instruments on the market screen. */
export const BOARDS = ['main', 'growth', 'index'] as const;
export const board = z.enum(BOARDS);
export type Board = z.infer<typeof board>;

export const CANDLE_INTERVALS = ['1m', '5m', '1d', '1w', '1M'] as const;
export const candleInterval = z.enum(CANDLE_INTERVALS);
export type CandleInterval = z.infer<typeof candleInterval>;

/** An instrument code: 1–12 upper-case letters, digits, dots or dashes ("SAP", "600519", "BRK.B"). */
export const INSTRUMENT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9.-]{0,11}$/;
export const instrumentCode = z.string().regex(INSTRUMENT_CODE_PATTERN, 'must be 1–12 characters A–Z, 0–9, . or -');
export const codeParams = z.strictObject({ code: instrumentCode });

/** The live figures of one instrument. Prices are decimal strings (up to 4 decimals). */
export const quote = z.object({
  code: z.string(),
  last: z.string(),
  bid: z.string(),
  ask: z.string(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  prevClose: z.string(),
  change: z.string(),
  changePct: z.string(),
  /** Shares traded today. */
  volume: z.number().int(),
  /** Value traded today, an amount. */
  turnover: z.string(),
  limitUp: z.string().nullable(),
  limitDown: z.string().nullable(),
  /**
   * The exchange the instrument is listed on (XETRA, SSE …): `marketOpen` is its. Optional for
   * copies stored before quotes carried it.
   */
  exchange: z.string().optional(),
  marketOpen: z.boolean(),
  time: z.string(),
});
export type Quote = z.infer<typeof quote>;

/**
 * The fields a stream update may carry: only those that changed since the last one, plus the code.
 * The server's updates also always carry `exchange` (whose hours `marketOpen` follows).
 */
export const quoteUpdate = quote.partial().extend({ code: z.string() });
export type QuoteUpdate = z.infer<typeof quoteUpdate>;

/** A trading session, local wall-clock times `HH:MM` in the exchange's zone. */
export const tradingSession = z.object({ open: z.string(), close: z.string() });
export type TradingSession = z.infer<typeof tradingSession>;

/** An exchange: its hours and zone, whether it trades now, and when it next opens and closes. */
export const exchangeInfo = z.object({
  code: z.string(),
  /** In the request's language where the exchange has a name in it, else its international name. */
  name: z.string(),
  /** IANA time zone of the sessions. */
  timeZone: z.string(),
  sessions: z.array(tradingSession),
  /** The demo setting MARKET_HOURS=24/7: every exchange trades around the clock. */
  alwaysOpen: z.boolean(),
  open: z.boolean(),
  /** ISO instants; null when the exchange never closes. */
  nextOpen: z.string().nullable(),
  nextClose: z.string().nullable(),
});
export type ExchangeInfo = z.infer<typeof exchangeInfo>;
export const exchangesResponse = z.array(exchangeInfo);

export const instrumentListItem = z.object({
  code: z.string(),
  name: z.string(),
  pinyin: z.string().nullable(),
  sector: z.string(),
  board,
  status: instrumentStatus,
  lotSize: z.number().int(),
  currency: z.string(),
  last: z.string(),
  change: z.string(),
  changePct: z.string(),
  volume: z.number().int(),
  turnover: z.string(),
  /** The exchange's code (XETRA, SSE, HKEX, NYSE …); optional: copies stored before it existed lack it. */
  exchange: z.string().optional(),
});
export type InstrumentListItem = z.infer<typeof instrumentListItem>;

export const instrumentDetail = instrumentListItem.extend({
  /** Names by language where the company has them (e.g. a Chinese name). */
  names: z.record(z.string(), z.string()),
  pe: z.string().nullable(),
  industryPe: z.string().nullable(),
  sharesOutstanding: z.number().int(),
  /** Shares outstanding × last price, an amount. */
  marketValue: z.string(),
  tradingEnabled: z.boolean(),
  isFavorite: z.boolean(),
  quote,
  /** The exchange with its hours and whether it trades now; optional for copies stored before it existed. */
  exchangeInfo: exchangeInfo.optional(),
});
export type InstrumentDetail = z.infer<typeof instrumentDetail>;

export const INSTRUMENT_SORTS = ['changePct', '-changePct', 'volume', '-volume', 'last', '-last', 'code'] as const;
/** `shares`: every board but the indices; `indices`: the indices only. */
export const INSTRUMENT_KINDS = ['shares', 'indices'] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];
export const instrumentsQuery = z.strictObject({
  board: board.optional(),
  kind: z.enum(INSTRUMENT_KINDS).optional(),
  sector: z.string().max(40).optional(),
  sort: z.enum(INSTRUMENT_SORTS).default('code'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const instrumentsPage = z.object({
  items: z.array(instrumentListItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

/** One candle: start time (ISO, UTC), open/high/low/close prices, volume in shares. */
export const candle = z.object({
  t: z.string(),
  o: z.string(),
  h: z.string(),
  l: z.string(),
  c: z.string(),
  v: z.number().int(),
});
export type Candle = z.infer<typeof candle>;

export const candlesQuery = z.strictObject({
  interval: candleInterval,
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

/** Search text: required, at most 50 characters (checked by the service for a precise message). */
export const SEARCH_MAX_LENGTH = 50;
export const searchQuery = z.strictObject({ q: z.string().max(2_000).optional() });

export const overview = z.object({
  indices: z.array(instrumentListItem),
  gainers: z.array(instrumentListItem),
  losers: z.array(instrumentListItem),
  active: z.array(instrumentListItem),
  marketOpen: z.boolean(),
});

/** One sector of the listed stocks: how many, their average change and the one that moved most up. */
export const sectorSummary = z.object({
  sector: z.string(),
  count: z.number().int(),
  /** The plain average of the members' change in percent, two decimals. */
  changePct: z.string(),
  advancers: z.number().int(),
  decliners: z.number().int(),
  leader: instrumentListItem,
});
export type SectorSummary = z.infer<typeof sectorSummary>;
export const sectors = z.array(sectorSummary);

export const favoriteBody = z.strictObject({ code: instrumentCode });
export const favoritesOrderBody = z.strictObject({ codes: z.array(instrumentCode).min(1).max(500) });

/** A P/E ratio: a decimal string with up to 2 decimals, possibly negative ("23.45", "-3.10"). */
export const RATIO_PATTERN = /^-?(0|[1-9]\d{0,6})(\.\d{1,2})?$/;
const ratio = z.string().regex(RATIO_PATTERN, 'must be a decimal with at most 2 decimals');
/** A positive price: the wire pattern, and not zero. */
const positivePrice = z
  .string()
  .regex(PRICE_PATTERN, 'must be a decimal price with at most 4 decimals')
  .refine((text) => (parsePrice(text) ?? 0) > 0, 'must be greater than 0');

/**
 * The fields an operator sets on an instrument. No defaults here: a patch built from them must
 * leave every field it does not name untouched.
 */
const instrumentFields = {
  name: z.string().trim().min(1).max(100),
  names: z.record(z.string().min(2).max(8), z.string().trim().min(1).max(100)),
  sector: z.string().trim().min(1).max(40),
  board,
  lotSize: z.number().int().min(1).max(1_000_000),
  pe: ratio.nullable(),
  industryPe: ratio.nullable(),
  sharesOutstanding: z.number().int().min(0).max(1e15),
  status: instrumentStatus,
  /** The simulator's opening price for a new instrument (ignored once it has bars). */
  startPrice: positivePrice,
};

/** What the console edits. Decimal figures are strings; names by language code. */
export const instrumentInput = z.strictObject({
  code: instrumentCode,
  ...instrumentFields,
  names: instrumentFields.names.default({}),
  board: board.default('main'),
  pe: instrumentFields.pe.default(null),
  industryPe: instrumentFields.industryPe.default(null),
  status: instrumentStatus.default('listed'),
  startPrice: positivePrice.optional(),
});
export type InstrumentInput = z.infer<typeof instrumentInput>;

/** A change to an instrument: only the fields named change (the code never does). */
export const instrumentPatch = z.strictObject({ ...instrumentFields, tradingEnabled: z.boolean() }).partial();
export type InstrumentPatch = z.infer<typeof instrumentPatch>;

/**
 * WebSocket protocol at /api/stream (docs/architecture.md, "Live stream"). Topics: `quotes:<code>`
 * for anyone; `user` and `support` (the signed-in investor's own events) after `auth`.
 */
export const STREAM_MAX_TOPICS = 200;
/** The largest client frame the server reads; a bigger one closes the socket with 1009. */
export const STREAM_MAX_FRAME_BYTES = 64 * 1024;
export const STREAM_PRIVATE_TOPICS = ['user', 'support'] as const;
export type StreamPrivateTopic = (typeof STREAM_PRIVATE_TOPICS)[number];
/** The stream topic of an instrument's quotes. */
export const quotesTopic = (code: string) => `quotes:${code}`;

export const streamClientMessage = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('auth'), token: z.string().min(1).max(200) }),
  /** Signs the socket in with an operator (console) session instead: operator topics such as `support-inbox`. */
  z.strictObject({ op: z.literal('operator-auth'), token: z.string().min(1).max(200) }),
  /** Forgets the session on this socket (it stays valid elsewhere): `user` and `support` end. */
  z.strictObject({ op: z.literal('deauth') }),
  z.strictObject({ op: z.literal('subscribe'), topics: z.array(z.string().min(1).max(40)).min(1) }),
  z.strictObject({ op: z.literal('unsubscribe'), topics: z.array(z.string().min(1).max(40)).min(1) }),
  z.strictObject({ op: z.literal('ping') }),
]);
export type StreamClientMessage = z.infer<typeof streamClientMessage>;

/** A quote on `quotes:<code>`: the full quote when `snapshot`, otherwise only the fields that changed. */
export const streamQuoteMessage = z.object({
  type: z.literal('quote'),
  topic: z.string(),
  /** Server time (epoch ms) the message was made; clients can measure delay with it. */
  at: z.number(),
  snapshot: z.boolean().optional(),
  data: quoteUpdate,
});
/** One of the investor's own events (order filled, balance changed, notification, support reply). */
export const streamEventMessage = z.object({
  type: z.literal('event'),
  topic: z.enum([...STREAM_PRIVATE_TOPICS, 'support-inbox']),
  at: z.number(),
  event: z.string(),
  data: z.unknown(),
});
/** A refused request; `topic` names the topic a subscribe failed for. `msg` is localized. */
export const streamErrorMessage = z.object({
  type: z.literal('error'),
  error: z.string(),
  msg: z.string(),
  topic: z.string().optional(),
});
export const streamServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), heartbeatMs: z.number().int(), maxTopics: z.number().int() }),
  z.object({ type: z.literal('authenticated') }),
  z.object({ type: z.literal('subscribed'), topics: z.array(z.string()) }),
  z.object({ type: z.literal('unsubscribed'), topics: z.array(z.string()) }),
  z.object({ type: z.literal('heartbeat'), at: z.number() }),
  z.object({ type: z.literal('pong') }),
  streamQuoteMessage,
  streamEventMessage,
  streamErrorMessage,
]);
export type StreamServerMessage = z.infer<typeof streamServerMessage>;
export type StreamQuoteMessage = z.infer<typeof streamQuoteMessage>;
export type StreamEventMessage = z.infer<typeof streamEventMessage>;
export type StreamErrorMessage = z.infer<typeof streamErrorMessage>;
