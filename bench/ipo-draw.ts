// `npm run bench:ipo-draw`: the IPO draw alone (docs/performance.md, "IPO draw") for the issue's
// allocation size, 100,000 subscriptions applying for 1,000,000 lots, with 1 %, 10 % and 50 % of the
// applied lots offered. Only `drawAllotments` (and the verifier's re-check of the same draw) is timed:
// no database, no captures, releases or notifications.
//
// Each public-lot size runs in a child process of its own, so its peak resident memory is its own:
// the child builds the list, measures its resident size, draws `--runs` times, and reports the
// times, the peak resident size (getrusage maxRSS) and the heap retained by the result.
//
//   npm run bench:ipo-draw [-- --runs 5]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DRAW_ALGORITHM, drawAllotments, seedHash } from '../apps/server/src/domains/ipo/draw.ts';
import { verifyDraw } from '../apps/server/src/domains/ipo/draw-verify.ts';

const SUBSCRIPTIONS = 100_000;
const APPLIED_LOTS = 1_000_000;
const SHARES = [0.01, 0.1, 0.5];

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, 'public-lots': { type: 'string' } },
});
const runs = Number(values.runs);

/** 100,000 subscriptions of 1–19 lots (a fixed spread), the last one topped up so they add up to 1,000,000. */
function subscriptions(): Array<{ subscriptionId: number; lots: number }> {
  const list = Array.from({ length: SUBSCRIPTIONS }, (_, i) => ({ subscriptionId: i + 1, lots: 1 + ((i * 7) % 19) }));
  const sum = list.reduce((total, entry) => total + entry.lots, 0);
  list[list.length - 1]!.lots += APPLIED_LOTS - sum;
  return list;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** One public-lot size, in this process: prints one JSON line. */
function child(publicLots: number): void {
  const entries = subscriptions();
  const seed = createHash('sha256').update('bench:ipo-draw').digest('hex');
  gc();
  const baseline = process.memoryUsage();
  const drawMs: number[] = [];
  let allotted = new Map<number, number>();
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    allotted = drawAllotments({ seedHex: seed, publicLots, entries });
    drawMs.push(performance.now() - started);
  }
  // Read before the verifier builds the published list, so the peak is the draw's.
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  gc();
  const retainedBytes = process.memoryUsage().heapUsed - baseline.heapUsed;
  let total = 0;
  for (const lots of allotted.values()) total += lots;
  if (total !== publicLots) throw new Error(`drew ${total} lots, not ${publicLots}`);

  const published = {
    issueId: 1,
    status: 'allocated' as const,
    algorithm: DRAW_ALGORITHM,
    seedHash: seedHash(seed),
    seed,
    publicLots,
    appliedLots: APPLIED_LOTS,
    oversubscribed: true,
    entries: entries.map((entry) => ({ ...entry, allotted: allotted.get(entry.subscriptionId) ?? 0 })),
    drawnAt: null,
  };
  const started = performance.now();
  const verification = verifyDraw(published);
  const verifyMs = performance.now() - started;
  if (verification.outcome !== 'match') throw new Error(`the draw does not verify: ${verification.outcome}`);

  console.log(
    JSON.stringify({
      publicLots,
      drawMs,
      verifyMs,
      baselineRssBytes: baseline.rss,
      peakRssBytes,
      retainedBytes,
    }),
  );
}

function parent(): void {
  const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
  console.log(
    `${DRAW_ALGORITHM}: ${SUBSCRIPTIONS.toLocaleString('en')} subscriptions, ${APPLIED_LOTS.toLocaleString('en')} lots applied, ${runs} runs per size, Node ${process.version}`,
  );
  console.log('public lots | draw ms min / median / max | verify ms | RSS before → peak (MiB) | result heap (MiB)');
  for (const share of SHARES) {
    const publicLots = Math.round(APPLIED_LOTS * share);
    const result = spawnSync(
      process.execPath,
      [
        '--expose-gc',
        '--import',
        'tsx',
        import.meta.filename,
        '--runs',
        String(runs),
        '--public-lots',
        String(publicLots),
      ],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`public lots ${publicLots}: ${result.stderr}`);
    const row = JSON.parse(result.stdout) as {
      drawMs: number[];
      verifyMs: number;
      baselineRssBytes: number;
      peakRssBytes: number;
      retainedBytes: number;
    };
    console.log(
      [
        `${publicLots.toLocaleString('en')} (${share * 100} %)`,
        `${Math.min(...row.drawMs).toFixed(0)} / ${median(row.drawMs).toFixed(0)} / ${Math.max(...row.drawMs).toFixed(0)}`,
        row.verifyMs.toFixed(0),
        `${mib(row.baselineRssBytes)} → ${mib(row.peakRssBytes)}`,
        mib(row.retainedBytes),
      ].join(' | '),
    );
  }
}

if (values['public-lots'] === undefined) parent();
else child(Number(values['public-lots']));
