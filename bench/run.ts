/**
 * `npm run bench [-- --quick] [--only orders,candles,…]`: every load benchmark in one run, each figure
 * as one JSON line on stdout next to a plain Fastify hello world measured in the same run, so runs
 * compare across machines (docs/performance.md, "npm run bench").
 *
 * The benchmarks are the scripts behind the `bench:*` commands, started one after the other with
 * `--json` (bench/lib/figures.ts: figure lines on stdout, their full report on stderr, which this
 * runner passes through). The hello world (bench/hello-world-server.ts, GET /, 50 connections) is
 * loaded right before each benchmark (other work on a shared machine comes and goes between them),
 * with wrk and with autocannon; a figure is compared with the one from the same load generator (wrk
 * for figures without one). Each line carries:
 *
 * - `helloWorldReqPerS`: the baseline;
 * - for a throughput (req/s, msg/s): `ratio` = figure ÷ hello world;
 * - for a time (ms, s): `helloRequests` = how many hello-world requests this machine answers in that
 *   time (figure × hello world rate): the time in units of the machine's speed.
 *
 * `--quick` shortens every benchmark (a few seconds of load, a tenth of the rows) for a smoke run:
 * its figures are not comparable with a full run's. Exits non-zero when a benchmark fails its checks.
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { autocannon } from './lib/autocannon.ts';
import type { Figure } from './lib/figures.ts';
import { ROOT, startHelloWorld } from './lib/server.ts';
import { hasWrk, runWrk } from './lib/wrk.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const quick = values.quick;
const CONNECTIONS = 50;

interface Bench {
  name: string;
  script: string;
  args: string[];
  env?: Record<string, string>;
}

const BENCHES: Bench[] = [
  {
    name: 'orders',
    script: 'bench/order-placement.ts',
    args: [],
    env: quick ? { BENCH_SECONDS: '5', BENCH_USERS: '50' } : { BENCH_SECONDS: '20' },
  },
  { name: 'candles', script: 'bench/candles.ts', args: ['--duration', quick ? '5' : '20', '--connections', '100'] },
  {
    name: 'instruments',
    script: 'bench/instruments.ts',
    args: ['--duration', quick ? '5' : '20', '--connections', String(CONNECTIONS)],
  },
  {
    name: 'stream',
    script: 'bench/stream-fanout.ts',
    args: quick ? ['500', '--seconds=5', '--warmup=1'] : ['500,2000', '--seconds=20'],
  },
  {
    name: 'ipo-allocation',
    script: 'bench/ipo-allocation.ts',
    args: quick ? ['--subscriptions', '10000', '--lots', '100000'] : [],
  },
  { name: 'ledger-verify', script: 'bench/ledger-verify.ts', args: ['--postings', quick ? '100000' : '1000000'] },
];

type Tool = 'wrk' | 'autocannon';

async function helloWorld(): Promise<Partial<Record<Tool, number>>> {
  const hello = await startHelloWorld();
  const seconds = quick ? 3 : 10;
  try {
    const rates: Partial<Record<Tool, number>> = {};
    if (hasWrk()) {
      runWrk({ url: hello.url, connections: CONNECTIONS, durationS: 2 });
      rates.wrk = runWrk({ url: hello.url, connections: CONNECTIONS, durationS: seconds }).reqPerS;
    }
    await autocannon({ url: hello.url, connections: CONNECTIONS, duration: 2 });
    rates.autocannon = Math.round(
      (await autocannon({ url: hello.url, connections: CONNECTIONS, duration: seconds })).requests.average,
    );
    return rates;
  } finally {
    await hello.stop();
  }
}

/** Runs one benchmark script with --json; resolves with its figure lines and whether it passed. */
function runBench(bench: Bench): Promise<{ figures: Figure[]; ok: boolean; seconds: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', bench.script, ...bench.args, '--json'], {
      cwd: ROOT,
      env: { ...process.env, ...bench.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      const figures: Figure[] = [];
      for (const line of out.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const value = JSON.parse(line) as Figure;
          if (typeof value.figure === 'string' && typeof value.value === 'number') figures.push(value);
        } catch {
          // not a figure line
        }
      }
      resolve({ figures, ok: code === 0, seconds: (performance.now() - started) / 1000 });
    });
  });
}

const selected = values.only ? BENCHES.filter((b) => values.only!.split(',').includes(b.name)) : BENCHES;
const machine = { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version };
let failed = false;
for (const bench of selected) {
  // The hello world right before each benchmark: on a shared machine the load moves between them.
  const hello = await helloWorld();
  for (const tool of ['wrk', 'autocannon'] as const) {
    if (hello[tool] === undefined) continue;
    console.log(
      JSON.stringify({
        bench: 'hello world',
        figure: 'reqPerS',
        value: hello[tool],
        unit: 'req/s',
        tool,
        connections: CONNECTIONS,
        before: bench.name,
        quick,
        machine,
        loadAverage: Number(loadavg()[0]!.toFixed(2)),
      }),
    );
  }
  process.stderr.write(`\n── ${bench.name}: ${bench.script} ${bench.args.join(' ')}\n`);
  const { figures, ok, seconds } = await runBench(bench);
  if (!ok) failed = true;
  if (figures.length === 0) {
    console.log(JSON.stringify({ bench: bench.name, figure: 'failed', value: 1, unit: 's', ok, seconds }));
    continue;
  }
  for (const figure of figures) {
    // A bench's own hello-world line is its reference, not a figure of the app.
    if (figure.bench === 'hello world') continue;
    const baseline = hello[figure.tool ?? (hello.wrk !== undefined ? 'wrk' : 'autocannon')] ?? Number.NaN;
    const normalized =
      figure.unit === 'req/s' || figure.unit === 'msg/s'
        ? { ratio: Number((figure.value / baseline).toFixed(3)) }
        : figure.unit === 'ms' || figure.unit === 's'
          ? { helloRequests: Math.round((figure.value / (figure.unit === 'ms' ? 1000 : 1)) * baseline) }
          : {};
    console.log(JSON.stringify({ ...figure, helloWorldReqPerS: baseline, ...normalized, ok, quick }));
  }
}
process.exitCode = failed ? 1 : 0;
