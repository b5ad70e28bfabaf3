// `npm run bench:scale -- [--instances 1,2,3] [--seconds 15] [--connections 48] [--clients 600] [--port 0] [--sample-pg]`:
// order placement and stream fan-out with 1, 2 and 3 API instances on PostgreSQL (TEST_DATABASE_URL's
// server, a fresh database per instance count) and Redis (TEST_REDIS_URL), issue 18 item 5
// (docs/performance.md, "Scaling out").
//
// For each instance count: a fresh database with BENCH_USERS funded investors (bench/lib/order-fixture.ts),
// N server processes (one login key, one Redis prefix; the leases pick the market leader and the jobs
// holder), a warm-up order per session, then
//   - orders: autocannon against every instance at once, the connections split evenly (as a load
//     balancer would), market buys each with its own Idempotency-Key; throughput summed;
//   - stream: `--clients` WebSocket clients spread over the instances, each subscribed to the quotes of
//     the 5 bench instruments, which the leader ticks every MARKET_TICK_MS and Redis carries to every
//     instance; messages delivered per second and the delay from the tick (`at`) to the client.
// With `--sample-pg`, `pg_stat_activity` (and the ungranted `pg_locks`) of the bench database is read
// every 100 ms during the measured order run, and the most frequent states and waits are printed:
// what the servers' PostgreSQL sessions were doing, rather than an inference from idle API processes.
// Load generator, clients, servers, PostgreSQL and Redis share the machine: see the figures' notes.
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { WebSocket } from 'ws';
import { closeContext, createContext } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { printReport, type Figure } from './lib/figures.ts';
import { freePort, ROOT } from './lib/server.ts';
import { ORDER_CODES, prepareOrderInvestors, TRADING_PASSWORD } from './lib/order-fixture.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '1,2,3' },
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '48' },
    clients: { type: 'string', default: '600' },
    port: { type: 'string', default: '0' },
    json: { type: 'boolean', default: false },
    'sample-pg': { type: 'boolean', default: false },
  },
});
const COUNTS = values.instances.split(',').map(Number);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const CLIENTS = Number(values.clients);
const USERS = Number(process.env.BENCH_USERS ?? 120);
const TICK_MS = 1_000;
const SAMPLE_PG = values['sample-pg'];
const SAMPLE_EVERY_MS = 100;
let nextPort = Number(values.port);

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!adminUrl || !redisUrl) throw new Error('bench:scale needs TEST_DATABASE_URL and TEST_REDIS_URL');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); 0 elsewhere. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

interface Server {
  child: ChildProcess;
  baseUrl: string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = nextPort > 0 ? nextPort++ : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { child, baseUrl };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await sleep(250);
  }
}

function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

