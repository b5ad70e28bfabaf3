import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test/harness.ts';
import { SimulatedClock } from './clock.ts';
import { openPostgres, openSqlite, type DatabaseHandle, type Dialect } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { JobRunner, type Job } from './jobs.ts';
import { jobRunRecorder, Lease, LeaseKeeper, LeaseLostError, runFenced } from './lease.ts';

/** A migrated database of the dialect, on its own (a file, or a schema of its own). */
async function openFresh(dialect: Dialect): Promise<{ database: DatabaseHandle; close: () => Promise<void> }> {
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `l_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const database = openPostgres(url, { schema, max: 6 });
    await migrateToLatest(database);
    return {
      database,
      close: async () => {
        await database.close();
        const drop = new pg.Client({ connectionString: url });
        await drop.connect();
        await drop.query(`drop schema ${schema} cascade`);
        await drop.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bourse-lease-'));
  const database = openSqlite(path.join(dir, 'lease.sqlite'));
  await migrateToLatest(database);
  return {
    database,
    close: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Real time for the leases, moved by hand. */
function fakeTime(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function fresh(dialect: Dialect) {
  const opened = await openFresh(dialect);
  cleanups.push(opened.close);
  await sql`create table lease_work (job varchar(20) not null, due_at bigint not null, token bigint not null)`.execute(
    opened.database.db,
  );
  return opened.database;
}

async function work(database: DatabaseHandle) {
  const { rows } = await sql<{
    job: string;
    due: number | string;
    token: number | string;
  }>`select job, due_at as due, token from lease_work order by due_at`.execute(database.db);
  return rows.map((r) => `${r.job}@${Number(r.due)}#${Number(r.token)}`);
}

