import { describe, expect, it } from 'vitest';
import { runBank } from './run-bank.ts';
import type { Dialect } from './server.ts';

// The short bank run of npm test (issue 17): 50 clients for 25 s on each dialect. Long runs:
// `npm run reliability:bank -- --minutes 10` (docs/reliability.md).
const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (process.env.CI === 'true' && !(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL))
  throw new Error(
    'CI=true but TEST_DATABASE_URL or TEST_REDIS_URL is not set: the PostgreSQL bank runs must run in CI',
  );
/** Ports 4300-4304 unless TEST_PORT_BASE moves them (a machine shared by several runs). */
const PORT_BASE = Number(process.env.TEST_PORT_BASE ?? 4300);

/** Every kind of movement the short runs must see answered 2xx at least once. */
const MUST_SUCCEED = [
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
];

function expectClean(result: Awaited<ReturnType<typeof runBank>>) {
  expect(result.violations, result.summary).toEqual([]);
  expect(result.ledgerVerify.code).toBe(0);
  // The run did what it is for: every kind of movement was answered 2xx at least once.
  const done = Object.entries(result.ops)
    .filter(([, c]) => c.ok > 0)
    .map(([kind]) => kind);
  for (const kind of MUST_SUCCEED) expect(done, `${kind} never succeeded:\n${result.summary}`).toContain(kind);
}

describe.each(DIALECTS)('the bank workload on %s', (dialect) => {
  it('keeps every cent: totals on every read, ledger:verify, each answer reflected exactly once', async () => {
    const lines: string[] = [];
    const result = await runBank({
      dialect,
      durationMs: 25_000,
      port: dialect === 'sqlite' ? PORT_BASE : PORT_BASE + 1,
      clients: 50,
      investors: 16,
      log: (line) => lines.push(line),
    });
    console.log(result.summary);
    expectClean(result);
  });
});

// Issue 18: the same workload on three API instances (one PostgreSQL database, one Redis), each
// client call going to the next instance; the clock driver's advances move all three.
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'the bank workload on three instances',
  () => {
    it('keeps every cent with the clients spread over three API instances', async () => {
      const result = await runBank({
        dialect: 'postgres',
        instances: 3,
        durationMs: 35_000,
        port: PORT_BASE + 2,
        clients: 50,
        investors: 16,
        log: () => undefined,
      });
      console.log(result.summary);
      expectClean(result);
    });
  },
);
