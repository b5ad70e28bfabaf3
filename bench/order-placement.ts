// `npm run bench:orders`: order placement under load (docs/performance.md, "Order placement").
//
// 1. Prepares a SQLite database (WAL, synchronous=FULL as the server configures it): a few simulated
//    instruments, BENCH_USERS funded investors with a trading password, a session token each.
// 2. Starts the server in a child process (simulator on) and, in another, a plain Fastify hello world.
// 3. Warms up (one order per session, so the trading-password check is remembered), then loads both
//    with autocannon — BENCH_CONNECTIONS connections for BENCH_SECONDS — the server with market buys
//    (auth, validation, trading password, idempotency key, ledger entry, lot), each with its own
//    Idempotency-Key, the hello world with GET /.
// 4. Stops the server and checks the ledger, and that every filled order posted exactly one entry.
// Prints one JSON document; exits non-zero when a check fails.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { verifyLedger } from '../apps/server/src/platform/ledger/ledger-verify.ts';
import { closeContext, createContext } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { hasWrk, runWrk, type WrkResult } from './lib/wrk.ts';
import { printReport, type Figure } from './lib/figures.ts';
import { ORDER_CODES, orderLuaScript, prepareOrderInvestors, TRADING_PASSWORD } from './lib/order-fixture.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
  duration: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as Autocannon;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USERS = Number(process.env.BENCH_USERS ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CODES = ORDER_CODES;

const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-bench-'));
const serverEnv: Record<string, string> = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  MARKET_SIMULATOR: 'true',
  MARKET_BACKFILL_DAYS: '5',
  MARKET_BACKFILL_INTRADAY_DAYS: '1',
  // Load clients resubmit the same body within a second by design; the window is a UX guard.
  DUPLICATE_SUBMIT_WINDOW_MS: '0',
  TRADE_ORDERS_PER_MINUTE: '10000000',
  // Settings to compare (e.g. `SQLITE_CHECKPOINT_THREAD=false npm run bench:orders`) pass through.
  ...Object.fromEntries(
    ['TRADE_GROUP_COMMIT_MAX_BATCH', 'TRADE_WRITER_THREAD', 'SQLITE_CHECKPOINT_THREAD'].flatMap((name) =>
      process.env[name] ? [[name, process.env[name]]] : [],
    ),
  ),
};

async function prepare(): Promise<string[]> {
  const ctx = await createContext(loadConfig(serverEnv));
  try {
    return await prepareOrderInvestors(ctx, { users: USERS });
  } finally {
    await closeContext(ctx);
  }
}

function start(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    // BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) goes to the server, for profiling.
    const extra =
      script.startsWith('apps/') && process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
    const child = spawn(process.execPath, [...extra, '--import', 'tsx', script], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (?:on )?(?:https?:\/\/[^:]+:)?(\d+)/i.exec(output);
      if (match) {
        child.stdout?.off('data', onData);
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      if (process.env.BENCH_ECHO) process.stderr.write(chunk);
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks (100/s).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** CPU time (ms) of each thread of a process that used any, by thread id and name (Linux). */
function threadCpuMs(pid: number | undefined): Map<string, number> {
  const threads = new Map<string, number>();
  if (pid === undefined) return threads;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      threads.set(`${tid} ${name} user`, Number(fields[11]) * 10);
      threads.set(`${tid} ${name} sys`, Number(fields[12]) * 10);
    }
  } catch {
    // not Linux: no per-thread figures
  }
  return threads;
}

/** Bytes a process has handed to write system calls so far (`wchar` in /proc; Linux), or null. */
function writtenBytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const line = readFileSync(`/proc/${pid}/io`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('wchar:'));
    return line ? Number(line.slice(6)) : null;
  } catch {
    return null;
  }
}

