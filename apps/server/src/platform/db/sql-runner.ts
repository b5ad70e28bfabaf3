import type SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { invariant } from '../errors.ts';
import type { DatabaseHandle, Db, Trx } from './database.ts';

/**
 * Plain SQL with positional `?` parameters, run inside a transaction — for the few hot paths (the
 * ledger's postings, order placement) where building every query through Kysely costs more than
 * the database work itself. On SQLite the statement is prepared once per connection and reused
 * (better-sqlite3, same connection and transaction as the caller's Kysely `trx`); on PostgreSQL it
 * goes through the transaction's own connection. Column names are aliased to camelCase in the SQL
 * (`balance_minor as "balanceMinor"`) so both dialects return the same row shape.
 */
export type SqlValue = string | number | null;

export interface SqlRunner {
  readonly dialect: 'sqlite' | 'postgres';
  /** `' for update'` on PostgreSQL (row locks); empty on SQLite, whose writers are serialized. */
  readonly forUpdate: string;
  get<T>(text: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  all<T>(text: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** Runs a write; returns the number of rows it changed. */
  run(text: string, params?: readonly SqlValue[]): Promise<number>;
}

const sqliteOfExecutor = new WeakMap<object, SQLite.Database>();
const statementCache = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();
const runnerCache = new WeakMap<object, SqlRunner>();
const pgTextCache = new Map<string, string>();

/** Records that a Kysely executor (a transaction's connection) is this better-sqlite3 connection. */
export function bindSqliteConnection(executor: object, connection: SQLite.Database): void {
  sqliteOfExecutor.set(executor, connection);
}

function prepared(connection: SQLite.Database, text: string): SQLite.Statement {
  let cache = statementCache.get(connection);
  if (!cache) {
    cache = new Map();
    statementCache.set(connection, cache);
  }
  let statement = cache.get(text);
  if (!statement) {
    statement = connection.prepare(text);
    cache.set(text, statement);
  }
  return statement;
}

class SqliteRunner implements SqlRunner {
  readonly dialect = 'sqlite' as const;
  readonly forUpdate = '';
  constructor(private readonly connection: SQLite.Database) {}

  private statement(text: string): SQLite.Statement {
    // Outside a transaction another caller's open transaction on this one connection could be
    // observed half-done; every use here is inside one.
    invariant(this.connection.inTransaction, 'prepared statements run inside a transaction');
    return prepared(this.connection, text);
  }

  get<T>(text: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    return Promise.resolve(this.statement(text).get(...params) as T | undefined);
  }

  all<T>(text: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return Promise.resolve(this.statement(text).all(...params) as T[]);
  }

  run(text: string, params: readonly SqlValue[] = []): Promise<number> {
    return Promise.resolve(this.statement(text).run(...params).changes);
  }
}

function toPgText(text: string): string {
  let converted = pgTextCache.get(text);
  if (converted === undefined) {
    let n = 0;
    converted = text.replace(/\?/g, () => `$${++n}`);
    pgTextCache.set(text, converted);
  }
  return converted;
}

class KyselyRunner implements SqlRunner {
  constructor(
    private readonly executor: Db | Trx,
    readonly dialect: 'sqlite' | 'postgres',
  ) {}

  get forUpdate() {
    return this.dialect === 'postgres' ? ' for update' : '';
  }

  private async execute<T>(text: string, params: readonly SqlValue[]) {
    const query = CompiledQuery.raw(this.dialect === 'postgres' ? toPgText(text) : text, [...params]);
    return this.executor.executeQuery<T>(query);
  }

  async get<T>(text: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    return (await this.execute<T>(text, params)).rows[0];
  }

  async all<T>(text: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return (await this.execute<T>(text, params)).rows;
  }

  async run(text: string, params: readonly SqlValue[] = []): Promise<number> {
    const result = await this.execute(text, params);
    return Number(result.numAffectedRows ?? 0n);
  }
}

/** The runner for a transaction (or, outside hot paths, any executor) of the given dialect. */
export function sqlRunner(executor: Db | Trx, dialect: 'sqlite' | 'postgres'): SqlRunner {
  let runner = runnerCache.get(executor);
  if (!runner) {
    const connection = dialect === 'sqlite' ? sqliteOfExecutor.get(executor) : undefined;
    runner = connection ? new SqliteRunner(connection) : new KyselyRunner(executor, dialect);
    runnerCache.set(executor, runner);
  }
  return runner;
}

/** Prepared statements on the read-only connection: committed data only, no transaction needed. */
class SqliteReadRunner implements SqlRunner {
  readonly dialect = 'sqlite' as const;
  readonly forUpdate = '';
  constructor(private readonly connection: SQLite.Database) {}

  get<T>(text: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    return Promise.resolve(prepared(this.connection, text).get(...params) as T | undefined);
  }

  all<T>(text: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return Promise.resolve(prepared(this.connection, text).all(...params) as T[]);
  }

  run(): Promise<number> {
    throw new Error('the read connection does not write');
  }
}

const readRunners = new WeakMap<SQLite.Database, SqlRunner>();

/**
 * A runner for reads outside any transaction that must not wait for the writer: on SQLite the
 * read-only connection (committed data, prepared statements); otherwise Kysely's pool.
 */
export function readRunner(database: DatabaseHandle): SqlRunner {
  const connection = database.sqliteReader?.();
  if (!connection) return sqlRunner(database.db, database.dialect);
  let runner = readRunners.get(connection);
  if (!runner) {
    runner = new SqliteReadRunner(connection);
    readRunners.set(connection, runner);
  }
  return runner;
}

/** `?, ?, ?` for an IN list of `count` values. */
export function placeholders(count: number): string {
  invariant(count > 0, 'an IN list needs at least one value');
  return new Array<string>(count).fill('?').join(', ');
}

// ── many rows at once (a draw settles a hundred thousand subscriptions) ────────────────────────────

/** `?` placeholders numbered `$1, $2, …` for PostgreSQL (the texts here hold no literal `?`). */
function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/** Rows per statement on PostgreSQL (as arrays: the size of a parameter, not its count, grows). */
const PG_ARRAY_ROWS = 5_000;

/**
 * On SQLite many rows travel as one JSON parameter, an array of rows each an array of values, read
 * back by `json_each`: one statement however many rows, instead of one call into SQLite per row (the
 * call, not SQLite's work, was most of the cost). `value->>k` is the row's k-th value as SQL
 * (integers stay integers, text text, null null).
 */
function jsonRows(rows: ReadonlyArray<readonly SqlValue[]>): string {
  return JSON.stringify(rows);
}

export interface BulkColumn {
  name: string;
  /** The SQL type the value is cast to on PostgreSQL (its VALUES table has no types of its own). */
  type: 'bigint' | 'integer' | 'text';
  /** How the value is assigned, `?` standing for it (default `name = ?`), e.g. `balance_minor = balance_minor + ?`. */
  assign?: string;
  /** Not assigned: the row is changed only where the column already has this value. */
  match?: boolean;
}

/**
 * Updates many rows of `table` by id, each with its own values: `rows` are `[id, ...values]` in the
 * order of `columns`, each id once; `where` (optional, unqualified columns of `table`) must also hold.
 * On SQLite one statement joining the rows of a JSON parameter on the id; on PostgreSQL one statement
 * per 5,000 rows joining the `unnest` of one array per column on the id. Returns the rows changed.
 * `table`, `columns` and `where` are the caller's constants, never input.
 */
export async function updateManyById(
  trx: Trx,
  dialect: 'sqlite' | 'postgres',
  table: string,
  columns: readonly BulkColumn[],
  rows: ReadonlyArray<readonly SqlValue[]>,
  where?: string,
): Promise<number> {
  if (rows.length === 0) return 0;
  const run = sqlRunner(trx, dialect);
  const assign = (column: BulkColumn, value: string) => (column.assign ?? `${column.name} = ?`).replace('?', value);
  const matches = columns.filter((column) => column.match);
  // One row per id: joined on the id, a second row for the same id would be ignored, not applied.
  invariant(new Set(rows.map((row) => row[0])).size === rows.length, `each row of ${table} is updated once`);
  let changed = 0;
  if (dialect === 'sqlite') {
    // One statement: the rows as a table (`v`) from the JSON parameter, joined on the id (the plan
    // scans `v` and finds each row by its primary key). `where`'s columns are the table's (`v`'s are
    // named `vid`, `c1`, … so nothing is ambiguous).
    const text = `update ${table} set ${columns
      .flatMap((column, k) => (column.match ? [] : [assign(column, `v.c${k + 1}`)]))
      .join(', ')} from (select value->>0 as vid, ${columns
      .map((_, k) => `value->>${k + 1} as c${k + 1}`)
      .join(', ')} from json_each(?)) as v where ${table}.id = v.vid${matches
      .map((column) => ` and ${table}.${column.name} = v.c${columns.indexOf(column) + 1}`)
      .join('')}${where ? ` and ${where}` : ''}`;
    return run.run(text, [jsonRows(rows)]);
  }
  // PostgreSQL: one array per column, `unnest`ed into a table joined on the id — a statement of a
  // few parameters however many rows (no thousands of values to parse and plan).
  const aliases = ['column1', ...columns.map((_, k) => `column${k + 2}`)].join(', ');
  const arrays = ['cast(? as bigint[])', ...columns.map((column) => `cast(? as ${column.type}[])`)].join(', ');
  const assigned = columns
    .flatMap((column, k) => (column.match ? [] : [assign(column, `v.column${k + 2}`)]))
    .join(', ');
  const matched = columns
    .flatMap((column, k) => (column.match ? [` and ${table}.${column.name} = v.column${k + 2}`] : []))
    .join('');
  const text = numbered(`update ${table} set ${assigned} from unnest(${arrays}) as v(${aliases})
     where ${table}.id = v.column1${matched}${where ? ` and ${table}.${where}` : ''}`);
  for (let i = 0; i < rows.length; i += PG_ARRAY_ROWS) {
    const part = rows.slice(i, i + PG_ARRAY_ROWS);
    const params = [0, ...columns.map((_, k) => k + 1)].map((k) => part.map((row) => row[k] ?? null));
    const result = await trx.executeQuery(CompiledQuery.raw(text, params));
    changed += Number(result.numAffectedRows ?? 0n);
  }
  return changed;
}

/**
 * The rows whose id is one of `ids`, however many: `select` is the statement up to its WHERE (the
 * caller's constant; columns aliased to camelCase as everywhere here). On SQLite one statement over a
 * JSON parameter (`json_each`), on PostgreSQL one array parameter (`= any`); no order promised.
 */
export async function selectManyById<R>(
  executor: Db | Trx,
  dialect: 'sqlite' | 'postgres',
  select: string,
  ids: readonly number[],
): Promise<R[]> {
  if (ids.length === 0) return [];
  if (dialect === 'sqlite') {
    return sqlRunner(executor, dialect).all<R>(`${select} where id in (select value from json_each(?))`, [
      JSON.stringify(ids),
    ]);
  }
  const result = await executor.executeQuery<R>(
    CompiledQuery.raw(`${select} where id = any(cast($1 as bigint[]))`, [[...ids]]),
  );
  return result.rows;
}

/**
 * Inserts many rows (`values` in the order of `columns`): on SQLite one statement selecting them from
 * a JSON parameter, in their order; on PostgreSQL one statement per 5,000 rows (`unnest` of one
 * array per column). With `returning`, answers those columns of every inserted
 * row (in no promised order: callers match them by a unique column).
 */
export async function insertMany<R = never>(
  trx: Db | Trx,
  dialect: 'sqlite' | 'postgres',
  table: string,
  columns: readonly string[],
  /** Each column's SQL type (PostgreSQL receives the rows as one typed array per column). */
  types: readonly BulkColumn['type'][],
  rows: ReadonlyArray<readonly SqlValue[]>,
  returning?: string,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const suffix = returning ? ` returning ${returning}` : '';
  if (dialect === 'sqlite') {
    // One statement: the rows selected from the JSON parameter, inserted in their order.
    const run = sqlRunner(trx, dialect);
    const text = `insert into ${table} (${columns.join(', ')}) select ${columns
      .map((_, k) => `value->>${k}`)
      .join(', ')} from json_each(?)${suffix}`;
    if (returning) return run.all<R>(text, [jsonRows(rows)]);
    await run.run(text, [jsonRows(rows)]);
    return [];
  }
  const answered: R[] = [];
  // PostgreSQL: one array per column, `unnest`ed: a few parameters however many rows.
  const text = numbered(
    `insert into ${table} (${columns.join(', ')}) select * from unnest(${types
      .map((type) => `cast(? as ${type}[])`)
      .join(', ')})${suffix}`,
  );
  for (let i = 0; i < rows.length; i += PG_ARRAY_ROWS) {
    const part = rows.slice(i, i + PG_ARRAY_ROWS);
    const params = columns.map((_, k) => part.map((row) => row[k] ?? null));
    answered.push(...(await trx.executeQuery<R>(CompiledQuery.raw(text, params))).rows);
  }
  return answered;
}
