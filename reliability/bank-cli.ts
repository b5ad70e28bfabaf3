// `npm run reliability:bank -- --minutes 10 [--dialect sqlite|postgres|both] [--clients 50] [--investors 20] [--port 4310] [--instances 3]`:
// the bank workload against the real server for that long on each dialect; prints the operations
// done per kind, the refusals, and every violation; exits 1 when there is one. `--instances N`
// (N > 1) runs N API instances on PostgreSQL (TEST_DATABASE_URL) and Redis (TEST_REDIS_URL), on
// ports from --port up, with the clients' calls spread over them.
import { parseArgs } from 'node:util';
import { runBank } from './run-bank.ts';
import type { Dialect } from './server.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '1' },
    dialect: { type: 'string', default: 'both' },
    clients: { type: 'string', default: '50' },
    investors: { type: 'string', default: '20' },
    port: { type: 'string', default: '4310' },
    instances: { type: 'string', default: '1' },
  },
});
const instances = Number(values.instances);
if (!Number.isSafeInteger(instances) || instances < 1)
  throw new Error(`--instances ${values.instances}: a whole number ≥ 1`);
const dialects: Dialect[] =
  instances > 1
    ? ['postgres']
    : values.dialect === 'both'
      ? process.env.TEST_DATABASE_URL
        ? ['sqlite', 'postgres']
        : ['sqlite']
      : [values.dialect as Dialect];
let failed = false;
for (const [index, dialect] of dialects.entries()) {
  const started = Date.now();
  const result = await runBank({
    dialect,
    durationMs: Number(values.minutes) * 60_000,
    port: Number(values.port) + index * instances,
    instances,
    clients: Number(values.clients),
    investors: Number(values.investors),
  });
  console.log(result.summary);
  console.log(
    `[${dialect}] ${((Date.now() - started) / 1000).toFixed(0)} s in all; ledger:verify exit ${result.ledgerVerify.code}`,
  );
  for (const v of result.violations) console.log(`  VIOLATION ${v}`);
  if (result.violations.length > 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
