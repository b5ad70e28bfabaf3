import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import type { TestProject } from 'vitest/node';

/** Adds single-use invitation codes to the demo database (test fixtures, written beside the running server). */
function addFixtureInvitations(file: string, count: number): string[] {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  try {
    const insert = db.prepare(
      "insert into invitations (code, note, max_uses, uses, status, created_at) values (?, 'e2e fixture', 1, 0, 'active', ?)",
    );
    return Array.from({ length: count }, () => {
      const code = Array.from(randomBytes(14), (b) => alphabet[b & 31]).join('');
      insert.run(code, Date.now());
      return code;
    });
  } finally {
    db.close();
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface E2eContext {
  baseUrl: string;
  dataDir: string;
  chromium: string | null;
  /** Unused single-use invitation codes for journeys that need an account of their own. */
  fixtureInviteCodes: string[];
  credentials: {
    investor: { username: string; password: string };
    inviteCode: string;
    operator: { username: string; password: string; totpSecret: string };
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts the real server (built apps, fresh SQLite demo, simulated clock) for the browser journeys. */
export default async function setup(project: TestProject) {
  const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null);
  if (!chromium && process.env.CI === 'true')
    throw new Error('CI=true but Chromium is missing: the browser suite must run');
  for (const dist of ['apps/web/dist/index.html', 'apps/admin/dist/index.html']) {
    if (!existsSync(path.join(root, dist)))
      throw new Error(`${dist} is missing: run npm run build first (npm test does)`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      CLOCK_MODE: 'simulated',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Three years of daily bars as in the demo, but two days of minutes: start-up stays quick.
      MARKET_BACKFILL_INTRADAY_DAYS: '2',
    },
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
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const credentials = JSON.parse(
    readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'),
  ) as E2eContext['credentials'];
  const fixtureInviteCodes = addFixtureInvitations(path.join(dataDir, 'bourse.sqlite'), 3);
  project.provide('e2e', { baseUrl, dataDir, chromium, credentials, fixtureInviteCodes });

  return async () => {
    // Graceful shutdown is part of the contract: SIGTERM closes the server and the database, exit 0.
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), 15_000)));
    const code = await Promise.race([exited, timeout]);
    clearTimeout(timer);
    rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) {
      child.kill('SIGKILL');
      throw new Error(`server did not stop cleanly on SIGTERM (exit ${String(code)}):\n${output.slice(-2000)}`);
    }
  };
}
