/**
 * Market list benchmark (issue 17, item 6): `GET /api/market/instruments` — the list every investor
 * opens first and polls — against the real server on SQLite (the seeded demo's 60 instruments, the
 * simulator ticking every second), next to a plain Fastify hello world loaded the same way in the
 * same run. Two clients:
 *
 * - `full`: every request without a validator, so every answer carries the page (gzip, as a
 *   browser asks for it);
 * - `conditional`: every request revalidates with the last ETag seen (If-None-Match), as a browser
 *   does under `Cache-Control: no-cache`: 304 without a body until a tick changes the page (wrk
 *   only: it needs a script that reads the answers).
 *
 * wrk (C, one thread) when it is installed, else autocannon (the `full` client only).
 *
 *   npm run bench:instruments [-- --duration 20 --connections 50] [--json]
 */
import path from 'node:path';
import { autocannon } from './lib/autocannon.ts';
import { JSON_MODE, printReport, type Figure } from './lib/figures.ts';
import { ROOT, startHelloWorld, startServer } from './lib/server.ts';
import { hasWrk, runWrk } from './lib/wrk.ts';

function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

const duration = arg('duration', 20);
const connections = arg('connections', 50);
const warmup = Math.min(3, duration);
/** The web app's first page of the market list (apps/web/src/features/market/api/get-instruments.ts). */
const QUERY = '/api/market/instruments?sort=-changePct&page=1&pageSize=20';
const headers = { 'accept-encoding': 'gzip, deflate, br' };

interface Load {
  reqPerS: number;
  requests: number;
  latencyMs: { p50: number; p90: number; p99: number; max?: number };
  non2xx: number;
  extra?: Record<string, unknown>;
}

async function load(url: string, options: { script?: string } = {}): Promise<Load & { tool: 'wrk' | 'autocannon' }> {
  if (hasWrk()) {
    runWrk({ url, connections, durationS: warmup, headers, ...options });
    const r = runWrk({ url, connections, durationS: duration, headers, ...options });
    return { ...r, tool: 'wrk' as const };
  }
  await autocannon({ url, connections, duration: warmup, headers });
  const r = await autocannon({ url, connections, duration, headers });
  return {
    tool: 'autocannon',
    reqPerS: Math.round(r.requests.average),
    requests: r.requests.total,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    non2xx: r.non2xx,
  };
}

const server = await startServer({
  MARKET_BACKFILL_DAYS: '5',
  MARKET_BACKFILL_INTRADAY_DAYS: '1',
  MARKET_RATE_PER_IP_PER_MINUTE: '10000000',
});
try {
  const url = `${server.baseUrl}${QUERY}`;
  const sample = await fetch(url, { headers });
  const page = (await sample.json()) as { data: { items: unknown[]; total: number } };
  const hello = await startHelloWorld();
  let helloWorld;
  try {
    helloWorld = await load(hello.url);
  } finally {
    await hello.stop();
  }
  const full = await load(url);
  const conditional = hasWrk()
    ? await load(url, { script: path.join(ROOT, 'bench/instruments-conditional.lua') })
    : null;
  const ratio = (r: Load) => Number((r.reqPerS / helloWorld.reqPerS).toFixed(3));
  const report = {
    benchmark: 'market list (GET /api/market/instruments), the web app’s first page',
    query: QUERY,
    items: page.data.items.length,
    instruments: page.data.total,
    etag: sample.headers.get('etag'),
    cacheControl: sample.headers.get('cache-control'),
    connections,
    durationS: duration,
    helloWorld,
    full: { ...full, ratio: ratio(full) },
    conditional: conditional ? { ...conditional, ratio: ratio(conditional) } : 'needs wrk (apt-get install wrk)',
    target: { ratio: 0.3, p99Ms: 20 },
  };
  const figures: Figure[] = [];
  for (const [name, r] of [
    ['full', full],
    ['conditional', conditional],
  ] as const) {
    if (!r) continue;
    figures.push(
      { bench: `instruments ${name}`, figure: 'reqPerS', value: r.reqPerS, unit: 'req/s', tool: r.tool, connections },
      { bench: `instruments ${name}`, figure: 'p99Ms', value: r.latencyMs.p99, unit: 'ms', tool: r.tool, connections },
    );
  }
  figures.push({
    bench: 'hello world',
    figure: 'reqPerS',
    value: helloWorld.reqPerS,
    unit: 'req/s',
    tool: helloWorld.tool,
    connections,
  });
  printReport(report, figures);
  const failed = full.non2xx > 0 || (conditional?.non2xx ?? 0) > 0;
  if (failed && !JSON_MODE) console.error('non-2xx answers under load');
  process.exitCode = failed ? 1 : 0;
} finally {
  await server.stop();
}
