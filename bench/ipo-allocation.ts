// `npm run bench:ipo-allocation [-- --postgres] [--subscriptions 100000] [--lots 1000000] [--public-share 0.1]`:
// the whole IPO allocation (docs/performance.md, "IPO allocation") — the draw, every hold captured or
// released with its journal entry, every subscription's outcome and every investor's message — of an
// oversubscribed issue with 100,000 subscriptions for 1,000,000 lots, while the API answers quote
// requests (their latency during the allocation is reported).
//
// 1. Opens the server's context and app in this process (as `npm start` does: migrations, market
//    simulator, API listening), on a fresh SQLite file or, with --postgres, a fresh schema of
//    TEST_DATABASE_URL / DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
// 2. Creates the issue through the service (instrument, terms), opens it (seed) and closes it, then
//    writes the investors, their funded accounts, holds and subscriptions in bulk (one balanced journal
//    entry per investor: bank clearing → cash and frozen), so the ledger verifies before and after.
// 3. A child process asks GET /api/market/instruments/:code for as long as the allocation runs — by
//    default closed loop: 4 requests kept in flight (each client asks again as soon as it is answered:
//    as many as the machine can answer, which takes CPU from the allocation); with --quote-mode open,
//    --quote-rate requests a second (100) at fixed times whatever the answers do, each request's
//    latency counted from the time it was due (so a stalled server is charged for every request that
//    waited, not just the one in flight). This process times allocateIssue (the function the job and
//    the console run; on SQLite it runs the draw on a thread of its own unless IPO_DRAW_THREAD=false:
//    the app's draw thread, started with the app as in production). The CPU time reported is the
//    process's, every thread's.
// 4. Checks the outcome: status allocated, public lots allotted exactly, one settlement entry per
//    subscription, ledger:verify clean. Prints one JSON document; exits non-zero when a check fails.
import { fork, type ChildProcess } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { closeContext, createContext } from '../apps/server/src/bootstrap.ts';
import { SimulatedClock } from '../apps/server/src/platform/clock.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openPostgres, openSqlite, type DatabaseHandle } from '../apps/server/src/platform/db/database.ts';
import { verifyLedger } from '../apps/server/src/platform/ledger/ledger-verify.ts';
import { insertInstrument } from '../apps/server/src/domains/market/instruments.service.ts';
import { allocateIssue, closeIssue, createIssue, openIssue } from '../apps/server/src/domains/ipo/ipo.service.ts';
import { printReport } from './lib/figures.ts';

const { values } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    subscriptions: { type: 'string', default: '100000' },
    lots: { type: 'string', default: '1000000' },
    'public-share': { type: 'string', default: '0.1' },
    /** One JSON line per figure (bench/lib/figures.ts). */
    json: { type: 'boolean', default: false },
    /** Quote requests kept in flight in the closed mode (0: no quote requests, the allocation alone). */
    'quote-clients': { type: 'string', default: '4' },
    /** open: `--quote-rate` requests a second at fixed times; closed: `--quote-clients` in flight. */
    'quote-mode': { type: 'string', default: 'closed' },
    /** Requests a second in the open mode. */
    'quote-rate': { type: 'string', default: '100' },
    probe: { type: 'string' },
    /** Subscriptions settled per transaction (default: allocateIssue's own). */
    chunk: { type: 'string' },
    /** Writes a CPU profile of the allocation alone (this process) to this file (.cpuprofile). */
    profile: { type: 'string' },
  },
});

const LOT_SIZE = 100;
const ISSUE_PRICE = '10.00';
const LOT_VALUE_MINOR = 1_000_00;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Lots per subscription: 1–19 in a fixed spread, the last topped up so they add up to `total`. */
function lotsOf(count: number, total: number): number[] {
  const lots = Array.from({ length: count }, (_, i) => 1 + ((i * 7) % 19));
  const sum = lots.reduce((a, b) => a + b, 0);
  lots[count - 1]! += total - sum;
  if (lots[count - 1]! < 1) throw new Error('--lots is too small for --subscriptions');
  return lots;
}

