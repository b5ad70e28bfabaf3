import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../platform/config.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A free port: from TEST_PORT_BASE upwards when set (a machine shared by several runs), else any. */
let nextPort = Number(process.env.TEST_PORT_BASE ?? 0);
export function freePort(): Promise<number> {
  const wanted = nextPort > 0 ? nextPort++ : 0;
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error) => (wanted > 0 ? resolve(freePort()) : reject(error)));
    server.listen(wanted, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface Instance {
  name: string;
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/**
 * A deployment of several API processes (apps/server/src/server.ts, as `npm start` runs it) on one
 * fresh PostgreSQL database beside TEST_DATABASE_URL's and TEST_REDIS_URL's Redis under a prefix of
 * its own, with one login key for all (issue 18). `start` adds an instance; `close` stops them all
 * and drops the database.
 */
export class Deployment {
  readonly instances: Instance[] = [];
  private readonly database = `bourse_mi_${randomBytes(5).toString('hex')}`;
  private prepared: {
    adminUrl: string;
    databaseUrl: string;
    dataDir: string;
    sql: pg.Pool;
    env: Record<string, string>;
  } | null = null;

  /**
   * Nothing is made until first used: a suite skipped for want of PostgreSQL and Redis (the
   * later-date run) still constructs its deployment while Vitest collects it.
   */
  constructor(
    private readonly adminUrl: string | undefined,
    private readonly redisUrl: string | undefined,
    private readonly extraEnv: Record<string, string>,
  ) {}

  private prepare() {
    if (this.prepared) return this.prepared;
    if (!this.adminUrl || !this.redisUrl) throw new Error('a deployment needs TEST_DATABASE_URL and TEST_REDIS_URL');
    const url = new URL(this.adminUrl);
    url.pathname = `/${this.database}`;
    const databaseUrl = url.toString();
    this.prepared = {
      adminUrl: this.adminUrl,
      databaseUrl,
      dataDir: mkdtempSync(path.join(tmpdir(), 'bourse-multi-')),
      sql: new pg.Pool({ connectionString: databaseUrl, max: 2 }),
      env: {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: this.redisUrl,
        // This run's own channels and keys: other suites publish quotes of the same codes on this Redis.
        REDIS_PREFIX: `mi${randomBytes(4).toString('hex')}:`,
        // One login key for all: a payload sealed for one instance is opened by any.
        JWE_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString(),
        LOG_LEVEL: 'warn',
        MARKET_BACKFILL_DAYS: '3',
        MARKET_BACKFILL_INTRADAY_DAYS: '0',
        MARKET_TICK_MS: '500',
        PAYMENT_PROVIDER: 'none',
        SQLITE_CHECKPOINT_THREAD: 'false',
        ...this.extraEnv,
      },
    };
    return this.prepared;
  }

  get databaseUrl(): string {
    return this.prepare().databaseUrl;
  }

  get dataDir(): string {
    return this.prepare().dataDir;
  }

  get sql(): pg.Pool {
    return this.prepare().sql;
  }

  get env(): Record<string, string> {
    return this.prepare().env;
  }

  async createDatabase(): Promise<void> {
    const admin = new pg.Client({ connectionString: this.prepare().adminUrl });
    await admin.connect();
    await admin.query(`create database ${this.database}`);
    await admin.end();
  }

  /** Starts one more instance and waits until it answers /api/health. */
  async start(name: string, env: Record<string, string>): Promise<Instance> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...this.env, DATA_DIR: this.dataDir, PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const instance = { name, child, baseUrl: `http://127.0.0.1:${port}`, output: () => output };
    this.instances.push(instance);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name} exited early:\n${output}`);
      try {
        if ((await fetch(`${instance.baseUrl}/api/health`)).ok) return instance;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${name} did not start in 60 s:\n${output}`);
      await sleep(200);
    }
  }

  /** The leases held now, by name: holder and fencing token. */
  async leases(): Promise<Record<string, { holder: string; token: number }>> {
    const { rows } = await this.sql.query<{ name: string; holder: string; fencing_token: string }>(
      'select name, holder, fencing_token from job_leases where expires_at > $1',
      [Date.now()],
    );
    return Object.fromEntries(rows.map((r) => [r.name, { holder: r.holder, token: Number(r.fencing_token) }]));
  }

  async close(): Promise<void> {
    for (const instance of this.instances) if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
    await Promise.all(
      this.instances.map(
        (instance) =>
          new Promise<void>((resolve) => {
            if (instance.child.exitCode !== null || instance.child.signalCode !== null) resolve();
            else instance.child.once('exit', () => resolve());
          }),
      ),
    );
    await this.sql.end();
    const admin = new pg.Client({ connectionString: this.prepare().adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${this.database} with (force)`);
    await admin.end();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** The process id inside a lease holder's name (host:pid:random). */
export const pidOf = (holder: string) => Number(holder.split(':').at(-2));
