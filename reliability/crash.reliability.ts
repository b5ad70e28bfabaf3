import { describe, expect, it } from 'vitest';
import { runCrash } from './run-crash.ts';
import type { Dialect } from './server.ts';

// The short crash run of npm test (issue 17): ten SIGKILLs under the bank workload on SQLite (half
// of them while a clock advance runs the due jobs). Long runs, both dialects:
// `npm run reliability:crash` (docs/reliability.md).
// PostgreSQL's crash runs are the long script's (`--dialect both`): each restart costs a start-up.
const RUNS: Array<[Dialect, number]> = [['sqlite', 10]];

describe.each(RUNS)('SIGKILL under load on %s', (dialect, kills) => {
  it(`${kills} kills: the database opens, ledger:verify passes, no acknowledged write lost, jobs run once`, async () => {
    const result = await runCrash({
      dialect,
      kills,
      port: dialect === 'sqlite' ? 4302 : 4303,
      clients: 50,
      investors: 12,
      loadMs: 1_500,
      log: () => undefined,
    });
    console.log(result.summary);
    expect(result.violations, result.summary).toEqual([]);
    expect(result.kills).toHaveLength(kills);
  });
});
