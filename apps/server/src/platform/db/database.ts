import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { bindSqliteConnection } from './sql-runner.ts';
import { checkFence } from './fence.ts';
import { Checkpointer, type CheckpointerOptions } from './checkpointer.ts';
import { LockedSqliteDialect, WriteLock } from './write-lock.ts';

export type Dialect = 'sqlite' | 'postgres';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL only: the schema the connection's search_path points at, when not the default. */
  schema?: string | undefined;
  /** SQLite only: the one better-sqlite3 connection (for group commit and prepared statements). */
  sqlite?: SQLite.Database | undefined;
  /** SQLite only: the database file (undefined in memory), for a thread that opens its own connection. */
  sqliteFile?: string | undefined;
  /**
   * SQLite file only: the write lock shared with the threads of this process that have their own
   * connection to the file (the order writer). Every use of `db` takes it.
   */
  writeLock?: WriteLock | undefined;
  /** SQLite file with `checkpoints: 'thread'`: the thread that checkpoints the WAL. */
  checkpointer?: Checkpointer | undefined;
  /**
   * SQLite only: a second, read-only connection for hot reads (a session, a stored answer). In WAL
   * mode it sees exactly what has been committed — never the writer's open transaction — and needs
   * no turn on the writer connection. Opened on first use; undefined for in-memory databases.
   */
  sqliteReader?: (() => SQLite.Database | undefined) | undefined;
  /**
   * Reads of what has been committed that never wait for a writer: on a SQLite file a Kysely
   * instance over the read-only connection (`sqliteReader`), elsewhere `db` itself. For hot reads
   * outside a transaction (the market list's rows, the exchanges of a quote), which would otherwise
   * wait behind the order writer's batch or a draw's chunk holding the write lock.
   */
  readDb: Kysely<Database>;
  /**
   * Runs `fn` in one transaction; on SQLite it takes the write lock at once (BEGIN IMMEDIATE). Under
   * a lease's fence (`db/fence.ts`: a scheduled job's run) it first checks the lease's fencing token.
   * On PostgreSQL a transaction that the server aborts as a deadlock's victim or for a serialization
   * failure is run again, `fn` from the start in a new transaction (`withConflictRetry`): so `fn`
   * keeps its effects in the database or in `afterCommit` hooks, never in state outside it.
   */
  transaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// BIGINT (int8) columns hold epoch milliseconds and minor units: always within 2^53, so parse them
// as numbers and refuse, loudly, anything that is not a safe integer.
pg.types.setTypeParser(20, (value: string) => {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`BIGINT ${value} is beyond the safe integer range`);
  return parsed;
});

export interface SqliteOptions {
  /** The write lock of the thread that shares the file with this one (a new one otherwise). */
  writeLock?: WriteLock;
  /**
   * Who checkpoints the WAL into the database file (docs/adr/0008-checkpointer-thread.md):
   * `connection` — this connection's commits, when the WAL has grown past ~40 MB (SQLite's own way);
   * `thread` — a checkpointer thread that this handle starts and stops; `elsewhere` — never this
   * connection, because the thread that shares the file has a checkpointer (the order writer's).
   */
  checkpoints?: 'connection' | 'thread' | 'elsewhere';
  /** With `checkpoints: 'thread'`: how often it looks and when it takes the write lock. */
  checkpointer?: CheckpointerOptions;
}

/**
 * Opens a SQLite database. A file database's connection is used under a write lock (a new one, or
 * the one of the thread that shares it: `writeLock`), so that threads of one process with their own
 * connections to the file take turns instead of meeting in SQLite's busy handler.
 */
