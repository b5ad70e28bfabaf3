import { DEFAULT_EXCHANGE } from '@bourse/shared/exchanges';
import { exchangeOf } from './exchanges.ts';
import { formatMinor } from '@bourse/shared/money';
import { mulDivHalfUp } from '@bourse/shared/fees';
import { changePercent, formatPrice, TICKS_PER_MINOR } from '@bourse/shared/price';
import type {
  Board,
  Candle,
  CandleInterval,
  InstrumentDetail,
  InstrumentListItem,
  InstrumentStatus,
  Quote,
  SectorSummary,
} from '@bourse/shared/schemas/market';
import { SEARCH_MAX_LENGTH } from '@bourse/shared/schemas/market';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import type { SqlRunner } from '../../platform/db/sql-runner.ts';
import type { Bar, Instrument } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { LiveQuote } from '../../platform/market-data-provider.ts';
import {
  findBars,
  findInstrumentByCode,
  listFavorites,
  deleteFavorite,
  favoritesExtent,
  findFavorite,
  insertFavorite,
  setFavoritePosition,
  listInstruments as listInstrumentRows,
  findInstrumentsByIds,
  findLabels,
  findTradableByCode,
  findTradableById,
  favoritesOfUser,
  searchInstruments,
  type TradableInstrument,
} from './market.repository.ts';
import { exportRow, type ExportSection } from '../../platform/data-export.ts';

const DAY_MS = 86_400_000;
export const FAVORITES_MAX = 200;

/** How far back each interval reaches when no `from` is given, and the longest period it accepts. */
const INTERVAL_RANGE: Record<CandleInterval, { defaultDays: number; maxDays: number }> = {
  '1m': { defaultDays: 1, maxDays: 7 },
  '5m': { defaultDays: 5, maxDays: 31 },
  '1d': { defaultDays: 3 * 366, maxDays: 20 * 366 },
  '1w': { defaultDays: 10 * 366, maxDays: 50 * 366 },
  '1M': { defaultDays: 30 * 366, maxDays: 100 * 366 },
};

/** The name in the reader's language when the company has one, else its usual name. */
export function localName(instrument: Pick<Instrument, 'name' | 'names'>, lang: string): string {
  const names = parseNames(instrument.names);
  return names[lang] ?? instrument.name;
}