describe.each(DIALECTS)('leases (%s)', (dialect) => {
  it('one holder at a time; renewal keeps the token, a takeover after the TTL increments it', async () => {
    const database = await fresh(dialect);
    const time = fakeTime();
    const a = new Lease(database, 'jobs', { holder: 'a', ttlMs: 10_000, now: time.now });
    const b = new Lease(database, 'jobs', { holder: 'b', ttlMs: 10_000, now: time.now });
    expect(await a.acquire()).toBe(1);
    expect(await b.acquire()).toBeNull();
    time.advance(6_000);
    expect(await a.acquire()).toBe(1); // renewed: valid until 16 s from the start
    time.advance(9_000);
    expect(await b.acquire()).toBeNull();
    expect(a.held()).toBe(1);
    time.advance(1_000); // a stopped renewing 10 s ago
    expect(a.held()).toBeNull();
    expect(await b.acquire()).toBe(2);
    expect(await a.acquire()).toBeNull();
    // A clean stop hands over at once.
    await b.release();
    expect(await a.acquire()).toBe(3);
    const other = new Lease(database, 'market', { holder: 'b', now: time.now });
    expect(await other.acquire()).toBe(1); // leases are independent
  });

  it('of instances racing for an expired lease exactly one takes it', async () => {
    const database = await fresh(dialect);
    const time = fakeTime();
    expect(await new Lease(database, 'jobs', { holder: 'dead', now: time.now }).acquire()).toBe(1);
    time.advance(20_000);
    const racers = ['r1', 'r2', 'r3', 'r4'].map((holder) => new Lease(database, 'jobs', { holder, now: time.now }));
    const tokens = await Promise.all(racers.map((lease) => lease.acquire()));
    expect(tokens.filter((t) => t !== null)).toEqual([2]);
  });

  it('refuses, in the transaction, work fenced by a token that was taken over', async () => {
    const database = await fresh(dialect);
    const time = fakeTime();
    const a = new Lease(database, 'jobs', { holder: 'a', now: time.now });
    const b = new Lease(database, 'jobs', { holder: 'b', now: time.now });
    const write = (due: number, token: number) =>
      database.transaction(async (trx) => {
        await sql`insert into lease_work (job, due_at, token) values ('x', ${due}, ${token})`.execute(trx);
      });
    const tokenA = (await a.acquire())!;
    await runFenced({ lease: 'jobs', token: tokenA }, () => write(1, tokenA));
    time.advance(11_000);
    const tokenB = (await b.acquire())!;
    // a was paused past its TTL and wakes up: its write is refused, b's goes through.
    const late = runFenced({ lease: 'jobs', token: tokenA }, () => write(2, tokenA));
    await expect(late).rejects.toBeInstanceOf(LeaseLostError);
    await runFenced({ lease: 'jobs', token: tokenB }, () => write(2, tokenB));
    // Unfenced work (outside any job) is not affected.
    await write(3, 0);
    expect(await work(database)).toEqual(['x@1#1', 'x@2#2', 'x@3#0']);
  });

  it('hands the jobs over when the holder stops renewing; every due time runs once', async () => {
    const database = await fresh(dialect);
    const time = fakeTime();
    const clock = new SimulatedClock({ startAt: new Date(3_000), frozen: true });
    const dueTimes = [1_000, 2_000, 3_000, 4_000, 5_000, 6_000];
    /** The same job on every instance: its schedule is what the database says is not done yet. */
    const job = (): Job => ({
      name: 'demo',
      nextDueAt: async () => {
        const done = new Set((await work(database)).map((w) => Number(w.split('@')[1]!.split('#')[0])));
        return dueTimes.find((d) => !done.has(d)) ?? null;
      },
      run: (dueAtMs, fence) =>
        database.transaction(async (trx) => {
          await sql`insert into lease_work (job, due_at, token) values ('demo', ${dueAtMs}, ${fence?.token ?? 0})`.execute(
            trx,
          );
        }),
    });
    const runner = (holder: string) => {
      const lease = new Lease(database, 'jobs', { holder, ttlMs: 10_000, now: time.now });
      const jobs = new JobRunner(clock, { lease, record: jobRunRecorder(database, holder, time.now) });
      jobs.register(job());
      return jobs;
    };
    const a = runner('a');
    const b = runner('b');
    // now 3,000: the first three are due
    expect((await a.runDue()).map((r) => r.dueAt)).toHaveLength(3);
    expect(await b.runDue()).toEqual([]);
    clock.advance(3_000); // 6,000: the rest fall due, but a has gone silent
    time.advance(5_000);
    expect(await b.runDue()).toEqual([]);
    time.advance(5_000);
    expect(await b.runDue()).toHaveLength(3);
    expect(await a.runDue()).toEqual([]);
    expect(await work(database)).toEqual([
      'demo@1000#1',
      'demo@2000#1',
      'demo@3000#1',
      'demo@4000#2',
      'demo@5000#2',
      'demo@6000#2',
    ]);
    const runs = await database.db
      .selectFrom('jobRuns')
      .select(['job', 'dueAt', 'holder', 'fencingToken'])
      .orderBy('dueAt')
      .execute();
    expect(runs.map((r) => `${r.job}@${Number(r.dueAt)}:${r.holder}#${Number(r.fencingToken)}`)).toEqual([
      'demo@1000:a#1',
      'demo@2000:a#1',
      'demo@3000:a#1',
      'demo@4000:b#2',
      'demo@5000:b#2',
      'demo@6000:b#2',
    ]);
  });

  it('rolls back the run of a holder that lost the lease in the middle of it', async () => {
    const database = await fresh(dialect);
    const time = fakeTime();
    const clock = new SimulatedClock({ startAt: new Date(10_000), frozen: true });
    const lease = new Lease(database, 'jobs', { holder: 'a', now: time.now });
    const jobs = new JobRunner(clock, { lease, record: jobRunRecorder(database, 'a', time.now) });
    let pending = [5_000];
    jobs.register({
      name: 'slow',
      nextDueAt: () => Promise.resolve(pending[0] ?? null),
      run: async (dueAtMs) => {
        // Paused past the TTL between reading and writing; meanwhile b took the jobs.
        time.advance(11_000);
        await new Lease(database, 'jobs', { holder: 'b', now: time.now }).acquire();
        await database.transaction(async (trx) => {
          await sql`insert into lease_work (job, due_at, token) values ('slow', ${dueAtMs}, 1)`.execute(trx);
        });
        pending = [];
      },
    });
    await expect(jobs.runDue()).rejects.toBeInstanceOf(LeaseLostError);
    expect(await work(database)).toEqual([]);
    expect(await database.db.selectFrom('jobRuns').selectAll().execute()).toEqual([]);
    expect(lease.held()).toBeNull();
  });

  it('a lease keeper tells its holder when it leads and when it no longer does', async () => {
    const database = await fresh(dialect);
    const time = fakeTime();
    const events: string[] = [];
    const keeper = (holder: string) =>
      new LeaseKeeper(
        new Lease(database, 'market', { holder, ttlMs: 10_000, now: time.now }),
        { onGained: () => void events.push(`${holder}+`), onLost: () => void events.push(`${holder}-`) },
        3_000,
      );
    const a = keeper('a');
    const b = keeper('b');
    await a.check();
    await b.check();
    expect([a.isLeading, b.isLeading]).toEqual([true, false]);
    await a.stop(); // releases: b takes it on its next check
    await b.check();
    expect(events).toEqual(['a+', 'a-', 'b+']);
    await b.stop();
  });
});

describe.runIf(DIALECTS.includes('postgres'))('lease fencing on PostgreSQL', () => {
  it('makes a takeover wait for the fenced transaction in flight', async () => {
    const database = await fresh('postgres');
    const time = fakeTime();
    const a = new Lease(database, 'jobs', { holder: 'a', now: time.now });
    const b = new Lease(database, 'jobs', { holder: 'b', now: time.now });
    const tokenA = (await a.acquire())!;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const slow = runFenced({ lease: 'jobs', token: tokenA }, () =>
      database.transaction(async (trx) => {
        started();
        await gate;
        await sql`insert into lease_work (job, due_at, token) values ('slow', 1, ${tokenA})`.execute(trx);
      }),
    );
    await inside;
    time.advance(11_000);
    let takenOver = false;
    const takeover = b.acquire().then((token) => {
      takenOver = true;
      return token;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(takenOver).toBe(false); // blocked by the fenced transaction's FOR SHARE
    release();
    await slow;
    expect(await takeover).toBe(2);
    expect(await work(database)).toEqual(['slow@1#1']);
  });
});
