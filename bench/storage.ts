/**
 * `npm run bench:storage [-- --orders 1000000] [--templates 2000] [--json]`: the storage bound of
 * issue 17 (item 4) — the SQLite database's size after a million orders placed with
 * Idempotency-Keys, without and with the retention clean-up (`settings.retention`), and the order
 * placement's latency while the clean-up runs.
 *
 * 1. A fresh database (as the server opens it: WAL, synchronous=FULL) with the order benchmarks'
 *    fixture: 5 instruments, 200 funded investors with a session each (bench/lib/order-fixture.ts).
 * 2. `--templates` market buys through the real route in this process (`app.inject`: session,
 *    validation, trading password, Idempotency-Key claim and stored answer, journal entry, lot, fill
 *    message and outbox row, on the order-writer thread).
 * 3. A million orders would take the order path an hour on this shared machine, so the rest are
 *    written in bulk: every row the templates added (in whichever table) is copied
 *    `orders / templates − 1` times in SQL, ids shifted by a fixed span per copy (foreign keys
 *    shifted alike) and unique text columns suffixed with the copy's number — the same rows, the
 *    same sizes, a million times over. (Balances are not updated for the copies: the ledger of this
 *    database is not meant to verify.)
 * 4. Size without retention: checkpoint, then the file, its free pages and each table's share
 *    (SQLite's dbstat).
 * 5. Orders keep coming over HTTP (wrk, 50 connections) in 5-second windows: a few windows before,
 *    then the clock is advanced past the retention window (`idempotencyRetentionHours` + 1 h), each
 *    session is warmed again (its trading-password check expired with the jump), and the retention
 *    job runs (the job the scheduler runs, in batches of RETENTION_BATCH_SQLITE with a pause of
 *    RETENTION_PAUSE_MS between them) while the windows go on:
 *    p99 of placement per window, before and during the purge.
 * 6. Size with retention: after the purge (freed pages stay in the file for reuse: the file does
 *    not shrink, it stops growing) and, for the record, after VACUUM.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { buildApp } from '../apps/server/src/app.ts';
import { closeContext, createContext } from '../apps/server/src/bootstrap.ts';
import { retentionJobs } from '../apps/server/src/domains/settings/settings.jobs.ts';
import { getSettings } from '../apps/server/src/domains/settings/settings.service.ts';
import { SimulatedClock } from '../apps/server/src/platform/clock.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openSqlite } from '../apps/server/src/platform/db/database.ts';
import { RETENTION_BATCH_SQLITE, RETENTION_PAUSE_MS } from '../apps/server/src/platform/retention.ts';
import { printReport, type Figure } from './lib/figures.ts';
import { ORDER_CODES, orderLuaScript, prepareOrderInvestors, TRADING_PASSWORD } from './lib/order-fixture.ts';
import { hasWrk, runWrkAsync, type WrkResult } from './lib/wrk.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    templates: { type: 'string', default: '2000' },
    users: { type: 'string', default: '200' },
    port: { type: 'string', default: '4510' },
    json: { type: 'boolean', default: false },
  },
});
const ORDERS = Number(values.orders);
const TEMPLATES = Number(values.templates);
const COPIES = Math.ceil(ORDERS / TEMPLATES) - 1;
/** Written by the price simulator, not by orders: never copied. */
const MARKET_DATA = ['minute_bars', 'daily_bars'];
/** Ids of copy k are the template's + k × SPAN. */
const SPAN = 10_000_000;
const WINDOW_S = 5;
const HOUR_MS = 3_600_000;

if (!hasWrk()) throw new Error('bench:storage needs wrk (apt-get install wrk)');

const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-bench-storage-'));
const sqliteFile = path.join(dataDir, 'bench.sqlite');
const configEnv = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  CLOCK_MODE: 'simulated',
  MARKET_SIMULATOR: 'true',
  MARKET_BACKFILL_DAYS: '2',
  MARKET_BACKFILL_INTRADAY_DAYS: '1',
  DUPLICATE_SUBMIT_WINDOW_MS: '0',
  TRADE_ORDERS_PER_MINUTE: '10000000',
};

