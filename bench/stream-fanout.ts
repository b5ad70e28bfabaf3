/**
 * Stream fan-out benchmark (issue 4): N WebSocket clients, each subscribed to 5 of 60 instruments
 * ticking every second; measures the delay from the tick (the message's `at`) to its arrival at the
 * client. The server runs in its own process (bench/stream-fanout-server.ts); the clients run here.
 *
 *   node --import tsx bench/stream-fanout.ts [clients,…] [--seconds=20] [--warmup=3]
 *
 * Prints one JSON line per client count, then a Markdown table for docs/performance.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import type { ServerCommand, ServerReport } from './stream-fanout-server.ts';
import { JSON_MODE, printReport } from './lib/figures.ts';

const TOPICS_PER_CLIENT = 5;
const CONNECT_CONCURRENCY = 100;

interface Options {
  counts: number[];
  seconds: number;
  warmupSeconds: number;
}

function parseArgs(argv: string[]): Options {
  let counts = [500, 1_000, 2_000, 5_000];
  let seconds = 20;
  let warmupSeconds = 3;
  for (const arg of argv) {
    if (arg === '--json')
      continue; // bench/lib/figures.ts
    else if (arg.startsWith('--seconds=')) seconds = Number(arg.slice('--seconds='.length));
    else if (arg.startsWith('--warmup=')) warmupSeconds = Number(arg.slice('--warmup='.length));
    else counts = arg.split(',').map(Number);
  }
  if (counts.some((n) => !Number.isInteger(n) || n < 1) || !(seconds > 0) || !(warmupSeconds >= 0)) {
    throw new Error('usage: stream-fanout.ts [clients,…] [--seconds=20] [--warmup=3]');
  }
  return { counts, seconds, warmupSeconds };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class ServerProcess {
  private nextId = 1;
  private readonly waiting = new Map<number, (report: Extract<ServerReport, { kind: 'cpu' }>) => void>();

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    readonly codes: string[],
  ) {
    child.on('message', (report: ServerReport) => {
      if (report.kind !== 'cpu') return;
      this.waiting.get(report.id)?.(report);
      this.waiting.delete(report.id);
    });
  }

  static start(): Promise<ServerProcess> {
    const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stream-fanout-server.ts');
    const child = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    return new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      child.on('message', (report: ServerReport) => {
        if (report.kind === 'ready') resolve(new ServerProcess(child, report.port, report.codes));
      });
    });
  }

  cpu(): Promise<Extract<ServerReport, { kind: 'cpu' }>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.send({ kind: 'cpu', id } satisfies ServerCommand);
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.send({ kind: 'stop' } satisfies ServerCommand);
    });
  }
}

interface Recorder {
  measuring: boolean;
  delays: number[];
  snapshots: number;
}

/** `"at":<digits>` without parsing the whole message: the clients must cost the machine little. */
function atOf(text: string): number {
  const index = text.indexOf('"at":');
  return index < 0 ? Number.NaN : Number.parseInt(text.slice(index + 5, index + 25), 10);
}

