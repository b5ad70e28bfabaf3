import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckpointRun } from './checkpointer.ts';
import { openSqlite, type DatabaseHandle } from './database.ts';
import { CHECKPOINTER, WriteLock } from './write-lock.ts';

const PAGE = 4096;
let dirs: string[] = [];
let handles: DatabaseHandle[] = [];

afterEach(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
  handles = [];
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function open(options: Parameters<typeof openSqlite>[1]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bourse-ckpt-'));
  dirs.push(dir);
  const file = path.join(dir, 'db.sqlite');
  const handle = openSqlite(file, options);
  handles.push(handle);
  return { handle, file, dir };
}

async function createTable(handle: DatabaseHandle) {
  await sql`create table t (id integer primary key, body blob not null)`.execute(handle.db);
}

/** Inserts `count` rows of about one page each, one transaction per row (as orders and requests do). */
async function insertRows(handle: DatabaseHandle, count: number, from = 0) {
  for (let i = 0; i < count; i++) {
    await handle.transaction(async (trx) => {
      await sql`insert into t (id, body) values (${from + i}, randomblob(3000))`.execute(trx);
    });
  }
}

/** Resolves with the first checkpoint run that satisfies `test`. */
function checkpointWhere(handle: DatabaseHandle, test: (run: CheckpointRun) => boolean): Promise<CheckpointRun> {
  const checkpointer = handle.checkpointer;
  if (!checkpointer) throw new Error('no checkpointer');
  return new Promise((resolve) => {
    checkpointer.onCheckpoint = (run) => {
      if (!test(run)) return;
      checkpointer.onCheckpoint = null;
      resolve(run);
    };
  });
}

/** The rows a copy of the database file alone (without its WAL) holds. */
function rowsInDatabaseFile(file: string, dir: string): number {
  const copy = path.join(dir, `copy-${Math.random().toString(36).slice(2)}.sqlite`);
  copyFileSync(file, copy);
  const db = new SQLite(copy, { readonly: true });
  try {
    const table = db.prepare("select count(*) as n from sqlite_master where name = 't'").get() as { n: number };
    return table.n === 0 ? 0 : (db.prepare('select count(*) as n from t').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('the SQLite checkpointer thread', () => {
  it('copies committed transactions into the database file, where no commit of ours does it', async () => {
    const { handle, file, dir } = open({ checkpoints: 'thread', checkpointer: { intervalMs: 20 } });
    await createTable(handle);
    await insertRows(handle, 200);
    await expect.poll(() => rowsInDatabaseFile(file, dir), { timeout: 5_000 }).toBe(200);
    // Its report of that checkpoint comes by message, possibly just after the file was written.
    await expect.poll(() => handle.checkpointer?.stats.runs ?? 0).toBeGreaterThan(0);
  });

  it('leaves the database file alone without it: the commits of a connection set to "elsewhere" never checkpoint', async () => {
    const { handle, file, dir } = open({ checkpoints: 'elsewhere' });
    await createTable(handle);
    // More than SQLite's default of 1,000 pages, which would have checkpointed at a commit.
    await insertRows(handle, 6_000);
    expect(rowsInDatabaseFile(file, dir)).toBe(0);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(8_000 * PAGE);
  });

  it('keeps the WAL short under steady writes by finishing under the write lock', async () => {
    const restartFrames = 300;
    const { handle, file } = open({ checkpoints: 'thread', checkpointer: { intervalMs: 10, restartFrames } });
    await handle.checkpointer?.ready;
    await createTable(handle);
    await insertRows(handle, 6_000);
    await expect.poll(() => handle.checkpointer?.stats.underLock ?? 0).toBeGreaterThan(0);
    // Over 8,000 WAL frames were written (see the test above); the WAL was started again from its
    // beginning, time and again, instead of growing by each of them.
    expect(statSync(`${file}-wal`).size).toBeLessThan(1_500 * PAGE);
    const rows = await sql<{ n: number }>`select count(*) as n from t`.execute(handle.db);
    expect(rows.rows[0]?.n).toBe(6_000);
  });

  it('is started again after it dies, and frees the write lock it held', async () => {
    const { handle } = open({ checkpoints: 'thread', checkpointer: { intervalMs: 20 } });
    const checkpointer = handle.checkpointer;
    if (!checkpointer || !handle.writeLock) throw new Error('a file database with a checkpointer');
    const errors: string[] = [];
    checkpointer.onError = (error) => errors.push(error.message);
    await createTable(handle);
    await insertRows(handle, 20);
    await checkpointWhere(handle, () => true);
    // As if the thread had died in the middle of its locked pass.
    new WriteLock(CHECKPOINTER, handle.writeLock.buffer).acquireBlocking();
    expect(handle.writeLock.heldBy).toBe(CHECKPOINTER);
    await checkpointer.kill();
    await expect.poll(() => handle.writeLock?.heldBy).toBe(0);
    expect(errors.some((message) => /exited/.test(message))).toBe(true);
    // Writes go on, and the new thread checkpoints them.
    const again = checkpointWhere(handle, (run) => run.log > 0);
    await insertRows(handle, 20, 20);
    await again;
    expect(checkpointer.stats.restarts).toBe(1);
  });

  it('closes cleanly, even while the thread is still starting', async () => {
    const { handle } = open({ checkpoints: 'thread' });
    await handle.close();
    handles = handles.filter((h) => h !== handle);
    expect(handle.checkpointer?.stats.runs).toBe(0);
  });
});
