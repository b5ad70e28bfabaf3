/**
 * Candles benchmark (issue 4): three years of daily bars for one instrument, 100 concurrent
 * connections against the real server on SQLite. The load comes from wrk when it is installed
 * (`apt-get install wrk`), else from autocannon; both are reported when both exist. Prints JSON.
 *
 *   npm run bench:candles [-- --duration 20 --connections 100]
 */
import { autocannon } from './lib/autocannon.ts';
import { printReport, type Figure } from './lib/figures.ts';
import { startServer } from './lib/server.ts';
import { hasWrk, runWrk } from './lib/wrk.ts';

function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

const duration = arg('duration', 20);
const connections = arg('connections', 100);

const server = await startServer({ MARKET_BACKFILL_INTRADAY_DAYS: '1', MARKET_RATE_PER_IP_PER_MINUTE: '10000000' });
try {
  const url = `${server.baseUrl}/api/market/instruments/SAP/candles?interval=1d`;
  // As a browser asks for it.
  const headers = { 'accept-encoding': 'gzip, deflate, br' };
  const sample = (await (await fetch(url)).json()) as { data: unknown[] };
  const results: Record<string, unknown>[] = [];
  if (hasWrk()) {
    runWrk({ url, connections, durationS: 3, headers }); // warm-up: JIT, SQLite page cache
    results.push({ ...runWrk({ url, connections, durationS: duration, headers }) });
  }
  await autocannon({ url, connections, duration: 3, headers });
  const result = await autocannon({ url, connections, duration, headers });
  results.push({
    tool: 'autocannon',
    requests: result.requests.total,
    reqPerS: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99 },
    non2xx: result.non2xx,
    errors: result.errors,
  });
  const figures: Figure[] = results.flatMap((r) => {
    const tool = r['tool'] as 'wrk' | 'autocannon';
    const latency = r['latencyMs'] as { p99: number };
    return [
      { bench: 'candles', figure: 'reqPerS', value: r['reqPerS'] as number, unit: 'req/s', tool, connections } as const,
      { bench: 'candles', figure: 'p99Ms', value: latency.p99, unit: 'ms', tool, connections } as const,
    ];
  });
  printReport(
    { benchmark: 'candles 1d, 3 years', candles: sample.data.length, connections, durationS: duration, results },
    figures,
  );
} finally {
  await server.stop();
}
