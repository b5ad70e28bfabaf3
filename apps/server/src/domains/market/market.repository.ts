import { sql } from 'kysely';
import type { Db, Trx } from '../../platform/db/database.ts';
import type { Insertable, Updateable } from 'kysely';
import type {
  Bar,
  BarsTable,
  FavoritesTable,
  Instrument,
  InstrumentsTable,
  MarketImportsTable,
} from '../../platform/db/schema.ts';
import { placeholders, type SqlRunner } from '../../platform/db/sql-runner.ts';

/** SQL of the market domain only. */

export function findInstrumentByCode(db: Db | Trx, code: string): Promise<Instrument | undefined> {
  return db.selectFrom('instruments').selectAll().where('code', '=', code).executeTakeFirst();
}

/** The instruments with these ids (any status). */
export function findInstrumentsByIds(db: Db | Trx, ids: readonly number[]): Promise<Instrument[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('instruments').selectAll().where('id', 'in', ids).execute();
}

export function listInstruments(db: Db | Trx): Promise<Instrument[]> {
  return db.selectFrom('instruments').selectAll().orderBy('code').execute();
}

/** Bars of one instrument in [fromMs, toMs], oldest first. */
export function findBars(
  db: Db,
  table: 'minuteBars' | 'dailyBars',
  range: { instrumentId: number; fromMs: number; toMs: number },
): Promise<Bar[]> {
  return db
    .selectFrom(table)
    .selectAll()
    .where('instrumentId', '=', range.instrumentId)
    .where('t', '>=', range.fromMs)
    .where('t', '<=', range.toMs)
    .orderBy('t')
    .execute();
}

/** Escapes LIKE wildcards so `%` and `_` in a search match themselves. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Instruments whose code, name, translated names or pinyin contain the text (case-insensitive),
 * best matches first: exact code, code prefix, then the rest by code.
 */
export function searchInstruments(db: Db, text: string, limit: number): Promise<Instrument[]> {
  const pattern = likeContains(text.toLowerCase());
  const upper = text.toUpperCase();
  const prefix = `${upper.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return (
    db
      .selectFrom('instruments')
      .selectAll()
      .where((eb) =>
        eb.or([
          sql<boolean>`lower(code) like ${pattern} escape '\\'`,
          sql<boolean>`lower(name) like ${pattern} escape '\\'`,
          sql<boolean>`lower(names) like ${pattern} escape '\\'`,
          sql<boolean>`pinyin like ${pattern} escape '\\'`,
        ]),
      )
      // A new issue (status `ipo`) is found in the IPO calendar, not in the market search.
      .where('status', '!=', 'ipo')
      .orderBy(sql`case when code = ${upper} then 0 when code like ${prefix} escape '\\' then 1 else 2 end`)
      .orderBy('code')
      .limit(limit)
      .execute()
  );
}

export function listFavorites(db: Db | Trx, userId: number) {
  return db
    .selectFrom('favorites')
    .innerJoin('instruments', 'instruments.id', 'favorites.instrumentId')
    .selectAll('instruments')
    .select('favorites.position')
    .where('favorites.userId', '=', userId)
    .orderBy('favorites.position')
    .orderBy('instruments.code')
    .execute();
}

/** The console's list: instruments matching the text (code, names, pinyin) and status, by code. */
/** The position of this instrument among the user's favorites, if it is one. */
export function findFavorite(db: Db | Trx, userId: number, instrumentId: number) {
  return db
    .selectFrom('favorites')
    .select('position')
    .where('userId', '=', userId)
    .where('instrumentId', '=', instrumentId)
    .executeTakeFirst();
}

/** How many favorites the user has and the last position taken (null when none). */
export function favoritesExtent(db: Db | Trx, userId: number) {
  return db
    .selectFrom('favorites')
    .select(({ fn }) => [fn.countAll<number>().as('count'), fn.max('position').as('last')])
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function insertFavorite(db: Db | Trx, favorite: Insertable<FavoritesTable>): Promise<void> {
  await db.insertInto('favorites').values(favorite).execute();
}

export async function deleteFavorite(db: Db | Trx, userId: number, instrumentId: number): Promise<void> {
  await db.deleteFrom('favorites').where('userId', '=', userId).where('instrumentId', '=', instrumentId).execute();
}

export async function setFavoritePosition(
  db: Db | Trx,
  userId: number,
  instrumentId: number,
  position: number,
): Promise<void> {
  await db
    .updateTable('favorites')
    .set({ position })
    .where('userId', '=', userId)
    .where('instrumentId', '=', instrumentId)
    .execute();
}

export async function findInstrumentsPage(
  db: Db,
  filter: { q?: string | undefined; status?: string | undefined; limit: number; offset: number },
): Promise<{ rows: Instrument[]; total: number }> {
  let query = db.selectFrom('instruments');
  if (filter.q) {
    const pattern = likeContains(filter.q.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(code) like ${pattern} escape '\\'`,
        sql<boolean>`lower(name) like ${pattern} escape '\\'`,
        sql<boolean>`lower(names) like ${pattern} escape '\\'`,
        sql<boolean>`pinyin like ${pattern} escape '\\'`,
      ]),
    );
  }
  if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('code').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export interface DailyHistory {
  dailyBars: number;
  firstT: number;
  lastT: number;
  lastClose: number;
}