function orderRequest(tokens: string[], counter: { n: number }) {
  return {
    method: 'POST',
    path: '/api/trade/orders',
    setupRequest: (request: Record<string, unknown>) => {
      const n = counter.n++;
      return {
        ...request,
        headers: {
          'content-type': 'application/json',
          token: tokens[n % tokens.length]!,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({
          code: ORDER_CODES[n % ORDER_CODES.length],
          side: 'buy',
          type: 'market',
          lots: 1,
          tradingPassword: TRADING_PASSWORD,
        }),
      };
    },
  };
}

/** Opens `count` sockets spread over the servers, each on the bench instruments' quotes. */
async function openClients(servers: Server[], count: number): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) => {
      const server = servers[(i + j) % servers.length]!;
      return new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/api/stream`);
        socket.once('error', reject);
        socket.on('message', function first(data: Buffer) {
          const message = JSON.parse(data.toString()) as { type?: string };
          if (message.type === 'hello')
            socket.send(JSON.stringify({ op: 'subscribe', topics: ORDER_CODES.map((code) => `quotes:${code}`) }));
          if (message.type === 'subscribed') {
            socket.off('message', first);
            resolve(socket);
          }
        });
      });
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

async function measureStream(servers: Server[]) {
  const sockets = await openClients(servers, CLIENTS);
  const delays: number[] = [];
  let counting = false;
  for (const socket of sockets)
    socket.on('message', (data: Buffer) => {
      if (!counting) return;
      const message = JSON.parse(data.toString()) as { type?: string; snapshot?: boolean; at?: number };
      if (message.type === 'quote' && !message.snapshot && typeof message.at === 'number')
        delays.push(Date.now() - message.at);
    });
  await sleep(2_000);
  counting = true;
  await sleep(SECONDS * 1_000);
  counting = false;
  for (const socket of sockets) socket.terminate();
  delays.sort((a, b) => a - b);
  const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? 0;
  // Every client hears every tick of its 5 instruments: what a perfect fan-out would deliver.
  const expected = (CLIENTS * ORDER_CODES.length * 1_000) / TICK_MS;
  return {
    msgPerS: Math.round(delays.length / SECONDS),
    expectedMsgPerS: expected,
    delayMs: { p50: at(0.5), p99: at(0.99), max: delays.at(-1) ?? 0 },
  };
}

interface PgSample {
  /** Samples taken. */
  samples: number;
  /** Average number of the servers' sessions per sample, by state. */
  sessionsPerSample: Record<string, number>;
  /** `state / wait_event_type:wait_event` → share of all sampled non-idle sessions, most frequent first. */
  waits: Array<{ what: string; share: number; perSample: number }>;
  /** The statements the waiting sessions were running (first 120 characters), most frequent first. */
  waitingQueries: Array<{ query: string; share: number }>;
  /** Ungranted locks: `locktype relation mode` → average number waiting per sample. */
  lockWaits: Array<{ lock: string; perSample: number }>;
}

/**
 * Reads `pg_stat_activity` of `database` (connected to it, so lock relations resolve to names)
 * every SAMPLE_EVERY_MS until stopped: each server session's state, what it waits for
 * (`wait_event_type`/`wait_event`, none = running on the CPU) and the start of its statement; and
 * which locks are waited for (`pg_locks`, not granted).
 */
function samplePg(connectionString: string, database: string) {
  const client = new pg.Client({ connectionString });
  const states = new Map<string, number>();
  const waits = new Map<string, number>();
  const queries = new Map<string, number>();
  const locks = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  let samples = 0;
  let busy = 0;
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const started = Date.now();
      const activity = await client.query<{
        state: string | null;
        wait_event_type: string | null;
        wait_event: string | null;
        query: string;
      }>(
        `select state, wait_event_type, wait_event, left(regexp_replace(query, '\\s+', ' ', 'g'), 120) as query
           from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        [database],
      );
      // A tuple lock on a ledger account names its row by ctid: read while the holder has not
      // committed, that version is still the visible one, so the account's code can be shown.
      const waiting = await client.query<{ lock: string }>(
        `select l.locktype || ' ' || coalesce(l.relation::regclass::text, '') || ' ' || l.mode ||
                coalesce(' ' || (select code from ledger_accounts
                                  where l.locktype = 'tuple' and l.relation = 'ledger_accounts'::regclass
                                    and ctid = format('(%s,%s)', l.page, l.tuple)::tid), '') as lock
           from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where not l.granted and a.datname = $1`,
        [database],
      );
      samples += 1;
      for (const row of activity.rows) {
        const state = row.state ?? 'unknown';
        bump(states, state);
        if (state === 'idle') continue;
        busy += 1;
        const wait = row.wait_event_type ? `${row.wait_event_type}:${row.wait_event}` : 'CPU (no wait event)';
        bump(waits, `${state} / ${wait}`);
        if (row.wait_event_type && row.wait_event_type !== 'Client') bump(queries, row.query);
      }
      for (const row of waiting.rows) bump(locks, row.lock.replace(/\s+/g, ' '));
      await sleep(Math.max(0, SAMPLE_EVERY_MS - (Date.now() - started)));
    }
    await client.end();
  })();
  const round = (n: number) => Math.round(n * 100) / 100;
  const top = (map: Map<string, number>, n: number) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  return async (): Promise<PgSample> => {
    running = false;
    await loop;
    const waitedTotal = [...queries.values()].reduce((sum, n) => sum + n, 0);
    return {
      samples,
      sessionsPerSample: Object.fromEntries([...states.entries()].map(([k, n]) => [k, round(n / samples)])),
      waits: top(waits, 8).map(([what, n]) => ({ what, share: round(n / busy), perSample: round(n / samples) })),
      waitingQueries: top(queries, 5).map(([query, n]) => ({ query, share: round(n / Math.max(1, waitedTotal)) })),
      lockWaits: top(locks, 5).map(([lock, n]) => ({ lock, perSample: round(n / samples) })),
    };
  };
}

