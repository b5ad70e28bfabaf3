import type { DatabaseConnection, Driver, QueryCompiler, TransactionSettings } from 'kysely';
import { SqliteDialect, type SqliteDialectConfig } from 'kysely';

/**
 * The right to use a SQLite database's write side, shared by the threads of one process that each
 * hold their own connection to the same file (docs/adr/0007-order-writer-thread.md): the main
 * thread's Kysely connection and the order writer thread's. SQLite lets one connection write at a
 * time and makes the others wait in its busy handler — a sleep that, on the main thread, would stop
 * every request. Taking this lock first means that wait happens here, asynchronously.
 *
 * Shared memory holds the holder (0 when free) and the number of main-thread and checkpointer
 * waiters. Waiting uses `Atomics.waitAsync`, so neither of those threads is ever blocked while it
 * waits; only the checkpointer, which has nothing else to do, blocks. The checkpointer goes first (a
 * few milliseconds, once the WAL is long: checkpointer.ts), then the main thread: the order writer
 * takes the lock only when no main-thread caller is waiting (the main thread holds it briefly, for a
 * query or a short transaction; the writer holds it for a batch of orders). The holder is recorded,
 * so a thread that dies holding the lock can be cleared (`releaseIfHeldBy`).
 */
export class WriteLock {
  private readonly cells: Int32Array;

  /**
   * `holder`: this thread's id in the lock, 1 for the main thread, 2 for the order writer, 3 for the
   * checkpointer (checkpointer.ts), 4 for an IPO draw's thread (domains/ipo/draw-thread.ts).
   */
  constructor(
    readonly holder: number = MAIN,
    readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(12),
  ) {
    if (holder !== MAIN && holder !== WRITER && holder !== CHECKPOINTER && holder !== DRAW) {
      throw new RangeError('a write lock holder is 1 (main), 2 (writer), 3 (checkpointer) or 4 (draw)');
    }
    this.cells = new Int32Array(buffer);
  }

  /** Resolves when this thread holds the lock. Every acquire must be followed by one release. */
  async acquire(): Promise<void> {
    const main = this.holder === MAIN;
    if (main) Atomics.add(this.cells, MAIN_WAITING, 1);
    try {
      for (;;) {
        // Give way to the checkpointer, and (the order writer, a draw) to the main thread's waiting callers.
        const checkpointer = Atomics.load(this.cells, CHECKPOINTER_WAITING);
        if (checkpointer > 0) {
          await waitChange(this.cells, CHECKPOINTER_WAITING, checkpointer);
          continue;
        }
        if (!main) {
          const waiting = Atomics.load(this.cells, MAIN_WAITING);
          if (waiting > 0) {
            await waitChange(this.cells, MAIN_WAITING, waiting);
            continue;
          }
        }
        const current = Atomics.compareExchange(this.cells, HOLDER, FREE, this.holder);
        if (current === FREE) return;
        await waitChange(this.cells, HOLDER, current);
      }
    } finally {
      if (main) {
        Atomics.sub(this.cells, MAIN_WAITING, 1);
        Atomics.notify(this.cells, MAIN_WAITING);
      }
    }
  }

  /**
   * The checkpointer's way in: blocks this thread until it holds the lock (`Atomics.wait`), and goes
   * before everyone else — it holds the lock for a few milliseconds, and while it waits the WAL grows.
   */
  acquireBlocking(): void {
    if (this.holder !== CHECKPOINTER) throw new Error('only the checkpointer thread may block on the write lock');
    Atomics.add(this.cells, CHECKPOINTER_WAITING, 1);
    try {
      for (;;) {
        const current = Atomics.compareExchange(this.cells, HOLDER, FREE, this.holder);
        if (current === FREE) return;
        Atomics.wait(this.cells, HOLDER, current);
      }
    } finally {
      Atomics.sub(this.cells, CHECKPOINTER_WAITING, 1);
      Atomics.notify(this.cells, CHECKPOINTER_WAITING);
    }
  }

  release(): void {
    const previous = Atomics.compareExchange(this.cells, HOLDER, this.holder, FREE);
    if (previous !== this.holder) throw new Error('released a write lock this thread does not hold');
    Atomics.notify(this.cells, HOLDER);
  }

  /**
   * Frees the lock if `holder` (a thread that has died) holds it; true when it did. A dead
   * checkpointer may also have died waiting: its place at the head of the queue goes too, or
   * everyone else would wait for it for ever.
   */
  releaseIfHeldBy(holder: number): boolean {
    if (holder === CHECKPOINTER && Atomics.exchange(this.cells, CHECKPOINTER_WAITING, 0) !== 0) {
      Atomics.notify(this.cells, CHECKPOINTER_WAITING);
    }
    const cleared = Atomics.compareExchange(this.cells, HOLDER, holder, FREE) === holder;
    if (cleared) Atomics.notify(this.cells, HOLDER);
    return cleared;
  }

  /** The holder now: 0 when free. */
  get heldBy(): number {
    return Atomics.load(this.cells, HOLDER);
  }
}

export const MAIN = 1;
export const WRITER = 2;
export const CHECKPOINTER = 3;
export const DRAW = 4;
const FREE = 0;
const HOLDER = 0;
const MAIN_WAITING = 1;
const CHECKPOINTER_WAITING = 2;

/** Waits until the cell no longer holds `value` (or may not: callers look again). */
async function waitChange(cells: Int32Array, index: number, value: number): Promise<void> {
  const wait = Atomics.waitAsync(cells, index, value);
  if (wait.async) await wait.value;
}

/**
 * Kysely's SQLite dialect whose one connection is used only while the write lock is held: every
 * query, transaction and `db.connection()` of the thread waits its turn behind the other thread's
 * write, instead of sleeping in SQLite's busy handler.
 */
export class LockedSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly lock: WriteLock,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new LockedDriver(super.createDriver(), this.lock);
  }
}

class LockedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly lock: WriteLock,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Kysely's own mutex first (one user of the connection in this thread), then the other thread.
    const connection = await this.inner.acquireConnection();
    try {
      await this.lock.acquire();
    } catch (error) {
      await this.inner.releaseConnection(connection);
      throw error;
    }
    return connection;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.lock.release();
    await this.inner.releaseConnection(connection);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.savepoint) throw new Error('the SQLite driver has no savepoints');
    return this.inner.savepoint(connection, name, compile);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('the SQLite driver has no savepoints');
    return this.inner.rollbackToSavepoint(connection, name, compile);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('the SQLite driver has no savepoints');
    return this.inner.releaseSavepoint(connection, name, compile);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
