import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness.ts';
import { afterCommit } from './database.ts';
import { readRunner, sqlRunner } from './sql-runner.ts';
import { WriteQueue } from './write-queue.ts';

describe.each(DIALECTS)('write queue on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const insertSetting = (queue: WriteQueue, key: string, fail = false) =>
    queue.run(async (trx) => {
      await sqlRunner(trx, t.ctx.database.dialect).run(
        'insert into settings (key, value, updated_at) values (?, ?, ?)',
        [key, 'x', 0],
      );
      if (fail) throw new Error(`unit ${key} fails after writing`);
      return key;
    });
  const stored = async (prefix: string) =>
    (
      await t.ctx.database.db
        .selectFrom('settings')
        .select('key')
        .where('key', 'like', `${prefix}%`)
        .orderBy('key')
        .execute()
    ).map((row) => row.key);

  it('commits the units queued together, and a failing unit rolls back alone', async () => {
    const queue = new WriteQueue(t.ctx.database, { maxBatch: 64 });
    const results = await Promise.allSettled([
      insertSetting(queue, 'wq-a-1'),
      insertSetting(queue, 'wq-a-2', true),
      insertSetting(queue, 'wq-a-3'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'unit wq-a-2 fails after writing' });
    expect(await stored('wq-a-')).toEqual(['wq-a-1', 'wq-a-3']);
    if (dialect === 'sqlite') {
      // One BEGIN … COMMIT (one fsync) for the three, each in its own savepoint.
      expect(queue.stats).toEqual({ batches: 1, items: 3, largestBatch: 3 });
    }
  });

  it('runs a unit’s after-commit hooks once the batch committed, and drops those of a unit rolled back', async () => {
    const queue = new WriteQueue(t.ctx.database, { maxBatch: 64 });
    const ran: string[] = [];
    const unit = (key: string, fail = false) =>
      queue.run(async (trx) => {
        afterCommit(trx, () => ran.push(key));
        await sqlRunner(trx, t.ctx.database.dialect).run(
          'insert into settings (key, value, updated_at) values (?, ?, ?)',
          [key, 'x', 0],
        );
        if (fail) throw new Error(`unit ${key} fails after writing`);
        // Not yet: the unit's transaction has not committed.
        expect(ran).not.toContain(key);
        return key;
      });
    const results = await Promise.allSettled([unit('wq-h-1'), unit('wq-h-2', true), unit('wq-h-3')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect([...ran].sort()).toEqual(['wq-h-1', 'wq-h-3']);
    expect(await stored('wq-h-')).toEqual(['wq-h-1', 'wq-h-3']);
  });

  it('a constraint violation in one unit does not undo the others', async () => {
    const queue = new WriteQueue(t.ctx.database, { maxBatch: 64 });
    const results = await Promise.allSettled([
      insertSetting(queue, 'wq-b-1'),
      insertSetting(queue, 'wq-b-1'),
      insertSetting(queue, 'wq-b-2'),
    ]);
    // SQLite runs them in order; on PostgreSQL either of the two may be the one that loses.
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(results[2]?.status).toBe('fulfilled');
    if (dialect === 'sqlite') expect(results[1]?.status).toBe('rejected');
    expect(await stored('wq-b-')).toEqual(['wq-b-1', 'wq-b-2']);
  });

  it('splits a long queue into batches of at most maxBatch', async () => {
    const queue = new WriteQueue(t.ctx.database, { maxBatch: 4 });
    const keys = Array.from({ length: 10 }, (_, i) => `wq-c-${String(i).padStart(2, '0')}`);
    expect(await Promise.all(keys.map((key) => insertSetting(queue, key)))).toEqual(keys);
    expect(await stored('wq-c-')).toEqual(keys);
    if (dialect === 'sqlite') expect(queue.stats).toEqual({ batches: 3, items: 10, largestBatch: 4 });
  });

  it('answers only after the commit: a separate reader sees the row as soon as the promise resolves', async () => {
    const queue = new WriteQueue(t.ctx.database, { maxBatch: 64 });
    await insertSetting(queue, 'wq-d-1');
    // The read connection (SQLite) sees committed data only; it needs no turn on the writer.
    const row = await readRunner(t.ctx.database).get<{ key: string }>('select key from settings where key = ?', [
      'wq-d-1',
    ]);
    expect(row).toEqual({ key: 'wq-d-1' });
  });
});