async function runOne(instances: number) {
  const database = `bench_scale_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl!);
  url.pathname = `/${database}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-scale-'));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl!,
    REDIS_PREFIX: `scale${randomBytes(4).toString('hex')}:`,
    JWE_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    CLOCK_MODE: 'real',
    MARKET_TICK_MS: String(TICK_MS),
    MARKET_BACKFILL_DAYS: '2',
    MARKET_BACKFILL_INTRADAY_DAYS: '0',
    DUPLICATE_SUBMIT_WINDOW_MS: '0',
    TRADE_ORDERS_PER_MINUTE: '10000000',
    STREAM_MAX_CONNECTIONS_PER_IP: '100000',
    PAYMENT_PROVIDER: 'none',
  };
  await admin(`create database ${database}`);
  const servers: Server[] = [];
  try {
    const ctx = await createContext(loadConfig(env));
    let tokens: string[];
    try {
      tokens = await prepareOrderInvestors(ctx, { users: USERS });
    } finally {
      await closeContext(ctx);
    }
    servers.push(await startServer(env));
    servers.push(...(await Promise.all(Array.from({ length: instances - 1 }, () => startServer(env)))));

    // Warm-up: one order per session on some instance (the trading password check is remembered per
    // instance, so each instance warms up on its own share), then a short run.
    await Promise.all(
      tokens.map(async (token, i) => {
        const res = await fetch(`${servers[i % servers.length]!.baseUrl}/api/trade/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token, 'idempotency-key': randomUUID() },
          body: JSON.stringify({
            code: ORDER_CODES[0],
            side: 'buy',
            type: 'market',
            lots: 1,
            tradingPassword: TRADING_PASSWORD,
          }),
        });
        if (res.status !== 200) throw new Error(`warm-up order failed: ${res.status} ${await res.text()}`);
      }),
    );
    const counter = { n: 0 };
    const per = Math.max(1, Math.round(CONNECTIONS / instances));
    const load = (seconds: number) =>
      Promise.all(
        servers.map((server) =>
          autocannon({
            url: server.baseUrl,
            connections: per,
            duration: seconds,
            requests: [orderRequest(tokens, counter)],
          }),
        ),
      );
    await load(3);
    const cpuBefore = servers.map((s) => cpuMs(s.child.pid));
    const stopSampling = SAMPLE_PG ? samplePg(url.toString(), database) : undefined;
    const results = await load(SECONDS);
    const pgSample = await stopSampling?.();
    const cpuAfter = servers.map((s) => cpuMs(s.child.pid));
    const total = results.reduce((sum, r) => sum + r.requests.total, 0);
    const orders = {
      reqPerS: Math.round(total / SECONDS),
      p50Ms: Math.max(...results.map((r) => r.latency.p50)),
      p99Ms: Math.max(...results.map((r) => r.latency.p99)),
      non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
      errors: results.reduce((sum, r) => sum + r.errors, 0),
      /** CPU time of each server process per order placed anywhere (µs). */
      serverCpuUsPerOrder: cpuAfter.map((after, i) =>
        Math.round(((after - cpuBefore[i]!) * 1000) / Math.max(1, total)),
      ),
    };
    const stream = await measureStream(servers);
    return { instances, orders, stream, pg: pgSample, loadavg: loadavg().map((l) => Math.round(l * 10) / 10) };
  } finally {
    await Promise.all(servers.map(stopServer));
    await admin(`drop database if exists ${database} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printPgSample(sample: PgSample) {
  const pct = (share: number) => `${Math.round(share * 100)}%`.padStart(4);
  console.error(
    `  pg_stat_activity, ${sample.samples} samples every ${SAMPLE_EVERY_MS} ms; sessions per sample: ` +
      Object.entries(sample.sessionsPerSample)
        .map(([state, n]) => `${state} ${n}`)
        .join(', '),
  );
  console.error('  non-idle sessions by state / wait (share, average sessions per sample):');
  for (const w of sample.waits) console.error(`    ${pct(w.share)}  ${w.perSample.toFixed(2).padStart(5)}  ${w.what}`);
  console.error('  statements of the waiting sessions:');
  for (const q of sample.waitingQueries) console.error(`    ${pct(q.share)}  ${q.query}`);
  console.error('  ungranted locks (average waiting per sample):');
  for (const l of sample.lockWaits) console.error(`    ${l.perSample.toFixed(2).padStart(5)}  ${l.lock}`);
}

const rows: Array<Awaited<ReturnType<typeof runOne>>> = [];
for (const count of COUNTS) {
  const row = await runOne(count);
  rows.push(row);
  if (!values.json)
    console.error(
      `${count} instance(s): ${row.orders.reqPerS} orders/s (p99 ${row.orders.p99Ms} ms, non-2xx ${row.orders.non2xx}); ` +
        `stream ${row.stream.msgPerS}/${row.stream.expectedMsgPerS} msg/s, delay p99 ${row.stream.delayMs.p99} ms; load ${row.loadavg.join(' ')}`,
    );
  if (!values.json && row.pg) printPgSample(row.pg);
}
const figures: Figure[] = rows.flatMap((row) => [
  {
    bench: 'scale.orders',
    figure: 'reqPerS',
    value: row.orders.reqPerS,
    unit: 'req/s',
    tool: 'autocannon',
    instances: row.instances,
  },
  {
    bench: 'scale.orders',
    figure: 'p99Ms',
    value: row.orders.p99Ms,
    unit: 'ms',
    tool: 'autocannon',
    instances: row.instances,
  },
  {
    bench: 'scale.stream',
    figure: 'msgPerS',
    value: row.stream.msgPerS,
    unit: 'msg/s',
    instances: row.instances,
    clients: CLIENTS,
  },
  {
    bench: 'scale.stream',
    figure: 'p99Ms',
    value: row.stream.delayMs.p99,
    unit: 'ms',
    instances: row.instances,
    clients: CLIENTS,
  },
]);
printReport(
  { cores: cpus().length, seconds: SECONDS, connections: CONNECTIONS, clients: CLIENTS, users: USERS, rows },
  figures,
);