interface SizeReport {
  fileMiB: number;
  usedMiB: number;
  freeMiB: number;
  /** Each table with its indexes, MiB, largest first. */
  tables: Record<string, number>;
  rows: Record<string, number>;
}

const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/** The database's size: file, pages in use and free, each table's share with its indexes (dbstat). */
function sizeOf(connection: SQLite.Database): SizeReport {
  connection.pragma('wal_checkpoint(TRUNCATE)');
  const pageSize = Number(connection.pragma('page_size', { simple: true }));
  const pages = Number(connection.pragma('page_count', { simple: true }));
  const free = Number(connection.pragma('freelist_count', { simple: true }));
  const tables: Record<string, number> = {};
  const byObject = connection
    .prepare(
      `select coalesce(m.tbl_name, s.name) as tbl, sum(s.pgsize) as bytes
       from dbstat s left join sqlite_master m on m.name = s.name group by tbl order by bytes desc`,
    )
    .all() as { tbl: string; bytes: number }[];
  for (const row of byObject.slice(0, 10)) tables[row.tbl] = mib(row.bytes);
  const rows: Record<string, number> = {};
  for (const table of ['orders', 'journal_entries', 'postings', 'idempotency_keys', 'outbox', 'messages']) {
    try {
      rows[table] = Number((connection.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n);
    } catch {
      // not a table of this schema
    }
  }
  return {
    fileMiB: mib(statSync(sqliteFile).size),
    usedMiB: mib((pages - free) * pageSize),
    freeMiB: mib(free * pageSize),
    tables,
    rows,
  };
}

/** Highest rowid of every table. */
function maxRowids(connection: SQLite.Database): Map<string, number> {
  const tables = connection
    .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`)
    .all() as { name: string }[];
  const result = new Map<string, number>();
  for (const { name } of tables) {
    try {
      const row = connection.prepare(`select coalesce(max(rowid), 0) as n from "${name}"`).get() as { n: number };
      result.set(name, Number(row.n));
    } catch {
      // WITHOUT ROWID table: no rowid to compare
      result.set(name, -1);
    }
  }
  return result;
}

/**
 * Copies the rows each grown table gained since `before` COPIES times: the integer primary key and
 * foreign keys into grown tables shifted by k × SPAN, unique text columns suffixed with `#k`.
 */
function multiply(connection: SQLite.Database, before: Map<string, number>): Record<string, number> {
  const after = maxRowids(connection);
  const grown = [...after]
    .filter(([name, max]) => max > (before.get(name) ?? 0) && max >= 0 && !MARKET_DATA.includes(name))
    .map(([name]) => name);
  const plan: { table: string; sql: string; added: number }[] = [];
  for (const table of grown) {
    const columns = connection.prepare(`pragma table_info("${table}")`).all() as { name: string; pk: number }[];
    const fks = connection.prepare(`pragma foreign_key_list("${table}")`).all() as { table: string; from: string }[];
    const uniqueIndexes: string[][] = [];
    for (const index of connection.prepare(`pragma index_list("${table}")`).all() as {
      name: string;
      unique: number;
    }[]) {
      if (!index.unique) continue;
      uniqueIndexes.push(
        (connection.prepare(`pragma index_info("${index.name}")`).all() as { name: string }[]).map((c) => c.name),
      );
    }
    const uniqueColumns = new Set(uniqueIndexes.flat());
    const types = new Map(
      (connection.prepare(`pragma table_info("${table}")`).all() as { name: string; type: string }[]).map((c) => [
        c.name,
        c.type.toLowerCase(),
      ]),
    );
    const pk = columns.filter((c) => c.pk > 0).map((c) => c.name);
    const shifted = new Set<string>([
      ...(pk.length === 1 && /int/.test(types.get(pk[0]!) ?? '') ? [pk[0]!] : []),
      ...fks.filter((fk) => grown.includes(fk.table)).map((fk) => fk.from),
      // A unique integer of its own (a lot's buying order): moves with the copy like an id.
      ...uniqueIndexes
        .filter((columns) => columns.length === 1 && /int/.test(types.get(columns[0]!) ?? ''))
        .map((columns) => columns[0]!),
    ]);
    const expressions = columns.map(({ name }) => {
      const quoted = `"${name}"`;
      if (shifted.has(name)) {
        const fk = fks.find((f) => f.from === name);
        const threshold = fk ? (before.get(fk.table) ?? 0) : -1;
        // Only references to rows the templates added move with the copy.
        return fk
          ? `case when ${quoted} > ${threshold} then ${quoted} + :shift else ${quoted} end`
          : `${quoted} + :shift`;
      }
      if (uniqueColumns.has(name) && !/int/.test(types.get(name) ?? '')) return `${quoted} || :suffix`;
      return quoted;
    });
    const added = Number(
      (
        connection.prepare(`select count(*) as n from "${table}" where rowid > ?`).get(before.get(table) ?? 0) as {
          n: number;
        }
      ).n,
    );
    plan.push({
      table,
      sql: `insert into "${table}" (${columns.map((c) => `"${c.name}"`).join(', ')})
            select ${expressions.join(', ')} from "${table}" where rowid > ${before.get(table) ?? 0} and rowid <= ${after.get(table)}`,
      added,
    });
  }
  connection.pragma('foreign_keys = OFF');
  connection.pragma('synchronous = OFF');
  const statements = plan.map((p) => ({ ...p, statement: connection.prepare(p.sql) }));
  for (let k = 1; k <= COPIES; k++) {
    connection.transaction(() => {
      for (const p of statements) p.statement.run({ shift: k * SPAN, suffix: `#${k}` });
    })();
  }
  connection.pragma('synchronous = FULL');
  return Object.fromEntries(plan.map((p) => [p.table, p.added]));
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const windowSummary = (label: string, r: WrkResult) => ({
  label,
  ordersPerS: r.reqPerS,
  p50Ms: r.latencyMs.p50,
  p99Ms: r.latencyMs.p99,
  non2xx: r.non2xx,
});

async function main() {
  const config = loadConfig(configEnv);
  const clock = new SimulatedClock();
  let database = openSqlite(sqliteFile);
  let ctx = await createContext(config, { database, clock });
  const tokens = await prepareOrderInvestors(ctx, { users: Number(values.users), sessionHours: 24 * 30 });
  let app = await buildApp(ctx, { logger: false });
  // No ticking while the templates are placed: only what orders write grows (market orders fill at
  // the start prices).
  await ctx.market.start({ timer: false });

  // 2. Templates through the real route.
  const placeOrder = (i: number) =>
    app.inject({
      method: 'POST',
      url: '/api/trade/orders',
      headers: {
        'content-type': 'application/json',
        token: tokens[i % tokens.length]!,
        'idempotency-key': randomUUID(),
      },
      payload: {
        code: ORDER_CODES[i % ORDER_CODES.length],
        side: 'buy',
        type: 'market',
        lots: 1 + (i % 3),
        tradingPassword: TRADING_PASSWORD,
      },
    });
  // Warm the sessions first (trading-password check), outside the templates' count.
  for (let i = 0; i < tokens.length; i += 10) {
    await Promise.all(tokens.slice(i, i + 10).map((_, j) => placeOrder(i + j)));
  }
  const raw0 = new SQLite(sqliteFile);
  const before = maxRowids(raw0);
  raw0.close();
  const templateStarted = performance.now();
  for (let i = 0; i < TEMPLATES; i += 50) {
    const answers = await Promise.all(Array.from({ length: Math.min(50, TEMPLATES - i) }, (_, j) => placeOrder(i + j)));
    const bad = answers.find((a) => a.statusCode !== 200);
    if (bad) throw new Error(`template order failed: ${bad.statusCode} ${bad.body}`);
  }
  const templateSeconds = (performance.now() - templateStarted) / 1000;
  await app.close();
  await closeContext(ctx);

  // 3. Multiply them.
  const raw = new SQLite(sqliteFile);
  const multiplyStarted = performance.now();
  const perOrder = multiply(raw, before);
  const multiplySeconds = (performance.now() - multiplyStarted) / 1000;
  // 4. Size without retention.
  const withoutRetention = sizeOf(raw);
  raw.close();

  // 5. Orders under load, then the purge under load.
  database = openSqlite(sqliteFile);
  ctx = await createContext(config, { database, clock });
  app = await buildApp(ctx, { logger: false });
  await ctx.market.start({ timer: true });
  const address = await app.listen({ port: Number(values.port), host: '127.0.0.1' });
  const script = orderLuaScript(path.join(dataDir, 'orders.lua'), tokens);
  const window = () => runWrkAsync({ url: address, connections: 50, durationS: WINDOW_S, script });
  const windows: ReturnType<typeof windowSummary>[] = [];
  let purge: { seconds: number; removed: number } | null = null;
  try {
    for (let i = 0; i < tokens.length; i += 10) {
      await Promise.all(tokens.slice(i, i + 10).map((_, j) => placeOrder(i + j)));
    }
    for (let i = 0; i < 3; i++) windows.push(windowSummary('before', await window()));
    const settings = await getSettings(ctx.database.db);
    clock.advance((Number(settings.idempotencyRetentionHours) + 1) * HOUR_MS);
    for (let i = 0; i < tokens.length; i += 10) {
      await Promise.all(tokens.slice(i, i + 10).map((_, j) => placeOrder(i + j)));
    }
    const keysBefore = Number(
      (
        await ctx.database.db
          .selectFrom('idempotencyKeys')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const job = retentionJobs(ctx)[0]!;
    const purgeStarted = performance.now();
    let done = false;
    const running = job.run(clock.nowMs()).then(() => {
      done = true;
      purge = { seconds: round1((performance.now() - purgeStarted) / 1000), removed: 0 };
    });
    while (!done) windows.push(windowSummary('during purge', await window()));
    await running;
    const keysAfter = Number(
      (
        await ctx.database.db
          .selectFrom('idempotencyKeys')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    purge!.removed = keysBefore - keysAfter;
    windows.push(windowSummary('after', await window()));
  } finally {
    await app.close();
    await closeContext(ctx);
  }

  // 6. Size with retention, then after VACUUM.
  const raw2 = new SQLite(sqliteFile);
  const withRetention = sizeOf(raw2);
  raw2.exec('vacuum');
  const vacuumed = sizeOf(raw2);
  raw2.close();

  const during = windows.filter((w) => w.label === 'during purge');
  const beforeWindows = windows.filter((w) => w.label === 'before');
  const worst = (ws: typeof windows) => Math.max(...ws.map((w) => w.p99Ms));
  const report = {
    benchmark: 'database size after a million orders, without and with the retention clean-up (SQLite)',
    orders: (COPIES + 1) * TEMPLATES,
    templates: { orders: TEMPLATES, seconds: round1(templateSeconds), rowsPerOrder: perOrder },
    multiplySeconds: round1(multiplySeconds),
    retentionBatch: RETENTION_BATCH_SQLITE,
    retentionPauseMs: RETENTION_PAUSE_MS,
    withoutRetention,
    purge,
    withRetention,
    afterVacuum: vacuumed,
    placementWindows: windows,
  };
  const figures: Figure[] = [
    {
      bench: 'storage',
      figure: 'fileMiB without retention',
      value: withoutRetention.fileMiB,
      unit: 'MiB',
      orders: report.orders,
    },
    {
      bench: 'storage',
      figure: 'usedMiB with retention',
      value: withRetention.usedMiB,
      unit: 'MiB',
      orders: report.orders,
    },
    { bench: 'storage', figure: 'purge seconds', value: purge!.seconds, unit: 's', removed: purge!.removed },
    {
      bench: 'storage',
      figure: 'placement p99Ms before purge (worst window)',
      value: worst(beforeWindows),
      unit: 'ms',
      tool: 'wrk',
    },
    {
      bench: 'storage',
      figure: 'placement p99Ms during purge (worst window)',
      value: during.length ? worst(during) : Number.NaN,
      unit: 'ms',
      tool: 'wrk',
    },
  ];
  printReport(report, figures);
  if (windows.some((w) => w.non2xx > 0)) process.exitCode = 1;
}

try {
  await main();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