async function insertChunked(db: DatabaseHandle['db'], table: string, rows: Record<string, unknown>[]) {
  const columns = Object.keys(rows[0]!).length;
  const perInsert = Math.floor(30_000 / columns);
  for (let i = 0; i < rows.length; i += perInsert) {
    /* eslint-disable @typescript-eslint/no-explicit-any -- a bench writes several tables alike */
    await db
      .insertInto(table as any)
      .values(rows.slice(i, i + perInsert) as any)
      .execute();
    /* eslint-enable @typescript-eslint/no-explicit-any */
  }
}

async function main() {
  const subscriptions = Number(values.subscriptions);
  const totalLots = Number(values.lots);
  const publicLots = Math.floor(totalLots * Number(values['public-share']));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-bench-ipo-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    CLOCK_MODE: 'simulated',
    MARKET_SIMULATOR: 'true',
    MARKET_BACKFILL_DAYS: '2',
    MARKET_BACKFILL_INTRADAY_DAYS: '1',
    // A quote request per few milliseconds from one address is the bench, not an attack.
    MARKET_RATE_PER_IP_PER_MINUTE: '10000000',
    // `IPO_DRAW_THREAD=false npm run bench:ipo-allocation`: the SQLite draw on the main thread, to compare.
    ...(process.env.IPO_DRAW_THREAD ? { IPO_DRAW_THREAD: process.env.IPO_DRAW_THREAD } : {}),
  });
  const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  let database: DatabaseHandle;
  if (values.postgres) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    database = openPostgres(pgUrl, { schema, max: 10 });
  } else {
    database = openSqlite(path.join(dataDir, 'bench.sqlite'), { checkpoints: 'connection' });
  }
  const clock = new SimulatedClock();
  const ctx = await createContext(config, { database, clock });
  const app = await buildApp(ctx, { logger: false });
  const failures: string[] = [];
  let prober: ChildProcess | undefined;
  try {
    const db = ctx.database.db;
    const nowMs = ctx.clock.nowMs();
    const at = (offset: number) => new Date(nowMs + offset).toISOString();
    // A listed instrument to ask quotes of, and the issue.
    await ctx.database.transaction((trx) =>
      insertInstrument(
        trx,
        {
          code: 'QTE',
          name: 'Quote AG',
          sector: 'technology',
          lotSize: 100,
          currency: config.CURRENCY,
          sharesOutstanding: 10_000_000,
          startPrice: '25.00',
        },
        nowMs,
      ),
    );
    await ctx.market.start({ timer: true });
    const issue = await ctx.database.transaction((trx) =>
      createIssue(
        ctx,
        trx,
        {
          code: 'BIG',
          name: 'Big Issue AG',
          applicationCode: '790001',
          sector: 'technology',
          board: 'main',
          issuePrice: ISSUE_PRICE,
          issueQuantity: publicLots * LOT_SIZE * 2,
          publicQuantity: publicLots * LOT_SIZE,
          totalShares: publicLots * LOT_SIZE * 10,
          lotSize: LOT_SIZE,
          maxLotsPerInvestor: totalLots,
          pe: '20.00',
          industryPe: '22.00',
          subscribeStart: at(1_000),
          subscribeEnd: at(2_000),
          allocationAt: at(3_000),
          listingAt: at(4_000),
        },
        nowMs,
      ),
    );
    await ctx.database.transaction((trx) => openIssue(ctx, trx, issue.id));

    // Investors, each with one journal entry funding cash and the hold (bank clearing → cash, frozen).
    const setupStarted = performance.now();
    const lots = lotsOf(subscriptions, totalLots);
    const firstUser =
      Number((await sql<{ n: number }>`select coalesce(max(id), 0) as n from users`.execute(db)).rows[0]!.n) + 1;
    const users = lots.map((_, i) => ({
      id: firstUser + i,
      phone: `+49151${String(firstUser + i).padStart(8, '0')}`,
      passwordHash: 'bench',
      nickname: `bench${i}`,
      lang: ['de', 'en', 'fr', 'zh-CN'][i % 4]!,
      kycStatus: 'approved',
      inviteCode: `B${(firstUser + i).toString(36)}`,
      createdAt: nowMs,
      updatedAt: nowMs,
    }));
    await insertChunked(db, 'users', users);
    const accounts: Record<string, unknown>[] = [];
    const cashOf = (i: number) => lots[i]! * LOT_VALUE_MINOR + 50_00;
    lots.forEach((lotCount, i) => {
      const userId = firstUser + i;
      for (const [kind, balance] of [
        ['cash', cashOf(i) - lotCount * LOT_VALUE_MINOR],
        ['frozen', lotCount * LOT_VALUE_MINOR],
      ] as const) {
        accounts.push({
          code: `user:${userId}:${kind}:${config.CURRENCY}`,
          userId,
          kind,
          currency: config.CURRENCY,
          balanceMinor: balance,
          createdAt: nowMs,
        });
      }
    });
    await insertChunked(db, 'ledgerAccounts', accounts);
    const funded = lots.reduce((sum, _, i) => sum + cashOf(i), 0);
    await ctx.database.transaction(async (trx) => {
      const clearing = await ctx.ledger.accountId(trx, { system: 'bank_clearing' });
      await sql`update ledger_accounts set balance_minor = balance_minor - ${funded} where id = ${clearing}`.execute(
        trx,
      );
    });
    const clearingId = Number(
      (
        await db
          .selectFrom('ledgerAccounts')
          .select('id')
          .where('code', '=', `system:bank_clearing:${config.CURRENCY}`)
          .executeTakeFirstOrThrow()
      ).id,
    );
    const accountIds = new Map(
      (await db.selectFrom('ledgerAccounts').select(['id', 'code']).where('userId', '>=', firstUser).execute()).map(
        (row) => [row.code, Number(row.id)],
      ),
    );
    await insertChunked(
      db,
      'journalEntries',
      lots.map((_, i) => ({
        idempotencyKey: `bench:fund-and-hold:${firstUser + i}`,
        kind: 'bench.fund_and_hold',
        createdAt: nowMs,
      })),
    );
    const entryIds = new Map(
      (
        await db
          .selectFrom('journalEntries')
          .select(['id', 'idempotencyKey'])
          .where('kind', '=', 'bench.fund_and_hold')
          .execute()
      ).map((row) => [row.idempotencyKey, Number(row.id)]),
    );
    const postings: Record<string, unknown>[] = [];
    lots.forEach((lotCount, i) => {
      const userId = firstUser + i;
      const entryId = entryIds.get(`bench:fund-and-hold:${userId}`)!;
      const held = lotCount * LOT_VALUE_MINOR;
      postings.push(
        { entryId, accountId: clearingId, amountMinor: -cashOf(i) },
        {
          entryId,
          accountId: accountIds.get(`user:${userId}:cash:${config.CURRENCY}`)!,
          amountMinor: cashOf(i) - held,
        },
        { entryId, accountId: accountIds.get(`user:${userId}:frozen:${config.CURRENCY}`)!, amountMinor: held },
      );
    });
    await insertChunked(db, 'postings', postings);
    await insertChunked(
      db,
      'holds',
      lots.map((lotCount, i) => ({
        userId: firstUser + i,
        currency: config.CURRENCY,
        amountMinor: lotCount * LOT_VALUE_MINOR,
        reason: 'ipo',
        referenceId: String(issue.id),
        createdAt: nowMs,
      })),
    );
    const holdIds = new Map(
      (
        await db
          .selectFrom('holds')
          .select(['id', 'userId'])
          .where('reason', '=', 'ipo')
          .where('referenceId', '=', String(issue.id))
          .execute()
      ).map((row) => [Number(row.userId), Number(row.id)]),
    );
    await insertChunked(
      db,
      'ipoSubscriptions',
      lots.map((lotCount, i) => ({
        issueId: issue.id,
        userId: firstUser + i,
        lots: lotCount,
        amountHeldMinor: lotCount * LOT_VALUE_MINOR,
        holdId: holdIds.get(firstUser + i)!,
        createdAt: nowMs,
      })),
    );
    clock.advance(2_000);
    await ctx.database.transaction((trx) => closeIssue(ctx, trx, issue.id));
    const setupMs = performance.now() - setupStarted;
    const before = await verifyLedger(db);
    if (!before.ok) failures.push(`ledger before: ${before.problems.slice(0, 3).join('; ')}`);

    // The API answers quotes while the allocation runs.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const probeUrl = `${address}/api/market/instruments/QTE`;
    const idle = await probe(probeUrl, 1_500);
    const quoteMode = values['quote-mode'] === 'open' ? 'open' : 'closed';
    prober = fork(
      fileURLToPath(import.meta.url),
      [
        '--probe',
        probeUrl,
        '--quote-mode',
        quoteMode,
        '--quote-clients',
        values['quote-clients'],
        '--quote-rate',
        values['quote-rate'],
      ],
      {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    // The prober says `ready` once it has answered its first request; then it measures until stopped.
    await new Promise((resolve) => prober!.once('message', resolve));
    const during = new Promise<{ latencies: number[]; errors: number }>((resolve) =>
      prober!.once('message', resolve as never),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const session = values.profile ? new Session() : undefined;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    // PostgreSQL: the write-ahead log the allocation writes (rows, index entries, full-page images).
    const walBefore =
      ctx.database.dialect === 'postgres'
        ? (await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(db)).rows[0]!.lsn
        : undefined;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const chunkMs: number[] = [];
    let chunkStarted = performance.now();
    const drawn = await allocateIssue(ctx, issue.id, {
      ...(values.chunk ? { chunkSize: Number(values.chunk) } : {}),
      afterChunk: () => {
        chunkMs.push(performance.now() - chunkStarted);
        chunkStarted = performance.now();
      },
    });
    const allocationMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const walBytes =
      walBefore === undefined
        ? undefined
        : (
            await sql<{
              bytes: string;
            }>`select pg_wal_lsn_diff(pg_current_wal_lsn(), ${walBefore})::text as bytes`.execute(db)
          ).rows[0]!.bytes;
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(values.profile!, JSON.stringify(profile));
      session.disconnect();
    }
    prober.send('stop');
    const load = await during;

    // Checks.
    if (!drawn) failures.push('allocateIssue did not finish the draw');
    const outcome = (
      await sql<{ allotted: number; settled: number; subscribed: number; winners: number }>`
        select coalesce(sum(lots_allotted), 0) as allotted,
               sum(case when status in ('allotted', 'not_allotted') then 1 else 0 end) as settled,
               sum(case when status = 'subscribed' then 1 else 0 end) as subscribed,
               sum(case when status = 'allotted' then 1 else 0 end) as winners
        from ipo_subscriptions where issue_id = ${issue.id}`.execute(db)
    ).rows[0]!;
    if (Number(outcome.allotted) !== Math.min(publicLots, totalLots)) {
      failures.push(`allotted ${outcome.allotted} lots, expected ${publicLots}`);
    }
    if (Number(outcome.settled) !== subscriptions) failures.push(`settled ${outcome.settled} of ${subscriptions}`);
    const entries = Number(
      (
        await sql<{
          n: number;
        }>`select count(*) as n from journal_entries where kind in ('ipo.allotted', 'ipo.not_allotted')`.execute(db)
      ).rows[0]!.n,
    );
    if (entries !== subscriptions) failures.push(`${entries} settlement entries for ${subscriptions} subscriptions`);
    const messages = Number(
      (
        await sql<{
          n: number;
        }>`select count(*) as n from outbox where template in ('notify.ipoAllotted', 'notify.ipoNotAllotted')`.execute(
          db,
        )
      ).rows[0]!.n,
    );
    if (messages !== subscriptions) failures.push(`${messages} messages for ${subscriptions} subscriptions`);
    const after = await verifyLedger(db);
    if (!after.ok) failures.push(`ledger after: ${after.problems.slice(0, 3).join('; ')}`);

    const sorted = [...load.latencies].sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    const report = {
      dialect: ctx.database.dialect,
      subscriptions,
      appliedLots: totalLots,
      publicLots,
      winners: Number(outcome.winners),
      setupSeconds: round(setupMs / 1000),
      allocationSeconds: round(allocationMs / 1000),
      /** CPU time of this process meanwhile (allocation, the API answering, the market simulator). */
      allocationCpuSeconds: round((cpu.user + cpu.system) / 1e6),
      limitSeconds: ctx.database.dialect === 'postgres' ? 15 : 5,
      ...(walBytes === undefined ? {} : { walMiB: Math.round(Number(walBytes) / 2 ** 20) }),
      quotesIdle: idle,
      quotesDuringAllocation: {
        mode: quoteMode,
        ...(quoteMode === 'open'
          ? { ratePerSecond: Number(values['quote-rate']) }
          : { inFlight: Number(values['quote-clients']) }),
        requests: sorted.length,
        errors: load.errors,
        p50Ms: round(percentile(sorted, 50)),
        p99Ms: round(percentile(sorted, 99)),
        maxMs: round(sorted.at(-1) ?? 0),
      },
      chunks: {
        count: chunkMs.length,
        firstMs: round(chunkMs[0] ?? 0),
        medianMs: round([...chunkMs].sort((a, b) => a - b)[Math.floor(chunkMs.length / 2)] ?? 0),
        lastMs: round(chunkMs.at(-1) ?? 0),
      },
      ledgerEntriesChecked: after.checked.entries,
      failures,
    };
    printReport(report, [
      {
        bench: 'ipo allocation',
        figure: 'seconds',
        value: report.allocationSeconds,
        unit: 's',
        dialect: report.dialect,
        subscriptions,
      },
      {
        bench: 'ipo allocation',
        figure: 'quoteP99Ms',
        value: report.quotesDuringAllocation.p99Ms,
        unit: 'ms',
        dialect: report.dialect,
        subscriptions,
      },
    ]);
  } finally {
    if (prober && prober.exitCode === null) prober.kill();
    await app.close();
    await closeContext(ctx);
    if (values.postgres) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) process.exitCode = 1;
}

/** Quote latency with nothing else running, for comparison: sequential requests for `ms`. */
async function probe(url: string, ms: number) {
  const latencies: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
  };
}