export function openSqlite(file: string, options: SqliteOptions = {}): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SQLite(file);
  const checkpoints = file === ':memory:' ? 'connection' : (options.checkpoints ?? 'connection');
  configureSqliteConnection(connection, { autoCheckpoint: checkpoints === 'connection' });
  const writeLock = file === ':memory:' ? undefined : (options.writeLock ?? new WriteLock());
  const checkpointer =
    checkpoints === 'thread' && writeLock ? new Checkpointer(file, writeLock, options.checkpointer) : undefined;
  checkpointer?.start();
  const dialectConfig = { database: connection };
  const db = new Kysely<Database>({
    dialect: writeLock ? new LockedSqliteDialect(dialectConfig, writeLock) : new SqliteDialect(dialectConfig),
    plugins: [new CamelCasePlugin()],
  });
  let reader: SQLite.Database | undefined;
  const openReader = () => {
    if (!reader) {
      reader = new SQLite(file, { readonly: true, fileMustExist: true });
      reader.pragma('busy_timeout = 5000');
    }
    return reader;
  };
  const readDb =
    file === ':memory:'
      ? db
      : new Kysely<Database>({
          dialect: new SqliteDialect({ database: async () => openReader() }),
          plugins: [new CamelCasePlugin()],
        });
  return {
    db,
    readDb,
    dialect: 'sqlite',
    sqlite: connection,
    sqliteFile: file === ':memory:' ? undefined : file,
    writeLock,
    checkpointer,
    sqliteReader: () => (file === ':memory:' ? undefined : openReader()),
    // Kysely's SQLite driver has a single connection and serializes transactions on it; IMMEDIATE
    // takes the write lock up front so another process writing the same file cannot deadlock us.
    async transaction(fn) {
      return withCommitHooks((track) =>
        db.connection().execute(async (conn) => {
          bindSqliteConnection(conn, connection);
          await sql`BEGIN IMMEDIATE`.execute(conn);
          try {
            await checkFence(conn as unknown as Trx, 'sqlite');
            const result = await fn(track(conn as unknown as Trx));
            await sql`COMMIT`.execute(conn);
            return result;
          } catch (error) {
            await sql`ROLLBACK`.execute(conn);
            throw error;
          }
        }),
      );
    },
    close: async () => {
      await checkpointer?.close();
      if (readDb !== db) await readDb.destroy();
      reader?.close();
      await db.destroy();
    },
  };
}

/**
 * The settings every connection of ours to a SQLite file has, in whichever thread. `autoCheckpoint`
 * false: this connection's commits never checkpoint, because the checkpointer thread does it.
 */
export function configureSqliteConnection(connection: SQLite.Database, options: { autoCheckpoint: boolean }): void {
  // First: a connection opened while another of the process recovers the WAL after a crash (the
  // order writer's, a draw's) waits for it instead of failing with SQLITE_BUSY on the next pragma.
  connection.pragma('busy_timeout = 5000');
  connection.pragma('journal_mode = WAL');
  // Money is at stake: FULL makes every commit durable at the cost of an fsync per transaction.
  connection.pragma('synchronous = FULL');
  connection.pragma('foreign_keys = ON');
  // Temporary files in memory. The one that matters is the statement journal of a savepoint: group
  // commit (write-queue.ts) runs each order in its own savepoint, which copies every page the order
  // touches first; on disk that was ~100 KB of write system calls per order, a third of its cost.
  connection.pragma('temp_store = MEMORY');
  // A writing connection serves every request of its thread: give it a page cache that holds the
  // hot tables and indexes (64 MiB) instead of SQLite's 2 MiB default, so writes stop re-reading
  // evicted pages.
  connection.pragma('cache_size = -65536');
  // Without the checkpointer thread: checkpoint every ~40 MB of WAL instead of every 4 MB. Such a
  // checkpoint runs inside the COMMIT that crosses the mark, blocking that connection's thread for
  // tens of milliseconds; hot pages written many times in between — the system accounts, the tails
  // of the order and posting tables — are copied to the database once.
  connection.pragma(`wal_autocheckpoint = ${options.autoCheckpoint ? 10_000 : 0}`);
}

