#!/usr/bin/env node
// `npm test`: lints (the boundary and cycle rules fail the run like a test), builds the web app and the
// console (the browser journeys drive the real build), then runs every Vitest project (shared, server,
// web, admin, e2e) in one run, ending with one summary line.
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (process.env.SKIP_LINT !== '1') run('npx', ['eslint', '.']);
if (process.env.SKIP_BUILD !== '1') run('npm', ['run', 'build', '--silent']);
run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=./scripts/summary-reporter.ts',
  ...process.argv.slice(2),
]);
