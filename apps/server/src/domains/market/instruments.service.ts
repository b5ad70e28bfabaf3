import { exchangeForCode } from '@bourse/shared/exchanges';
import { formatMinor } from '@bourse/shared/money';
import { formatPrice, parsePrice } from '@bourse/shared/price';
import type { Board, InstrumentPatch, InstrumentStatus } from '@bourse/shared/schemas/market';
import type { AdminInstrument, AdminInstrumentDetail, AdminInstrumentsPage } from '@bourse/shared/schemas/market-admin';
import { dateKey, isoDate } from '../../platform/calendar.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Trx } from '../../platform/db/database.ts';
import type { Instrument } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import { AppError, invariant } from '../../platform/errors.ts';
import {
  insertInstrumentRow,
  updateInstrumentIfStatus,
  upsertBars,
  countMinuteBars,
  dailyHistory,
  findInstrumentByCode,
  findInstrumentsPage,
  listImports,
  type DailyHistory,
} from './market.repository.ts';
import { parseNames } from './market.service.ts';
import { hashSeed } from './random.ts';
import { pinyinOf } from './pinyin.ts';

export interface NewInstrument {
  code: string;
  name: string;
  /** The exchange's code; by default the one the code tells (`exchangeForCode`). */
  exchange?: string | undefined;
  names?: Record<string, string> | undefined;
  sector: string;
  board?: Board | undefined;
  lotSize: number;
  currency: string;
  /** P/E ratios as decimal strings with up to 2 decimals ("23.45"). */
  pe?: string | null | undefined;
  industryPe?: string | null | undefined;
  sharesOutstanding: number;
  status?: InstrumentStatus | undefined;
  /** Decimal price the simulator starts from (its history is drawn to end there). */
  startPrice: string;
  driftBp?: number | undefined;
  volatilityBp?: number | undefined;
  source?: 'simulated' | 'imported' | undefined;
}

/** "23.45" → 2345; "-3.1" → -310. */
export function ratioX100(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  invariant(match, `ratio ${text} is validated at the boundary`);
  const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -value : value;
}

/**
 * Pinyin for search from the Chinese names (simplified first, then traditional), or from the main
 * name when that is Chinese; null for names without Chinese characters.
 */
export function searchPinyin(name: string, names: Record<string, string>): string | null {
  return pinyinOf(names['zh-CN'] ?? names['zh-TW'] ?? name);
}

/**
 * Refuses to quote or trade an index: it is a market indicator computed from its members, shown on the
 * market screens but never bought or sold (INSTRUMENT_NOT_TRADABLE). Every order and order quote asks here.
 */
export function assertInstrumentTradable(instrument: { board: string }): void {
  if (instrument.board === 'index') throw new AppError('INSTRUMENT_NOT_TRADABLE');
}