// ── the prober (child process): quote requests until told to stop ──────────────────────────────────
if (values.probe) {
  const url = values.probe;
  const latencies: number[] = [];
  let errors = 0;
  let running = true;
  const stopped = new Promise<void>((resolve) =>
    process.on('message', () => {
      running = false;
      resolve();
    }),
  );
  const ask = async (from: number) => {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) errors += 1;
    } catch {
      errors += 1;
    }
    latencies.push(performance.now() - from);
  };
  const closedClient = async () => {
    while (running) await ask(performance.now());
  };
  // Open loop: request i is due at start + i / rate and is sent then (or at once if this process was
  // late), whatever the earlier ones are doing; its latency runs from when it was due.
  const openLoop = async () => {
    const interval = 1000 / Number(values['quote-rate']);
    const start = performance.now();
    const inFlight = new Set<Promise<void>>();
    for (let i = 0; running; i += 1) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (!running) break;
      const request = ask(due).finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
    await Promise.all(inFlight);
  };
  await (await fetch(url)).arrayBuffer();
  process.send!('ready');
  // --quote-clients 0: no quote load, the allocation alone.
  const clients = Number(values['quote-clients']);
  if (clients > 0 && values['quote-mode'] === 'closed') {
    await Promise.all(Array.from({ length: clients }, () => closedClient()));
  } else if (clients > 0) {
    await openLoop();
  }
  await stopped;
  process.send!({ latencies, errors }, () => process.exit(0));
} else {
  await main();
}
