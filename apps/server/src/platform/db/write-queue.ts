import type SQLite from 'better-sqlite3';
import { beginCommitHooks, endCommitHooks, runCommitHooks, type DatabaseHandle, type Trx } from './database.ts';
import { bindSqliteConnection } from './sql-runner.ts';

interface QueuedWork {
  work: (trx: Trx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

interface ControlStatements {
  begin: SQLite.Statement;
  savepoint: SQLite.Statement;
  release: SQLite.Statement;
  rollbackTo: SQLite.Statement;
  commit: SQLite.Statement;
}

export interface WriteQueueStats {
  batches: number;
  items: number;
  largestBatch: number;
}

/**
 * Group commit for SQLite (docs/adr/0006-group-commit-for-orders.md). With `synchronous=FULL` every
 * COMMIT waits for an fsync; one transaction per order would spend most of its time there. Work
 * queued here runs in batches: one BEGIN IMMEDIATE … COMMIT (one fsync) for up to `maxBatch` units,
 * each inside its own SAVEPOINT, so a unit that fails is rolled back alone and the others still
 * commit. A unit's promise settles only after the batch's COMMIT has returned — durable, as if it
 * had had its own transaction. On PostgreSQL each unit simply gets its own transaction (the pool
 * runs them concurrently and the server does its own group commit; a unit aborted as a deadlock's
 * victim runs again from the start, see `DatabaseHandle.transaction`).
 *
 * A unit must do all its database work through the `trx` it is given (never `db` or another
 * transaction: that would wait for the connection this batch holds). Its `afterCommit(trx, …)`
 * hooks run after the batch's COMMIT, before its promise settles; a unit rolled back to its
 * savepoint drops its own.
 */
export class WriteQueue {
  private queue: QueuedWork[] = [];
  private draining = false;
  readonly stats: WriteQueueStats = { batches: 0, items: 0, largestBatch: 0 };

  constructor(
    private readonly database: DatabaseHandle,
    private readonly options: { maxBatch: number } = { maxBatch: 25 },
  ) {}

  /** Runs `work` in a transaction (shared with other queued work on SQLite); resolves after commit. */
  run<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    if (!this.database.sqlite) return this.database.transaction(work);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        work,
        resolve: resolve as (value: unknown) => void,
        reject,
        settled: false,
      });
      if (!this.draining) {
        this.draining = true;
        // Let every request read in this turn of the event loop join the first batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.options.maxBatch);
        this.stats.batches += 1;
        this.stats.items += batch.length;
        this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
        await this.runBatch(batch);
      }
    } finally {
      this.draining = false;
      // Work queued while the last batch was finishing gets a new drain.
      if (this.queue.length > 0) {
        this.draining = true;
        setImmediate(() => void this.drain());
      }
    }
  }

  private control: { connection: SQLite.Database; statements: ControlStatements } | null = null;

  /** BEGIN, SAVEPOINT, RELEASE, ROLLBACK TO and COMMIT, prepared once (they run for every order). */
  private controlStatements(connection: SQLite.Database): ControlStatements {
    if (this.control?.connection !== connection) {
      this.control = {
        connection,
        statements: {
          begin: connection.prepare('BEGIN IMMEDIATE'),
          savepoint: connection.prepare('SAVEPOINT queued_unit'),
          release: connection.prepare('RELEASE queued_unit'),
          rollbackTo: connection.prepare('ROLLBACK TO queued_unit'),
          commit: connection.prepare('COMMIT'),
        },
      };
    }
    return this.control.statements;
  }

  private async runBatch(batch: QueuedWork[]): Promise<void> {
    const connection = this.database.sqlite;
    if (!connection) throw new Error('group commit needs a SQLite connection');
    const control = this.controlStatements(connection);
    const done: Array<{ unit: QueuedWork; value: unknown; hooks: Array<() => void> }> = [];
    try {
      await this.database.db.connection().execute(async (conn) => {
        bindSqliteConnection(conn, connection);
        control.begin.run();
        try {
          for (const unit of batch) {
            control.savepoint.run();
            const hooks = beginCommitHooks(conn);
            try {
              const value = await unit.work(conn as unknown as Trx);
              control.release.run();
              done.push({ unit, value, hooks });
            } catch (error) {
              // Some errors (I/O, disk full) end the whole transaction: then the batch fails as one.
              if (!connection.inTransaction) throw error;
              control.rollbackTo.run();
              control.release.run();
              unit.settled = true;
              unit.reject(error);
            }
          }
          control.commit.run();
        } catch (error) {
          if (connection.inTransaction) connection.exec('ROLLBACK');
          throw error;
        } finally {
          endCommitHooks(conn);
        }
      });
    } catch (error) {
      // Nothing of this batch was committed: every unit not yet answered fails with the cause.
      for (const unit of batch) {
        if (!unit.settled) {
          unit.settled = true;
          unit.reject(error);
        }
      }
      return;
    }
    for (const { unit, value, hooks } of done) {
      runCommitHooks(hooks);
      unit.settled = true;
      unit.resolve(value);
    }
  }
}