/** Microseconds of CPU per order for each thread that used more than 2 % of the total. */
function perThread(before: Map<string, number>, after: Map<string, number>, orders: number) {
  const deltas = [...after].map(([thread, ms]) => [thread, ms - (before.get(thread) ?? 0)] as const);
  const total = deltas.reduce((sum, [, ms]) => sum + ms, 0);
  return Object.fromEntries(
    deltas
      .filter(([, ms]) => ms > total * 0.02)
      .sort((a, b) => b[1] - a[1])
      .map(([thread, ms]) => [thread, Math.round((ms * 1000) / orders)]),
  );
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function orderRequest(tokens: string[], counter: { n: number }) {
  return {
    method: 'POST',
    path: '/api/trade/orders',
    setupRequest: (request: Record<string, unknown>) => {
      const n = counter.n++;
      const token = tokens[n % tokens.length] as string;
      return {
        ...request,
        headers: {
          'content-type': 'application/json',
          token,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({
          code: CODES[n % CODES.length],
          side: 'buy',
          type: 'market',
          lots: 1 + (n % 3),
          tradingPassword: TRADING_PASSWORD,
        }),
      };
    },
  };
}

/** The same requests as a wrk script (bench/lib/order-fixture.ts). */
function orderScript(tokens: string[]): string {
  return orderLuaScript(path.join(dataDir, 'orders.lua'), tokens);
}

const wrkSummary = (result: WrkResult) => ({
  requestsPerSecond: result.reqPerS,
  total: result.requests,
  latencyMs: result.latencyMs,
  non2xx: result.non2xx,
  socketErrors: result.socketErrors,
});

const summary = (result: AutocannonResult) => ({
  requestsPerSecond: Math.round(result.requests.average),
  total: result.requests.total,
  latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
});

const tokens = await prepare();
let server: ChildProcess | null = null;
let hello: ChildProcess | null = null;
let failed: boolean;
try {
  const started = await start('apps/server/src/server.ts', serverEnv);
  server = started.child;
  const base = `http://127.0.0.1:${started.port}`;

  // Warm-up: one order per session (the full trading-password check, then remembered), then a short burst.
  const counter = { n: 0 };
  for (let i = 0; i < tokens.length; i += 8) {
    await Promise.all(
      tokens.slice(i, i + 8).map(async (token) => {
        const res = await fetch(`${base}/api/trade/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token, 'idempotency-key': randomUUID() },
          body: JSON.stringify({
            code: CODES[0],
            side: 'buy',
            type: 'market',
            lots: 1,
            tradingPassword: TRADING_PASSWORD,
          }),
        });
        if (res.status !== 200) throw new Error(`warm-up order failed: ${res.status} ${await res.text()}`);
      }),
    );
  }
  await autocannon({ url: base, connections: CONNECTIONS, duration: 3, requests: [orderRequest(tokens, counter)] });

  const cpuBefore = cpuMs(server.pid);
  const threadsBefore = threadCpuMs(server.pid);
  const orders = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [orderRequest(tokens, counter)],
  });
  const cpuAfter = cpuMs(server.pid);
  const threadsUs = perThread(threadsBefore, threadCpuMs(server.pid), orders.requests.total);
  const serverCpuUsPerOrder =
    cpuBefore === null || cpuAfter === null
      ? null
      : Math.round(((cpuAfter - cpuBefore) * 1000) / orders.requests.total);

  // wrk (C, one thread) costs the shared cores far less per request than autocannon (JavaScript),
  // so its figures say more about the server; both are reported when wrk is installed.
  const withWrk = hasWrk();
  let ordersWrk: WrkResult | null = null;
  let wrkCpuUsPerOrder: number | null = null;
  let wrkThreadsUs: Record<string, number> = {};
  let wrkBytesPerOrder: number | null = null;
  if (withWrk) {
    const cpuStart = cpuMs(server.pid);
    const threadsStart = threadCpuMs(server.pid);
    const writtenStart = writtenBytes(server.pid);
    ordersWrk = runWrk({ url: base, connections: CONNECTIONS, durationS: SECONDS, script: orderScript(tokens) });
    const cpuEnd = cpuMs(server.pid);
    wrkThreadsUs = perThread(threadsStart, threadCpuMs(server.pid), ordersWrk.requests);
    const writtenEnd = writtenBytes(server.pid);
    wrkBytesPerOrder =
      writtenStart === null || writtenEnd === null
        ? null
        : Math.round((writtenEnd - writtenStart) / ordersWrk.requests);
    wrkCpuUsPerOrder =
      cpuStart === null || cpuEnd === null ? null : Math.round(((cpuEnd - cpuStart) * 1000) / ordersWrk.requests);
  }

  const helloStarted = await start('bench/hello-world-server.ts', {});
  hello = helloStarted.child;
  const helloUrl = `http://127.0.0.1:${helloStarted.port}`;
  await autocannon({ url: helloUrl, connections: CONNECTIONS, duration: 3 });
  const reference = await autocannon({ url: helloUrl, connections: CONNECTIONS, duration: SECONDS });
  const referenceWrk = withWrk ? runWrk({ url: helloUrl, connections: CONNECTIONS, durationS: SECONDS }) : null;
  await stop(hello);
  hello = null;
  await stop(server);
  server = null;

  // The ledger after the run, and one entry per filled order.
  const config = loadConfig(serverEnv);
  const ctx = await createContext(config);
  let ledger;
  let orderCheck;
  try {
    ledger = await verifyLedger(ctx.database.db);
    orderCheck = await ctx.database.db
      .selectFrom('orders as o')
      .select([
        sql<string>`count(*)`.as('filled'),
        sql<string>`sum(case when (select count(*) from journal_entries e where e.idempotency_key = 'order:' || o.id || ':fill') = 1 then 0 else 1 end)`.as(
          'withoutOneEntry',
        ),
      ])
      .where('o.status', '=', 'filled')
      .executeTakeFirstOrThrow();
  } finally {
    await closeContext(ctx);
  }
  const report = {
    benchmark: 'order placement: market buy with auth, validation, trading password, idempotency, ledger entry, lot',
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version },
    setup: {
      database: 'SQLite, WAL, synchronous=FULL',
      connections: CONNECTIONS,
      seconds: SECONDS,
      investors: USERS,
      instruments: CODES.length,
      groupCommitMaxBatch: loadConfig(serverEnv).TRADE_GROUP_COMMIT_MAX_BATCH,
      checkpointThread: loadConfig(serverEnv).SQLITE_CHECKPOINT_THREAD,
    },
    orders: {
      ...summary(orders),
      serverCpuMicrosecondsPerOrder: serverCpuUsPerOrder,
      byThread: threadsUs,
    },
    helloWorld: summary(reference),
    ratio: Number((orders.requests.average / reference.requests.average).toFixed(3)),
    wrk:
      ordersWrk && referenceWrk
        ? {
            orders: {
              ...wrkSummary(ordersWrk),
              serverCpuMicrosecondsPerOrder: wrkCpuUsPerOrder,
              byThread: wrkThreadsUs,
              bytesWrittenPerOrder: wrkBytesPerOrder,
            },
            helloWorld: wrkSummary(referenceWrk),
            ratio: Number((ordersWrk.reqPerS / referenceWrk.reqPerS).toFixed(3)),
          }
        : 'not installed (apt-get install wrk)',
    target: { ordersPerSecond: 3000, p99Ms: 30 },
    checks: {
      ledgerOk: ledger.ok,
      ledgerProblems: ledger.problems.slice(0, 10),
      filledOrders: Number(orderCheck.filled),
      filledOrdersWithoutExactlyOneEntry: Number(orderCheck.withoutOneEntry ?? 0),
      non2xxOrders: orders.non2xx,
    },
  };
  const figures: Figure[] = [
    {
      bench: 'orders',
      figure: 'reqPerS',
      value: Math.round(orders.requests.average),
      unit: 'req/s',
      tool: 'autocannon',
      connections: CONNECTIONS,
    },
    {
      bench: 'orders',
      figure: 'p99Ms',
      value: orders.latency.p99,
      unit: 'ms',
      tool: 'autocannon',
      connections: CONNECTIONS,
    },
  ];
  if (ordersWrk) {
    figures.push(
      {
        bench: 'orders',
        figure: 'reqPerS',
        value: ordersWrk.reqPerS,
        unit: 'req/s',
        tool: 'wrk',
        connections: CONNECTIONS,
      },
      {
        bench: 'orders',
        figure: 'p99Ms',
        value: ordersWrk.latencyMs.p99,
        unit: 'ms',
        tool: 'wrk',
        connections: CONNECTIONS,
      },
    );
  }
  printReport(report, figures);
  failed =
    !ledger.ok ||
    Number(orderCheck.withoutOneEntry ?? 0) !== 0 ||
    orders.non2xx > 0 ||
    orders.errors > 0 ||
    (ordersWrk?.non2xx ?? 0) > 0;
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  if (hello) await stop(hello);
  if (server) await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