export function openPostgres(url: string, options: { schema?: string; max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  return {
    db,
    readDb: db,
    dialect: 'postgres',
    schema: options.schema,
    transaction: (fn) =>
      withConflictRetry(() =>
        withCommitHooks((track) =>
          db.transaction().execute(async (trx) => {
            await checkFence(trx, 'postgres');
            return fn(track(trx));
          }),
        ),
      ),
    close: () => db.destroy(),
  };
}

export function openDatabase(config: {
  DATABASE_URL?: string | undefined;
  sqliteFile: string;
  SQLITE_CHECKPOINT_THREAD: boolean;
}): DatabaseHandle {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openSqlite(config.sqliteFile, { checkpoints: config.SQLITE_CHECKPOINT_THREAD ? 'thread' : 'connection' });
}

/**
 * PostgreSQL's answers that mean "nothing was done, run the transaction again": deadlock_detected
 * (40P01: two transactions waited on each other's row locks and the server aborted one of them) and
 * serialization_failure (40001).
 */
export function isRetryableConflict(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return code === '40P01' || code === '40001';
}

/** Attempts of a transaction aborted by a deadlock or a serialization failure, the first included. */
export const CONFLICT_ATTEMPTS = 5;

/**
 * Runs `attempt` again when PostgreSQL aborted it as a deadlock's victim or for a serialization
 * failure, after a short random pause that grows with each try (so the two sides of a deadlock do
 * not meet again), up to CONFLICT_ATTEMPTS in all; any other error, or the last conflict, is thrown.
 * A movement takes its accounts' locks in id order, but a transaction with several movements (a loan
 * repayment after the interest it accrues first) takes one movement's locks before the next one's,
 * so two such transactions can lock the shared system accounts in opposite orders: the server then
 * aborts one, which runs again here instead of answering 500.
 */
export async function withConflictRetry<T>(
  attempt: () => Promise<T>,
  pause: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRetryableConflict(error) || tries >= CONFLICT_ATTEMPTS) throw error;
      await pause(Math.round((5 + Math.random() * 20) * 2 ** (tries - 1)));
    }
  }
}

/** The work to run once each open transaction (of `DatabaseHandle.transaction`) has committed. */
const commitHooks = new WeakMap<object, Array<() => void>>();

/**
 * Runs `hook` once the transaction `db` belongs to has committed, and never if it rolls back (a live
 * event about a change must not announce a change that did not happen). Outside a transaction (`db`
 * is the pool) there is nothing to wait for: it runs at once. A hook that throws is reported on the
 * console and does not undo the commit or stop the other hooks.
 */
export function afterCommit(db: Db | Trx, hook: () => void): void {
  const hooks = commitHooks.get(db);
  if (hooks) hooks.push(hook);
  else runHook(hook);
}

function runHook(hook: () => void) {
  try {
    hook();
  } catch (error) {
    console.error('after-commit hook failed', error);
  }
}

/**
 * For a transaction that is not `DatabaseHandle.transaction`'s (a write queue's unit, in its
 * batch): from now on `afterCommit(trx, …)` collects into the list returned, which the caller runs
 * with `runCommitHooks` once its COMMIT returned (or drops on a rollback); `endCommitHooks` stops
 * the collecting.
 */
export function beginCommitHooks(trx: object): Array<() => void> {
  const hooks: Array<() => void> = [];
  commitHooks.set(trx, hooks);
  return hooks;
}

export function endCommitHooks(trx: object): void {
  commitHooks.delete(trx);
}

export function runCommitHooks(hooks: ReadonlyArray<() => void>): void {
  for (const hook of hooks) runHook(hook);
}

/** Runs one transaction with a list of after-commit hooks for its `Trx`, then runs them if it committed. */
async function withCommitHooks<T>(run: (track: (trx: Trx) => Trx) => Promise<T>): Promise<T> {
  const hooks: Array<() => void> = [];
  let tracked: Trx | undefined;
  try {
    const result = await run((trx) => {
      tracked = trx;
      commitHooks.set(trx, hooks);
      return trx;
    });
    for (const hook of hooks) runHook(hook);
    return result;
  } finally {
    if (tracked) commitHooks.delete(tracked);
  }
}

/** True when a database error is a unique-constraint violation, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A CHECK constraint refused the row (e.g. a user account's balance going below zero). */
export function isCheckViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: string };
  return e.code === '23514' || e.code === 'SQLITE_CONSTRAINT_CHECK';
}
