import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createOperator } from '../apps/server/src/domains/admin/operators.service.ts';
import { openPostgres, openSqlite, type DatabaseHandle } from '../apps/server/src/platform/db/database.ts';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.ts';
import { verifyLedger } from '../apps/server/src/platform/ledger/ledger-verify.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Dialect = 'sqlite' | 'postgres';

/**
 * The database and data directory one reliability run owns: a fresh SQLite file, or a fresh
 * PostgreSQL database made beside TEST_DATABASE_URL's (dropped at the end).
 */
export interface Store {
  dialect: Dialect;
  dataDir: string;
  /** DATABASE_URL for the server ('' on SQLite). */
  databaseUrl: string;
  open: () => DatabaseHandle;
  dispose: () => Promise<void>;
}

export async function createStore(dialect: Dialect, label: string): Promise<Store> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bourse-${label}-`));
  if (dialect === 'sqlite') {
    return {
      dialect,
      dataDir,
      databaseUrl: '',
      open: () => openSqlite(path.join(dataDir, 'bourse.sqlite')),
      dispose: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL run');
  const name = `rel_${label.replace(/\W/g, '_')}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    dialect,
    dataDir,
    databaseUrl,
    open: () => openPostgres(databaseUrl, { max: 3 }),
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Adds an operator to the run's database (as e2e/api.ts does), for the workload's decisions. */
export async function addOperator(
  store: Store,
  username: string,
): Promise<{ username: string; password: string; totpSecret: string }> {
  const password = 'Operator2026';
  const handle = store.open();
  try {
    const { totpSecret } = await createOperator(handle.db, {
      username,
      password,
      roles: ['admin', 'finance', 'compliance'],
      nowMs: Date.now(),
    });
    return { username, password, totpSecret };
  } finally {
    await handle.close();
  }
}

export interface RunningServer {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  /** SIGKILL: no shutdown hook runs (the crash test). Resolves once the process is gone. */
  kill: () => Promise<void>;
  /** SIGTERM and wait for a clean exit. */
  stop: () => Promise<number | null>;
}

/**
 * Starts the real server on the store (in production mode with the simulated clock and the sandbox
 * payment provider, as a staging deployment runs; the demo seeded on first start, limits
 * raised so that 50 clients on one address are not throttled, sessions long enough for the days the
 * driver moves the clock through) and waits until it answers.
 */
export async function startServer(
  store: Store,
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl,
      REDIS_URL: '',
      CLOCK_MODE: 'simulated',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Production mode, as deployed: with NODE_ENV=test the order writer thread starts only with
      // the first order (a concession to the server tests' hundreds of apps), so after each restart
      // the orders of the crash test's short rounds waited for the thread to load under load and
      // none was answered before the next kill (docs/reliability.md). A staging deployment's
      // settings keep the simulated clock and the sandbox payment provider.
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      PAYMENT_SANDBOX_IN_PRODUCTION: 'true',
      MARKET_BACKFILL_DAYS: '5',
      MARKET_BACKFILL_INTRADAY_DAYS: '0',
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SANDBOX_WEBHOOK_DELAY_MS: '0',
      LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
      MONEY_WRITES_PER_MINUTE: '100000',
      MONEY_WRITES_PER_IP_PER_MINUTE: '10000000',
      TRADE_ORDERS_PER_MINUTE: '10000000',
      MARKET_RATE_PER_IP_PER_MINUTE: '10000000',
      SESSION_TTL_HOURS: '2160',
      OPERATOR_SESSION_TTL_HOURS: '72',
      JWE_MAX_AGE_SECONDS: '600',
      // Each client submits similar bodies: the duplicate-submit guard (same body, new key, 1 s) is
      // tested elsewhere and would only turn random operations into refusals here.
      DUPLICATE_SUBMIT_WINDOW_MS: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in 180 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    child,
    output: () => output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * Several API instances of one deployment (issue 18): `ports.length` server processes on the
 * store's PostgreSQL database and one Redis under a prefix of their own, with one login key for all.
 * The first starts alone (migrates, seeds the demo, takes the leases), the others join it.
 */
export async function startServers(
  store: Store,
  ports: readonly number[],
  redisUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer[]> {
  if (store.dialect !== 'postgres') throw new Error('several instances share a PostgreSQL database');
  const shared = {
    REDIS_URL: redisUrl,
    // This run's own channels and keys: other runs may use the same Redis.
    REDIS_PREFIX: `rel${randomBytes(4).toString('hex')}:`,
    JWE_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
    ...extraEnv,
  };
  const [first, ...rest] = ports;
  if (first === undefined) throw new Error('no port');
  const servers = [await startServer(store, first, shared)];
  try {
    const others = await Promise.allSettled(
      rest.map((port) => startServer(store, port, { ...shared, SEED_DEMO: 'false' })),
    );
    for (const other of others) if (other.status === 'fulfilled') servers.push(other.value);
    const failed = others.find((other) => other.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await Promise.all(servers.map((server) => server.kill()));
    throw error;
  }
  return servers;
}

export const WEBHOOK_SECRET = 'reliability-webhook-secret-0123456789abcdef';

export function demoCredentials(store: Store): {
  operator: { username: string; password: string; totpSecret: string };
} {
  return JSON.parse(readFileSync(path.join(store.dataDir, 'demo-credentials.json'), 'utf8')) as {
    operator: { username: string; password: string; totpSecret: string };
  };
}

/**
 * What `npm run ledger:verify` does, in this process (no second start-up per kill): open the
 * database as the crash left it, migrate, verify. The script itself runs at the end of each run.
 */
export async function ledgerVerifyInProcess(store: Store): Promise<{ ok: boolean; report: string }> {
  const handle = store.open();
  try {
    await migrateToLatest(handle);
    const report = await verifyLedger(handle.db);
    return { ok: report.ok, report: JSON.stringify(report) };
  } finally {
    await handle.close();
  }
}

/** `npm run ledger:verify` against the store, as an operator would run it: its exit code and report. */
export function ledgerVerifyCli(store: Store): { code: number | null; report: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/scripts/ledger-verify.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { code: result.status, report: `${result.stdout}${result.stderr}` };
}

/** The error lines of a server's log (pino JSON at level 50 and up, or anything that looks like a stack). */
export function serverErrors(output: string): string {
  return output
    .split('\n')
    .filter((line) => /"level":(50|60)|Error|error/.test(line))
    .slice(-20)
    .map((line) => line.slice(0, 2000))
    .join('\n');
}