/** Per instrument: how many daily bars, the first and last bar's time, and the last close. */
export async function dailyHistory(db: Db | Trx, instrumentIds: readonly number[]): Promise<Map<number, DailyHistory>> {
  if (instrumentIds.length === 0) return new Map();
  const stats = db
    .selectFrom('dailyBars')
    .select((eb) => [
      'instrumentId',
      eb.fn.countAll<number>().as('dailyBars'),
      eb.fn.min('t').as('firstT'),
      eb.fn.max('t').as('lastT'),
    ])
    .where('instrumentId', 'in', [...instrumentIds])
    .groupBy('instrumentId')
    .as('s');
  const rows = await db
    .selectFrom(stats)
    .innerJoin('dailyBars as d', (join) =>
      join.onRef('d.instrumentId', '=', 's.instrumentId').onRef('d.t', '=', 's.lastT'),
    )
    .select(['s.instrumentId', 's.dailyBars', 's.firstT', 's.lastT', 'd.close'])
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.instrumentId),
      {
        dailyBars: Number(row.dailyBars),
        firstT: Number(row.firstT),
        lastT: Number(row.lastT),
        lastClose: Number(row.close),
      },
    ]),
  );
}

export async function countMinuteBars(db: Db, instrumentId: number): Promise<number> {
  const row = await db
    .selectFrom('minuteBars')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('instrumentId', '=', instrumentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The latest history imports of an instrument, newest first, with the importing operator's name. */
export function listImports(db: Db, instrumentId: number, limit: number) {
  return db
    .selectFrom('marketImports as i')
    .leftJoin('operators as o', 'o.id', 'i.operatorId')
    .select([
      'i.id',
      'i.fileName',
      'i.fileSha256',
      'i.interval',
      'i.rowsTotal',
      'i.firstT',
      'i.lastT',
      'i.createdAt',
      'o.username',
    ])
    .where('i.instrumentId', '=', instrumentId)
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
}

/** The fields an order needs of an instrument. */
export interface TradableInstrument {
  id: number;
  code: string;
  name: string;
  lotSize: number;
  status: string;
  tradingEnabled: number;
  /** `index` is never quoted for an order or traded (assertInstrumentTradable). */
  board: string;
  /** Where it is listed: its calendar settles a sale (T+1). */
  exchange: string;
}

const TRADABLE_COLUMNS = `id, code, name, lot_size as "lotSize", status, trading_enabled as "tradingEnabled", board, exchange`;

export function findTradableByCode(run: SqlRunner, code: string): Promise<TradableInstrument | undefined> {
  return run.get<TradableInstrument>(`select ${TRADABLE_COLUMNS} from instruments where code = ?`, [code]);
}

export function findTradableById(run: SqlRunner, id: number): Promise<TradableInstrument | undefined> {
  return run.get<TradableInstrument>(`select ${TRADABLE_COLUMNS} from instruments where id = ?`, [id]);
}

/** Code, name and exchange of the instruments with these ids (at least one id). */
export function findLabels(
  run: SqlRunner,
  ids: readonly number[],
): Promise<Array<{ id: number; code: string; name: string; exchange: string }>> {
  return run.all(`select id, code, name, exchange from instruments where id in (${placeholders(ids.length)})`, [
    ...ids,
  ]);
}

// ── bars, imports and instruments: the simulator's, the importer's and the console's writes ─────────

/** Rows per INSERT: 7 parameters each, well inside SQLite's and PostgreSQL's limits. */
const INSERT_CHUNK = 1_000;

export type BarTable = 'minuteBars' | 'dailyBars';
export type NewBar = Insertable<BarsTable>;

/**
 * Inserts bars; a stored bar at the same time is overwritten completely (`replace`, a file's bars) or
 * merged (`extend`, a bar still forming): the stored open is kept, high and low take the wider of the
 * two, close the new one and volume the larger. Merging, not overwriting, keeps every stored bar
 * inside its range when two writers formed the same minute — the instance that lost the market lease
 * flushing its bar while the one that took it over writes its own from another open.
 */
export async function upsertBars(
  db: Db | Trx,
  table: BarTable,
  rows: readonly NewBar[],
  mode: 'replace' | 'extend',
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .onConflict((oc) =>
        oc.columns(['instrumentId', 't']).doUpdateSet((eb) => {
          const wider = (column: 'high' | 'low' | 'volume', op: '>' | '<') =>
            eb
              .case()
              .when(eb.ref(`excluded.${column}`), op, eb.ref(`${table}.${column}`))
              .then(eb.ref(`excluded.${column}`))
              .else(eb.ref(`${table}.${column}`))
              .end();
          return mode === 'replace'
            ? {
                open: eb.ref('excluded.open'),
                high: eb.ref('excluded.high'),
                low: eb.ref('excluded.low'),
                close: eb.ref('excluded.close'),
                volume: eb.ref('excluded.volume'),
              }
            : {
                high: wider('high', '>'),
                low: wider('low', '<'),
                close: eb.ref('excluded.close'),
                volume: wider('volume', '>'),
              };
        }),
      )
      .execute();
  }
}

/** Inserts bars that are known to be new (a back-fill of an instrument without history). */
export async function insertBars(db: Db | Trx, table: BarTable, rows: readonly NewBar[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

/** The times of the stored bars in [fromT, toT]. */
export function barTimesBetween(db: Db | Trx, table: BarTable, instrumentId: number, fromT: number, toT: number) {
  return db
    .selectFrom(table)
    .select('t')
    .where('instrumentId', '=', instrumentId)
    .where('t', '>=', fromT)
    .where('t', '<=', toT)
    .execute();
}

/** The minute bars in [fromT, toT), oldest first. */
export function minuteBarsFrom(db: Db | Trx, instrumentId: number, fromT: number, toT: number): Promise<Bar[]> {
  return db
    .selectFrom('minuteBars')
    .selectAll()
    .where('instrumentId', '=', instrumentId)
    .where('t', '>=', fromT)
    .where('t', '<', toT)
    .orderBy('t')
    .execute();
}

/** The newest `limit` bars of an instrument, newest first. */
export function latestBars(db: Db | Trx, table: BarTable, instrumentId: number, limit: number): Promise<Bar[]> {
  return db
    .selectFrom(table)
    .selectAll()
    .where('instrumentId', '=', instrumentId)
    .orderBy('t', 'desc')
    .limit(limit)
    .execute();
}

/** True when the instrument has any daily bar. */
export async function hasDailyBars(db: Db | Trx, instrumentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('dailyBars')
    .select('t')
    .where('instrumentId', '=', instrumentId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertMarketImport(db: Db | Trx, row: Insertable<MarketImportsTable>): Promise<void> {
  await db.insertInto('marketImports').values(row).execute();
}

/** What the simulator needs of every instrument, in id order. */
export function simulatedInstruments(db: Db | Trx) {
  return db
    .selectFrom('instruments')
    .select([
      'id',
      'code',
      'lotSize',
      'status',
      'source',
      'startPriceTicks',
      'driftBp',
      'volatilityBp',
      'simSeed',
      'exchange',
      'sharesOutstanding',
    ])
    .orderBy('id')
    .execute();
}

export function insertInstrumentRow(trx: Trx, row: Insertable<InstrumentsTable>): Promise<Instrument> {
  return trx.insertInto('instruments').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Updates an instrument if its status is still `status` (undefined when another edit came first). */
export function updateInstrumentIfStatus(
  trx: Trx,
  id: number,
  status: string,
  changes: Updateable<InstrumentsTable>,
): Promise<Instrument | undefined> {
  return trx
    .updateTable('instruments')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', status)
    .returningAll()
    .executeTakeFirst();
}

/** Every favorite row of one investor, for their data export. */
export function favoritesOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('favorites').selectAll().where('userId', '=', userId).orderBy('position').execute();
}

/** The exchanges with their zones and sessions, in the catalogue's order. */
export function listExchanges(db: Db | Trx) {
  return db.selectFrom('exchanges').selectAll().orderBy('position').execute();
}

/** One exchange, locked for a change on PostgreSQL. */
export function findExchangeForUpdate(trx: Trx, dialect: 'sqlite' | 'postgres', code: string) {
  const query = trx.selectFrom('exchanges').selectAll().where('code', '=', code);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Sets an exchange's sessions and zone. */
export async function updateExchangeHours(
  trx: Trx,
  code: string,
  values: { hours: string; timeZone: string },
): Promise<void> {
  await trx.updateTable('exchanges').set(values).where('code', '=', code).execute();
}
