import { spawn, spawnSync } from 'node:child_process';

export interface WrkResult {
  tool: 'wrk';
  requests: number;
  reqPerS: number;
  latencyMs: { p50: number; p90: number; p99: number };
  non2xx: number;
  socketErrors: string | null;
  /** What a script's `done` printed as `wrk-extra {json}`, if anything. */
  extra?: Record<string, unknown>;
}

/** Whether wrk (Debian package `wrk`) is on the PATH. */
export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

function toMs(value: string, unit: string): number {
  const n = Number(value);
  return unit === 'us' ? n / 1000 : unit === 's' ? n * 1000 : n;
}

/**
 * Runs wrk (one thread: the server needs the other core) and parses its latency distribution.
 * wrk is written in C and costs the machine far less per request than a JavaScript load generator,
 * so on two shared cores it measures the server rather than itself.
 */
export function runWrk(options: {
  url: string;
  connections: number;
  durationS: number;
  headers?: Record<string, string>;
  /** A Lua script that builds each request (wrk's `request` function). */
  script?: string;
}): WrkResult {
  const run = spawnSync('wrk', wrkArgs(options), { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  return parseWrk(run.stdout);
}

/** runWrk without blocking this process's event loop (for a server running in this process). */
export function runWrkAsync(options: WrkOptions): Promise<WrkResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', wrkArgs(options), { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk failed: ${err}`));
      try {
        resolve(parseWrk(out));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

interface WrkOptions {
  url: string;
  connections: number;
  durationS: number;
  headers?: Record<string, string>;
  script?: string;
}

function wrkArgs(options: WrkOptions): string[] {
  const args = ['-t1', `-c${options.connections}`, `-d${options.durationS}s`, '--latency'];
  if (options.script) args.push('-s', options.script);
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(options.url);
  return args;
}

function parseWrk(out: string): WrkResult {
  const percentile = (p: string) => {
    const match = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
    if (!match) throw new Error(`wrk output without the ${p}% line:\n${out}`);
    return toMs(match[1] ?? '0', match[2] ?? 'ms');
  };
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN);
  return {
    tool: 'wrk',
    requests,
    reqPerS: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN)),
    latencyMs: { p50: percentile('50'), p90: percentile('90'), p99: percentile('99') },
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    socketErrors: /Socket errors: (.*)/.exec(out)?.[1] ?? null,
    ...(/^wrk-extra (\{.*\})$/m.test(out) ? { extra: JSON.parse(/^wrk-extra (\{.*\})$/m.exec(out)![1]!) } : {}),
  };
}