function openClient(url: string, topics: string[], recorder: Recorder): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    let subscribed = false;
    socket.on('message', (data: Buffer) => {
      const now = Date.now();
      const text = data.toString('utf8');
      if (!subscribed) {
        if (text.startsWith('{"type":"subscribed"')) {
          subscribed = true;
          resolve(socket);
        }
        return;
      }
      if (!text.startsWith('{"type":"quote"')) return;
      if (text.includes('"snapshot":true')) {
        recorder.snapshots++;
        return;
      }
      if (recorder.measuring) recorder.delays.push(now - atOf(text));
    });
    socket.once('open', () => socket.send(JSON.stringify({ op: 'subscribe', topics })));
    socket.once('error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function runOne(server: ServerProcess, clients: number, options: Options) {
  const url = `ws://127.0.0.1:${server.port}/api/stream`;
  const recorder: Recorder = { measuring: false, delays: [], snapshots: 0 };
  const sockets: WebSocket[] = [];
  const codes = server.codes;
  // Client i takes 5 consecutive codes starting at 5·i (mod 60): every code gets the same share.
  const topicsOf = (i: number) =>
    Array.from({ length: TOPICS_PER_CLIENT }, (_, k) => `quotes:${codes[(i * TOPICS_PER_CLIENT + k) % codes.length]}`);
  const connectStarted = Date.now();
  for (let i = 0; i < clients; i += CONNECT_CONCURRENCY) {
    const batch = [];
    for (let j = i; j < Math.min(clients, i + CONNECT_CONCURRENCY); j++)
      batch.push(openClient(url, topicsOf(j), recorder));
    sockets.push(...(await Promise.all(batch)));
  }
  const connectMs = Date.now() - connectStarted;
  await sleep(options.warmupSeconds * 1_000);

  const cpuBefore = await server.cpu();
  const clientCpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  recorder.measuring = true;
  await sleep(options.seconds * 1_000);
  recorder.measuring = false;
  const wallMicros = Number(process.hrtime.bigint() - started) / 1_000;
  const cpuAfter = await server.cpu();
  const clientCpu = process.cpuUsage(clientCpuBefore);

  for (const socket of sockets) socket.terminate();
  while ((await server.cpu()).connections > 0) await sleep(100);

  const sorted = recorder.delays.sort((a, b) => a - b);
  const fanout = cpuAfter.fanoutMs.sort((a, b) => a - b);
  const round1 = (ms: number) => Math.round(ms * 10) / 10;
  const serverCpuMicros = cpuAfter.userMicros + cpuAfter.systemMicros - cpuBefore.userMicros - cpuBefore.systemMicros;
  return {
    clients,
    topicsPerClient: TOPICS_PER_CLIENT,
    instruments: codes.length,
    seconds: options.seconds,
    connectMs,
    messages: sorted.length,
    messagesPerSecond: Math.round(sorted.length / (wallMicros / 1e6)),
    expectedPerSecond: clients * TOPICS_PER_CLIENT,
    delayMs: {
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
    },
    serverFanoutMs: {
      ticks: fanout.length,
      p50: round1(percentile(fanout, 50)),
      p99: round1(percentile(fanout, 99)),
      max: round1(fanout.at(-1) ?? Number.NaN),
    },
    serverCpuPercent: Math.round((serverCpuMicros / wallMicros) * 100),
    serverRssMiB: Math.round(cpuAfter.rssBytes / 2 ** 20),
    clientCpuPercent: Math.round(((clientCpu.user + clientCpu.system) / wallMicros) * 100),
    /** Other work on the machine skews the numbers: the 1-minute load average at the end. */
    loadAverage: Number(loadavg()[0]!.toFixed(2)),
  };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const server = await ServerProcess.start();
  const results = [];
  try {
    for (const clients of options.counts) {
      const result = await runOne(server, clients, options);
      results.push(result);
      if (!JSON_MODE) console.log(JSON.stringify(result));
    }
  } finally {
    await server.stop();
  }
  if (JSON_MODE) {
    printReport(
      results,
      results.flatMap((r) => [
        { bench: 'stream fan-out', figure: 'p99Ms', value: r.delayMs.p99, unit: 'ms', clients: r.clients } as const,
        {
          bench: 'stream fan-out',
          figure: 'messagesPerS',
          value: r.messagesPerSecond,
          unit: 'msg/s',
          clients: r.clients,
        } as const,
      ]),
    );
    return;
  }
  console.log(
    '\n| clients | messages/s | p50 ms | p90 ms | p99 ms | max ms | server fan-out p50 / max ms | server CPU | client CPU | load avg |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(
      `| ${r.clients} | ${r.messagesPerSecond} | ${r.delayMs.p50} | ${r.delayMs.p90} | ${r.delayMs.p99} | ${r.delayMs.max} | ${r.serverFanoutMs.p50} / ${r.serverFanoutMs.max} | ${r.serverCpuPercent} % | ${r.clientCpuPercent} % | ${r.loadAverage} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
