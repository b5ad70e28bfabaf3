#!/usr/bin/env node
// `npm run test:later-date`: the server and shared suites with the system clock a year ahead of today
// (libfaketime), on SQLite. Test apps run on a simulated clock fixed at HARNESS_START; a test that
// mixes that clock with the system clock (a session signed on one, checked on the other) fails here,
// as it would on a CI run some day after the harness's date. `.ci/run` runs it before `npm test`.
import { spawnSync } from 'node:child_process';

const offset = process.env.LATER_DATE_OFFSET ?? '+365d';
if (spawnSync('faketime', ['-f', offset, 'true']).status !== 0) {
  console.error('test:later-date needs libfaketime: apt-get install -y faketime');
  process.exit(1);
}
const env = { ...process.env, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
// SQLite only: the point is the clock, not the dialect (the PostgreSQL suite runs in `npm test`).
for (const name of ['CI', 'TEST_DATABASE_URL', 'TEST_REDIS_URL']) delete env[name];
const result = spawnSync(
  'faketime',
  ['-f', offset, 'npx', 'vitest', 'run', '--project', 'shared', '--project', 'server', ...process.argv.slice(2)],
  { stdio: 'inherit', env },
);
process.exit(result.status ?? 1);
