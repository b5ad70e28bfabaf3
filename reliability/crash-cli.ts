// `npm run reliability:crash -- [--kills 20] [--dialect sqlite|postgres|both] [--clients 50] [--port 4330]`:
// the bank workload with the server SIGKILLed that many times (at random moments and while clock
// advances run the due jobs); prints each kill, the operations and every violation; exits 1 on one.
import { parseArgs } from 'node:util';
import { runCrash } from './run-crash.ts';
import type { Dialect } from './server.ts';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    dialect: { type: 'string', default: 'both' },
    clients: { type: 'string', default: '50' },
    investors: { type: 'string', default: '16' },
    'load-ms': { type: 'string', default: '4000' },
    port: { type: 'string', default: '4330' },
  },
});
const dialects: Dialect[] =
  values.dialect === 'both'
    ? process.env.TEST_DATABASE_URL
      ? ['sqlite', 'postgres']
      : ['sqlite']
    : [values.dialect as Dialect];
let failed = false;
for (const [index, dialect] of dialects.entries()) {
  const started = Date.now();
  const result = await runCrash({
    dialect,
    kills: Number(values.kills),
    port: Number(values.port) + index,
    clients: Number(values.clients),
    investors: Number(values.investors),
    loadMs: Number(values['load-ms']),
  });
  console.log(result.summary);
  console.log(`[${dialect}] ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
  for (const v of result.violations) console.log(`  VIOLATION ${v}`);
  if (result.violations.length > 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
