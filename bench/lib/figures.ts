/**
 * The machine-readable side of the benchmarks, for `npm run bench` (bench/run.ts): a script started
 * with `--json` prints one JSON line per figure on stdout (and its full report on stderr); without it,
 * it prints its report as before.
 */
export const JSON_MODE = process.argv.includes('--json');

export interface Figure {
  /** The benchmark, e.g. `orders`. */
  bench: string;
  /** What is measured, e.g. `reqPerS` or `p99Ms`. */
  figure: string;
  value: number;
  unit: 'req/s' | 'ms' | 's' | 'msg/s' | 'MiB' | 'bytes';
  /** The load generator, when the figure comes from one (the hello world is measured with the same). */
  tool?: 'wrk' | 'autocannon';
  /** Anything that qualifies the figure (client count, dialect, rows). */
  [detail: string]: unknown;
}

/** Prints the report: in JSON mode the figures as lines (the report to stderr), else the report. */
export function printReport(report: unknown, figures: readonly Figure[]): void {
  if (JSON_MODE) {
    process.stderr.write(`${JSON.stringify(report)}\n`);
    for (const figure of figures) console.log(JSON.stringify(figure));
  } else {
    console.log(JSON.stringify(report, null, 2));
  }
}
