import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the demo seed writes to `demo-credentials.json` in the data directory. */
export interface DemoCredentials {
  investor: { username: string; password: string; tradingPassword: string };
  inviteCode: string;
  operator: { username: string; password: string; totpSecret: string };
}

export interface E2eServer {
  baseUrl: string;
  dataDir: string;
  credentials: DemoCredentials;
  /** Stops the server with SIGTERM (a clean exit is part of the contract) and removes its data. */
  stop: () => Promise<void>;
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

/**
 * Starts the real server (built apps, a fresh SQLite demo in a directory of its own, simulated clock)
 * and waits until it answers. The browser journeys share one (global-setup.ts); a journey that moves
 * the sandbox clock starts its own, since sign-in payloads and TOTP codes are checked against that
 * clock and would fail for every journey after it.
 */
export async function startServer(label = 'bourse-e2e'): Promise<E2eServer> {
  for (const dist of ['apps/web/dist/index.html', 'apps/admin/dist/index.html']) {
    if (!existsSync(path.join(root, dist)))
      throw new Error(`${dist} is missing: run npm run build first (npm test does)`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `${label}-`));
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
      // The journeys share this server and all come from 127.0.0.1: a dozen of them registering and
      // signing in (in the app and through the API) within a minute would meet the per-IP limit of
      // 30, and a journey would fail on a 429 it does not test (the server tests do).
      LOGIN_RATE_PER_IP_PER_MINUTE: '1000',
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
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const credentials = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as DemoCredentials;

  const stop = async () => {
    const exited = new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode);
      else child.once('exit', (code) => resolve(code));
    });
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
  return { baseUrl, dataDir, credentials, stop };
}
