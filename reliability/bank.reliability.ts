import { describe, expect, it } from 'vitest';
import { runBank } from './run-bank.ts';
import type { Dialect } from './server.ts';

// The short bank run of npm test (issue 17): 50 clients for 25 s on each dialect. Long runs:
// `npm run reliability:bank -- --minutes 10` (docs/reliability.md).
const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL)
  throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL bank run must run in CI');

describe.each(DIALECTS)('the bank workload on %s', (dialect) => {
  it('keeps every cent: totals on every read, ledger:verify, each answer reflected exactly once', async () => {
    const lines: string[] = [];
    const result = await runBank({
      dialect,
      durationMs: 25_000,
      port: dialect === 'sqlite' ? 4300 : 4301,
      clients: 50,
      investors: 16,
      log: (line) => lines.push(line),
    });
    console.log(result.summary);
    expect(result.violations, result.summary).toEqual([]);
    expect(result.ledgerVerify.code).toBe(0);
    // The run did what it is for: every kind of movement was answered 2xx at least once.
    const done = Object.entries(result.ops)
      .filter(([, c]) => c.ok > 0)
      .map(([kind]) => kind);
    for (const kind of [
      'deposit',
      'webhook',
      'withdrawal',
      'withdrawal.decide',
      'buy.market',
      'buy.limit',
      'sell.market',
      'cancel',
      'ipo.subscribe',
      'ipo.one-click',
      'block.order',
      'block.decide',
      'fund.purchase',
      'loan.apply',
      'loan.decide',
      'clock.advance',
      'read.totals',
    ])
      expect(done, `${kind} never succeeded:\n${result.summary}`).toContain(kind);
  });
});