/** Inserts an instrument; a code already in use is INSTRUMENT_CODE_TAKEN. */
export async function insertInstrument(trx: Trx, input: NewInstrument, nowMs: number): Promise<Instrument> {
  const startPriceTicks = parsePrice(input.startPrice);
  invariant(startPriceTicks !== null && startPriceTicks > 0, 'a start price is a positive price');
  const names = input.names ?? {};
  try {
    return await insertInstrumentRow(trx, {
      code: input.code,
      name: input.name,
      names: JSON.stringify(names),
      pinyin: searchPinyin(input.name, names),
      sector: input.sector,
      board: input.board ?? 'main',
      lotSize: input.lotSize,
      currency: input.currency,
      peX100: ratioX100(input.pe),
      industryPeX100: ratioX100(input.industryPe),
      sharesOutstanding: input.sharesOutstanding,
      status: input.status ?? 'listed',
      startPriceTicks,
      driftBp: input.driftBp ?? 500,
      volatilityBp: input.volatilityBp ?? 2500,
      simSeed: hashSeed(input.code) % 1_000_000,
      source: input.source ?? 'simulated',
      exchange: input.exchange ?? exchangeForCode(input.code),
      createdAt: nowMs,
      updatedAt: nowMs,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('INSTRUMENT_CODE_TAKEN', { code: input.code });
    throw error;
  }
}

const ratioText = (x100: number | null) => (x100 === null ? null : formatMinor(x100));

/** The console's view of an instrument row with its stored daily history. */
function toAdminInstrument(ctx: AppContext, row: Instrument, history: DailyHistory | undefined): AdminInstrument {
  const live = ctx.market.quote(row.code);
  return {
    code: row.code,
    name: row.name,
    names: parseNames(row.names),
    sector: row.sector,
    board: row.board as Board,
    status: row.status as InstrumentStatus,
    tradingEnabled: row.tradingEnabled === 1,
    source: row.source === 'imported' ? 'imported' : 'simulated',
    lotSize: row.lotSize,
    currency: row.currency,
    pe: ratioText(row.peX100),
    industryPe: ratioText(row.industryPeX100),
    sharesOutstanding: Number(row.sharesOutstanding),
    startPrice: formatPrice(row.startPriceTicks),
    last: formatPrice(live?.lastTicks ?? history?.lastClose ?? row.startPriceTicks),
    history: {
      dailyBars: history?.dailyBars ?? 0,
      firstDate: history ? isoDate(history.firstT) : null,
      lastDate: history ? isoDate(history.lastT) : null,
    },
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** A page of instruments for the console, with their quotes and stored history. */
export async function listAdminInstruments(
  ctx: AppContext,
  query: { q?: string | undefined; status?: InstrumentStatus | undefined; page: number; pageSize: number },
): Promise<AdminInstrumentsPage> {
  const { rows, total } = await findInstrumentsPage(ctx.database.db, {
    q: query.q || undefined,
    status: query.status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const history = await dailyHistory(
    ctx.database.db,
    rows.map((row) => Number(row.id)),
  );
  return {
    items: rows.map((row) => toAdminInstrument(ctx, row, history.get(Number(row.id)))),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One instrument for the console, with its minute-bar count and its last ten imports. */
export async function adminInstrumentDetail(ctx: AppContext, code: string): Promise<AdminInstrumentDetail> {
  const db = ctx.database.db;
  const row = await findInstrumentByCode(db, code);
  if (!row) throw new AppError('INSTRUMENT_NOT_FOUND', { code });
  const id = Number(row.id);
  const [history, minuteBars, imports] = await Promise.all([
    dailyHistory(db, [id]),
    countMinuteBars(db, id),
    listImports(db, id, 10),
  ]);
  return {
    ...toAdminInstrument(ctx, row, history.get(id)),
    minuteBars,
    imports: imports.map((i) => ({
      id: Number(i.id),
      fileName: i.fileName,
      fileSha256: i.fileSha256,
      interval: i.interval === '1m' ? '1m' : '1d',
      rowsTotal: i.rowsTotal,
      firstT: new Date(Number(i.firstT)).toISOString(),
      lastT: new Date(Number(i.lastT)).toISOString(),
      operator: i.username ?? null,
      createdAt: new Date(Number(i.createdAt)).toISOString(),
    })),
  };
}

/** What an edit changed, field by field, in wire form (for the audit log). */
export type InstrumentChanges = Record<string, { from: unknown; to: unknown }>;

/**
 * Applies an operator's edit. Only the fields in the patch change; a new issue may be listed, but
 * nothing goes back to being a new issue. Returns the instrument as stored and what changed.
 */
export async function updateInstrument(
  trx: Trx,
  code: string,
  patch: InstrumentPatch,
  nowMs: number,
): Promise<{ instrument: Instrument; changes: InstrumentChanges }> {
  const before = await findInstrumentByCode(trx, code);
  if (!before) throw new AppError('INSTRUMENT_NOT_FOUND', { code });
  if (patch.status === 'ipo' && before.status !== 'ipo') {
    throw new AppError('INSTRUMENT_STATUS_CHANGE_INVALID');
  }
  const names = patch.names ?? parseNames(before.names);
  const name = patch.name ?? before.name;
  const next = {
    name,
    names: JSON.stringify(names),
    pinyin: searchPinyin(name, names),
    sector: patch.sector ?? before.sector,
    board: patch.board ?? before.board,
    lotSize: patch.lotSize ?? before.lotSize,
    peX100: patch.pe === undefined ? before.peX100 : ratioX100(patch.pe),
    industryPeX100: patch.industryPe === undefined ? before.industryPeX100 : ratioX100(patch.industryPe),
    sharesOutstanding: patch.sharesOutstanding ?? Number(before.sharesOutstanding),
    status: patch.status ?? before.status,
    tradingEnabled: patch.tradingEnabled === undefined ? before.tradingEnabled : patch.tradingEnabled ? 1 : 0,
    startPriceTicks: patch.startPrice === undefined ? before.startPriceTicks : (parsePrice(patch.startPrice) ?? 0),
  };
  invariant(next.startPriceTicks > 0, 'a start price is validated positive at the boundary');

  const wire = (row: typeof next) => ({
    name: row.name,
    names: row.names,
    sector: row.sector,
    board: row.board,
    lotSize: row.lotSize,
    pe: ratioText(row.peX100),
    industryPe: ratioText(row.industryPeX100),
    sharesOutstanding: row.sharesOutstanding,
    status: row.status,
    tradingEnabled: row.tradingEnabled === 1,
    startPrice: formatPrice(row.startPriceTicks),
  });
  const was = wire({ ...next, ...before, names: JSON.stringify(parseNames(before.names)) });
  const now = wire(next);
  const changes: InstrumentChanges = {};
  for (const key of Object.keys(now) as Array<keyof typeof now>) {
    if (was[key] !== now[key]) {
      const parse = (value: unknown): unknown => (key === 'names' ? (JSON.parse(value as string) as unknown) : value);
      changes[key] = { from: parse(was[key]), to: parse(now[key]) };
    }
  }
  if (Object.keys(changes).length === 0) return { instrument: before, changes };

  // The status it was read with: a concurrent edit that listed or suspended it first wins, this one conflicts.
  const updated = await updateInstrumentIfStatus(trx, before.id, before.status, { ...next, updatedAt: nowMs });
  if (!updated) throw new AppError('CONFLICT');
  return { instrument: updated, changes };
}

/**
 * A new issue starts trading (the IPO's listing), in the caller's transaction: its instrument goes
 * from `ipo` to `listed`, and the listing day's bar opens at the issue price with nothing traded, so
 * the simulator starts the shares from that price (and gives them no invented history before it).
 * Call the market's `refreshInstruments()` after the commit. False when it was not a new issue.
 */
export async function listNewIssue(
  trx: Trx,
  input: { instrumentId: number; priceTicks: number; tradingDate: string; nowMs: number },
): Promise<boolean> {
  const listed = await updateInstrumentIfStatus(trx, input.instrumentId, 'ipo', {
    status: 'listed',
    updatedAt: input.nowMs,
  });
  if (!listed) return false;
  const price = input.priceTicks;
  await upsertBars(
    trx,
    'dailyBars',
    [
      {
        instrumentId: input.instrumentId,
        t: dateKey(input.tradingDate),
        open: price,
        high: price,
        low: price,
        close: price,
        volume: 0,
      },
    ],
    'extend',
  );
  return true;
}