export function parseNames(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** An instrument without a live quote (a new issue) shows its start price and no change. */
function quoteOrStatic(ctx: AppContext, instrument: Instrument): LiveQuote {
  const live = ctx.market.quote(instrument.code);
  if (live) return live;
  const price = instrument.startPriceTicks;
  return {
    instrumentId: instrument.id,
    code: instrument.code,
    lastTicks: price,
    bidTicks: price,
    askTicks: price,
    openTicks: price,
    highTicks: price,
    lowTicks: price,
    prevCloseTicks: price,
    volume: 0,
    turnoverMinor: 0,
    limitUpTicks: null,
    limitDownTicks: null,
    tradingDate: ctx.calendar.tradingDate(ctx.clock.nowMs()),
    timeMs: instrument.updatedAt,
  };
}

/** The wire form of a live quote. */
export function toQuote(ctx: AppContext, q: LiveQuote): Quote {
  return {
    code: q.code,
    last: formatPrice(q.lastTicks),
    bid: formatPrice(q.bidTicks),
    ask: formatPrice(q.askTicks),
    open: formatPrice(q.openTicks),
    high: formatPrice(q.highTicks),
    low: formatPrice(q.lowTicks),
    prevClose: formatPrice(q.prevCloseTicks),
    change: formatPrice(q.lastTicks - q.prevCloseTicks),
    changePct: changePercent(q.lastTicks, q.prevCloseTicks),
    volume: q.volume,
    turnover: formatMinor(q.turnoverMinor),
    limitUp: q.limitUpTicks === null ? null : formatPrice(q.limitUpTicks),
    limitDown: q.limitDownTicks === null ? null : formatPrice(q.limitDownTicks),
    // The instrument's exchange: its own hours (all open in 24/7 mode).
    exchange: ctx.market.exchangeOf(q.code) ?? DEFAULT_EXCHANGE,
    marketOpen: ctx.market.isOpen(ctx.clock.nowMs(), q.code),
    time: new Date(q.timeMs).toISOString(),
  };
}

function toListItem(ctx: AppContext, instrument: Instrument, lang: string): InstrumentListItem & { q: LiveQuote } {
  const q = quoteOrStatic(ctx, instrument);
  return {
    code: instrument.code,
    name: localName(instrument, lang),
    pinyin: instrument.pinyin,
    sector: instrument.sector,
    board: instrument.board as Board,
    status: instrument.status as InstrumentStatus,
    lotSize: instrument.lotSize,
    currency: instrument.currency,
    last: formatPrice(q.lastTicks),
    change: formatPrice(q.lastTicks - q.prevCloseTicks),
    changePct: changePercent(q.lastTicks, q.prevCloseTicks),
    volume: q.volume,
    turnover: formatMinor(q.turnoverMinor),
    exchange: instrument.exchange,
    q,
  };
}

function strip({ q: _q, ...item }: InstrumentListItem & { q: LiveQuote }): InstrumentListItem {
  return item;
}

/** Change in hundredths of a percent, as an integer, for sorting. */
function changeBp(q: LiveQuote): number {
  return q.prevCloseTicks > 0 ? ((q.lastTicks - q.prevCloseTicks) * 10_000) / q.prevCloseTicks : 0;
}

export type InstrumentSort = 'changePct' | '-changePct' | 'volume' | '-volume' | 'last' | '-last' | 'code';

export interface MarketListQuery {
  board?: Board | undefined;
  /** Shares (every board but the indices) or indices only. */
  kind?: 'shares' | 'indices' | undefined;
  sector?: string | undefined;
  sort: InstrumentSort;
  page: number;
  pageSize: number;
}

/** The market list: every instrument that trades or has traded (not new issues), sorted and paged. */
export async function listMarket(ctx: AppContext, query: MarketListQuery, lang: string) {
  return marketListPage(ctx, await listInstrumentRows(ctx.database.db), query, lang);
}

/** The market list's page from the instrument rows already read (all of them, in code order as listInstruments reads them) and the live quotes. */
export function marketListPage(ctx: AppContext, all: readonly Instrument[], query: MarketListQuery, lang: string) {
  const rows = all.filter(
    (i) =>
      i.status !== 'ipo' &&
      (!query.board || i.board === query.board) &&
      (!query.kind || (query.kind === 'indices') === (i.board === 'index')) &&
      (!query.sector || i.sector === query.sector),
  );
  const items = rows.map((row) => toListItem(ctx, row, lang));
  const key: Record<string, (x: { q: LiveQuote }) => number> = {
    changePct: (x) => changeBp(x.q),
    volume: (x) => x.q.volume,
    last: (x) => x.q.lastTicks,
  };
  if (query.sort !== 'code') {
    const descending = query.sort.startsWith('-');
    const by = key[query.sort.replace('-', '')];
    if (by) items.sort((a, b) => (descending ? by(b) - by(a) : by(a) - by(b)) || a.code.localeCompare(b.code));
  }
  const start = (query.page - 1) * query.pageSize;
  return {
    items: items.slice(start, start + query.pageSize).map(strip),
    page: query.page,
    pageSize: query.pageSize,
    total: items.length,
  };
}

/** Everything of a market-list query its answer depends on besides the data, as a cache key. */
export function marketListKey(query: MarketListQuery, lang: string): string {
  return JSON.stringify([lang, query.board, query.kind, query.sector, query.sort, query.page, query.pageSize]);
}

/** The home screen's overview: indices, top gainers and losers, most traded by value. */
export async function marketOverview(ctx: AppContext, lang: string) {
  const rows = (await listInstrumentRows(ctx.database.db)).filter((i) => i.status === 'listed');
  const items = rows.map((row) => toListItem(ctx, row, lang));
  const stocks = items.filter((i) => i.board !== 'index');
  const byChange = [...stocks].sort((a, b) => changeBp(b.q) - changeBp(a.q) || a.code.localeCompare(b.code));
  return {
    indices: items.filter((i) => i.board === 'index').map(strip),
    gainers: byChange.slice(0, 5).map(strip),
    losers: byChange.slice(-5).reverse().map(strip),
    active: [...stocks]
      .sort((a, b) => b.q.turnoverMinor - a.q.turnoverMinor || a.code.localeCompare(b.code))
      .slice(0, 5)
      .map(strip),
    marketOpen: ctx.market.isOpen(ctx.clock.nowMs()),
  };
}

/** Hundredths of a percent from a change string ("-1.25" → -125). */
function hundredths(changePct: string): number {
  return Math.round(Number(changePct) * 100);
}

/**
 * The listed stocks grouped by sector (no indices): each sector's count, the average of its
 * members' change (two decimals), how many rose and fell, and its best performer. Sorted by
 * average change, best first, then by name.
 */
export async function marketSectors(ctx: AppContext, lang: string): Promise<SectorSummary[]> {
  const rows = (await listInstrumentRows(ctx.database.db)).filter((i) => i.status === 'listed');
  const groups = new Map<string, (InstrumentListItem & { q: LiveQuote })[]>();
  for (const item of rows.map((row) => toListItem(ctx, row, lang))) {
    if (item.board === 'index') continue;
    const group = groups.get(item.sector) ?? [];
    group.push(item);
    groups.set(item.sector, group);
  }
  const summaries = [...groups].map(([sector, items]) => {
    const total = items.reduce((sum, item) => sum + hundredths(item.changePct), 0);
    const leader = [...items].sort((a, b) => changeBp(b.q) - changeBp(a.q) || a.code.localeCompare(b.code))[0];
    return {
      sector,
      count: items.length,
      changePct: (Math.round(total / items.length) / 100).toFixed(2),
      advancers: items.filter((item) => item.q.lastTicks > item.q.prevCloseTicks).length,
      decliners: items.filter((item) => item.q.lastTicks < item.q.prevCloseTicks).length,
      leader: strip(leader!),
    };
  });
  return summaries.sort(
    (a, b) => hundredths(b.changePct) - hundredths(a.changePct) || a.sector.localeCompare(b.sector),
  );
}

export async function requireInstrument(ctx: AppContext, code: string): Promise<Instrument> {
  const instrument = await findInstrumentByCode(ctx.database.db, code);
  if (!instrument) throw new AppError('INSTRUMENT_NOT_FOUND', { code });
  return instrument;
}

export async function instrumentDetail(
  ctx: AppContext,
  instrument: Instrument,
  options: { lang: string; userId?: number | undefined },
): Promise<InstrumentDetail> {
  const item = toListItem(ctx, instrument, options.lang);
  const favorite = options.userId ? await findFavorite(ctx.database.db, options.userId, instrument.id) : undefined;
  const ratio = (x100: number | null) => (x100 === null ? null : formatMinor(x100));
  return {
    ...strip(item),
    names: parseNames(instrument.names),
    pe: ratio(instrument.peX100),
    industryPe: ratio(instrument.industryPeX100),
    sharesOutstanding: instrument.sharesOutstanding,
    // Shares × ten-thousandths / 100 = minor units, exactly: the product can pass 2^53.
    marketValue: formatMinor(mulDivHalfUp(instrument.sharesOutstanding, item.q.lastTicks, TICKS_PER_MINOR)),
    tradingEnabled: instrument.tradingEnabled === 1,
    isFavorite: favorite !== undefined,
    quote: toQuote(ctx, item.q),
    exchangeInfo: await exchangeOf(ctx, instrument.exchange, options.lang),
  };
}

interface Bucketed {
  t: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Start of the bucket a bar belongs to: 5 minutes, Monday-based weeks, calendar months (UTC). */
export function bucketStart(interval: CandleInterval, t: number): number {
  switch (interval) {
    case '1m':
    case '1d':
      return t;
    case '5m':
      return Math.floor(t / 300_000) * 300_000;
    case '1w': {
      const day = Math.floor(t / DAY_MS) * DAY_MS;
      const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday = 0
      return day - weekday * DAY_MS;
    }
    case '1M': {
      const date = new Date(t);
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    }
  }
}

/**
 * Aggregates bars (oldest first) into candles of the interval: open of the first bar, close of the
 * last, highest high, lowest low, summed volume.
 */
export function aggregate(interval: CandleInterval, bars: readonly Bucketed[]): Bucketed[] {
  const out: Bucketed[] = [];
  let current: Bucketed | null = null;
  for (const bar of bars) {
    const t = bucketStart(interval, bar.t);
    if (current && current.t === t) {
      current.high = Math.max(current.high, bar.high);
      current.low = Math.min(current.low, bar.low);
      current.close = bar.close;
      current.volume += bar.volume;
    } else {
      current = { t, open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: bar.volume };
      out.push(current);
    }
  }
  return out;
}

function toCandle(bar: Bucketed): Candle {
  return {
    t: new Date(bar.t).toISOString(),
    o: formatPrice(bar.open),
    h: formatPrice(bar.high),
    l: formatPrice(bar.low),
    c: formatPrice(bar.close),
    v: bar.volume,
  };
}

/** Candles of an instrument from stored bars plus the bar being formed now. */
export async function candles(
  ctx: AppContext,
  code: string,
  query: { interval: CandleInterval; from?: string | undefined; to?: string | undefined },
): Promise<Candle[]> {
  const instrument = await requireInstrument(ctx, code);
  const nowMs = ctx.clock.nowMs();
  const range = INTERVAL_RANGE[query.interval];
  const toMs = query.to ? Date.parse(query.to) : nowMs;
  const fromMs = query.from ? Date.parse(query.from) : toMs - range.defaultDays * DAY_MS;
  if (fromMs > toMs) throw new AppError('CANDLE_RANGE_INVALID');
  if (toMs - fromMs > range.maxDays * DAY_MS) throw new AppError('CANDLE_RANGE_TOO_LARGE', { max: range.maxDays });
  const intraday = query.interval === '1m' || query.interval === '5m';
  // Start at the bucket's beginning so the first candle is complete.
  const alignedFrom = bucketStart(query.interval, intraday ? fromMs : Math.floor(fromMs / DAY_MS) * DAY_MS);
  const bars: Bucketed[] = await findBars(ctx.database.db, intraday ? 'minuteBars' : 'dailyBars', {
    instrumentId: instrument.id,
    fromMs: alignedFrom,
    toMs,
  });
  const live = ctx.market.liveBars(instrument.id)[intraday ? 'minute' : 'day'];
  if (live && live.t >= alignedFrom && live.t <= toMs) {
    const lastBar: Bar | Bucketed | undefined = bars[bars.length - 1];
    if (lastBar && lastBar.t === live.t) bars[bars.length - 1] = live;
    else if (!lastBar || lastBar.t < live.t) bars.push(live);
  }
  return aggregate(query.interval, bars).map(toCandle);
}

/**
 * Everything a candles answer depends on: the query, the live bar's last change, the minute (for
 * default ranges ending now) and the provider's history version (an import rewrites stored bars).
 * Unknown codes get no key of their own; the request then fails with INSTRUMENT_NOT_FOUND.
 */
export function candleCacheKey(
  ctx: AppContext,
  code: string,
  query: { interval: CandleInterval; from?: string | undefined; to?: string | undefined },
): string {
  const live = ctx.market.quote(code)?.timeMs ?? 0;
  const minute = Math.floor(ctx.clock.nowMs() / 60_000);
  return [code, query.interval, query.from ?? '', query.to ?? '', live, minute, ctx.market.historyVersion].join('|');
}

/** Search by code, name (any language) or pinyin. Text is required and at most 50 characters. */
export async function search(ctx: AppContext, raw: string | undefined, lang: string): Promise<InstrumentListItem[]> {
  const text = (raw ?? '').trim();
  if (text.length === 0) throw new AppError('SEARCH_REQUIRED');
  if (text.length > SEARCH_MAX_LENGTH) throw new AppError('SEARCH_TOO_LONG', { max: SEARCH_MAX_LENGTH });
  const rows = await searchInstruments(ctx.database.db, text, 20);
  return rows.map((row) => strip(toListItem(ctx, row, lang)));
}

export async function favorites(ctx: AppContext, userId: number, lang: string): Promise<InstrumentListItem[]> {
  const rows = await listFavorites(ctx.database.db, userId);
  return rows.map((row) => strip(toListItem(ctx, { ...row, id: Number(row.id) }, lang)));
}

/** Adds an instrument at the end of the user's favorites; adding one already there changes nothing. */
export async function addFavorite(ctx: AppContext, userId: number, code: string): Promise<void> {
  await ctx.database.transaction(async (trx) => {
    const instrument = await findInstrumentByCode(trx, code);
    if (!instrument) throw new AppError('INSTRUMENT_NOT_FOUND', { code });
    const existing = await favoritesExtent(trx, userId);
    const already = await findFavorite(trx, userId, instrument.id);
    if (already) return;
    if (Number(existing.count) >= FAVORITES_MAX) throw new AppError('FAVORITES_LIMIT', { max: FAVORITES_MAX });
    await insertFavorite(trx, {
      userId,
      instrumentId: instrument.id,
      position: existing.last === null ? 0 : Number(existing.last) + 1,
      createdAt: ctx.clock.nowMs(),
    });
  });
}

export async function removeFavorite(ctx: AppContext, userId: number, code: string): Promise<void> {
  const instrument = await requireInstrument(ctx, code);
  await deleteFavorite(ctx.database.db, userId, instrument.id);
}

/** Reorders the favorites: `codes` must be exactly the current favorites, in the new order. */
export async function reorderFavorites(ctx: AppContext, userId: number, codes: readonly string[]): Promise<void> {
  await ctx.database.transaction(async (trx) => {
    const current = await listFavorites(trx, userId);
    const byCode = new Map(current.map((row) => [row.code, Number(row.id)]));
    if (new Set(codes).size !== codes.length || codes.length !== byCode.size || codes.some((c) => !byCode.has(c))) {
      throw new AppError('FAVORITES_ORDER_MISMATCH');
    }
    for (const [position, code] of codes.entries()) {
      await setFavoritePosition(trx, userId, byCode.get(code) ?? 0, position);
    }
  });
}

/** The fields an order needs of an instrument. */
export type { TradableInstrument };

/** An instrument by code, read through the caller's runner (prepared SQL on the order path). */
export function tradableInstrumentByCode(run: SqlRunner, code: string): Promise<TradableInstrument | undefined> {
  return findTradableByCode(run, code);
}

/** An instrument by id, read through the caller's runner. */
export function tradableInstrumentById(run: SqlRunner, id: number): Promise<TradableInstrument | undefined> {
  return findTradableById(run, id);
}

/** Whole instrument rows by id, for a domain that shows more of them than a label (the IPO calendar). */
export async function instrumentsByIds(db: Db | Trx, ids: readonly number[]): Promise<Map<number, Instrument>> {
  const rows = await findInstrumentsByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [Number(row.id), row]));
}

/** What other domains need of an instrument they hold by id: its code, usual name and exchange. */
export interface InstrumentLabel {
  code: string;
  name: string;
  /** Where it is listed: its calendar decides when a lot may be sold (T+1) and when a sale settles. */
  exchange: string;
}

/**
 * The code, name and exchange of each of these instruments by id, in one statement through the caller's
 * runner (a page of orders or lots is labelled with one look-up, not one per row).
 */
export async function instrumentLabelsByIds(
  run: SqlRunner,
  ids: readonly number[],
): Promise<Map<number, InstrumentLabel>> {
  const labels = new Map<number, InstrumentLabel>();
  if (ids.length === 0) return labels;
  for (const row of await findLabels(run, [...new Set(ids)])) {
    labels.set(Number(row.id), { code: row.code, name: row.name, exchange: row.exchange });
  }
  return labels;
}

/** The investor's favorites for their data export. */
export async function exportFor(db: Db, userId: number): Promise<ExportSection> {
  return { favorites: (await favoritesOfUser(db, userId)).map((row) => exportRow(row)) };
}
