import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_TIME_HEADER } from '@bourse/shared/server-time';
import { generate as generateTotp } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoCredentials } from './seed/demo.ts';
import { Deployment, pidOf, sleep, type Instance } from './test/instances.ts';

if (process.env.CI === 'true' && !(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)) {
  throw new Error('CI=true but TEST_DATABASE_URL or TEST_REDIS_URL is not set: the multi-instance test must run in CI');
}

const HOUR = 3_600_000;

/** The instance's clock, as its answers stamp it. */
async function serverNow(instance: Instance): Promise<number> {
  const res = await fetch(`${instance.baseUrl}/api/health`);
  return Number(res.headers.get(SERVER_TIME_HEADER));
}

/**
 * The sandbox clock scaled out (CLOCK_MODE=simulated, issue 18): each process keeps its own clock,
 * and an advance made on one instance moves every instance, while the jobs it made due run on the
 * instance holding the jobs lease — before the advance answers.
 */
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'the sandbox clock on two instances',
  () => {
    const deployment = new Deployment(process.env.TEST_DATABASE_URL, process.env.TEST_REDIS_URL, {
      CLOCK_MODE: 'simulated',
    });
    let a: Instance;
    let b: Instance;
    let credentials: DemoCredentials;

    beforeAll(async () => {
      await deployment.createDatabase();
      // A starts first (migrates, seeds, takes the leases); B joins it.
      a = await deployment.start('A', { SEED_DEMO: 'true' });
      credentials = JSON.parse(
        readFileSync(path.join(deployment.dataDir, 'demo-credentials.json'), 'utf8'),
      ) as DemoCredentials;
      b = await deployment.start('B', { SEED_DEMO: 'false' });
    }, 80_000);

    afterAll(() => deployment.close(), 30_000);

    it('an advance on B moves A too, and waits until A, the jobs holder, has run what fell due', async () => {
      const leases = await deployment.leases();
      expect(pidOf(leases.jobs!.holder)).toBe(a.child.pid);
      const [aBefore, bBefore] = [await serverNow(a), await serverNow(b)];
      // Both start at real time: within the few seconds the test takes.
      expect(Math.abs(aBefore - bBefore)).toBeLessThan(5_000);

      const login = await fetch(`${b.baseUrl}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: credentials.operator.username,
          password: credentials.operator.password,
          totp: await generateTotp({ secret: credentials.operator.totpSecret }),
        }),
      });
      expect(login.status).toBe(200);
      const { token } = ((await login.json()) as { data: { token: string } }).data;
      const { rows: before } = await deployment.sql.query<{ max: string | null }>('select max(id) from job_runs');
      const lastRunBefore = Number(before[0]!.max ?? 0);

      // A day and an hour: last midnight's level review and portfolio snapshots fall due.
      const res = await fetch(`${b.baseUrl}/api/admin/clock/advance`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: JSON.stringify({ ms: 25 * HOUR }),
      });
      const answer = (await res.json()) as { data: { now: string; jobs: Array<{ name: string; dueAt: string }> } };
      expect(res.status, JSON.stringify(answer)).toBe(200);
      const advancedTo = Date.parse(answer.data.now);
      expect(advancedTo - bBefore).toBeGreaterThanOrEqual(25 * HOUR);

      // Already when B answered, the jobs had run — on A, under its lease, each due time once.
      const { rows: runs } = await deployment.sql.query<{ job: string; due_at: string; holder: string }>(
        'select job, due_at, holder from job_runs where id > $1 order by id',
        [lastRunBefore],
      );
      expect(runs.map((r) => r.job)).toContain('members.level-review');
      expect(new Set(runs.map((r) => pidOf(r.holder)))).toEqual(new Set([a.child.pid]));
      expect(answer.data.jobs.map((j) => j.name)).toEqual(expect.arrayContaining(['members.level-review']));
      const { rows: twice } = await deployment.sql.query(
        'select job, due_at from job_runs group by job, due_at having count(*) > 1',
      );
      expect(twice).toEqual([]);

      // A's clock moved with B's, within a second or two of real time (the notice crosses Redis).
      const deadline = Date.now() + 5_000;
      let aAfter = await serverNow(a);
      while (aAfter - aBefore < 25 * HOUR) {
        expect(Date.now(), 'A did not follow the advance').toBeLessThan(deadline);
        await sleep(100);
        aAfter = await serverNow(a);
      }
      const bAfter = await serverNow(b);
      expect(Math.abs(aAfter - bAfter)).toBeLessThan(5_000);
    }, 60_000);
  },
);
