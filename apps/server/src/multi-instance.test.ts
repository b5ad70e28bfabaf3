import { readFileSync } from 'node:fs';
import path from 'node:path';
import { encryptCredentials } from '@bourse/shared/jwe';
import { generate as generateTotp } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_INVESTOR_PHONE, type DemoCredentials } from './seed/demo.ts';
import { StreamClient } from './test/stream-client.ts';
import { Deployment, pidOf, sleep, type Instance } from './test/instances.ts';

if (process.env.CI === 'true' && !(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)) {
  throw new Error('CI=true but TEST_DATABASE_URL or TEST_REDIS_URL is not set: the multi-instance test must run in CI');
}

/**
 * Three API processes (apps/server/src/server.ts, as `npm start` runs it) on one PostgreSQL database
 * and one Redis (issue 18): the leases decide which instance simulates and which runs the jobs; live
 * events cross instances through Redis; killing the leader hands everything over.
 */
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('three API instances', () => {
  const deployment = new Deployment(process.env.TEST_DATABASE_URL, process.env.TEST_REDIS_URL, {
    CLOCK_MODE: 'real',
  });
  const start = (name: string, env: Record<string, string>) => deployment.start(name, env);
  const leases = () => deployment.leases();

  async function api<T>(base: string, token: string | null, method: string, url: string, payload?: object) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(token ? { token } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
    const body = (await res.json()) as { data: T };
    expect(res.status, `${method} ${url}: ${JSON.stringify(body)}`).toBe(200);
    return body.data;
  }

  let a: Instance;
  let b: Instance;
  let c: Instance;
  let credentials: DemoCredentials;

  beforeAll(async () => {
    await deployment.createDatabase();
    // B starts first on the empty database (migrates, seeds, takes both leases); A and C join it.
    b = await start('B', { SEED_DEMO: 'true' });
    credentials = JSON.parse(
      readFileSync(path.join(deployment.dataDir, 'demo-credentials.json'), 'utf8'),
    ) as DemoCredentials;
    [a, c] = await Promise.all([start('A', { SEED_DEMO: 'false' }), start('C', { SEED_DEMO: 'false' })]);
  }, 80_000);

  afterAll(() => deployment.close(), 30_000);

  it('one leader simulates and runs the jobs; live events cross instances; a killed leader is replaced within 15 s with no job run twice', async () => {
    // The first instance took both leases; the others follow.
    const before = await leases();
    expect(pidOf(before.market!.holder)).toBe(b.child.pid);
    expect(pidOf(before.jobs!.holder)).toBe(b.child.pid);

    // An investor signed in on A (the login sealed with the key every instance shares).
    const key = await api<{ jwk: Record<string, string>; kid: string }>(a.baseUrl, null, 'GET', '/api/user/publicKey');
    const query = await encryptCredentials(
      key.jwk,
      { username: credentials.investor.username, password: credentials.investor.password },
      { kid: key.kid },
    );
    const login = await api<{ userinfo: { token: string } }>(a.baseUrl, null, 'POST', '/api/user/login', { query });
    const {
      rows: [instrument],
    } = await deployment.sql.query<{ code: string }>(
      `select code from instruments where status = 'listed' and source = 'simulated' and board <> 'index' order by code limit 1`,
    );
    const streamUrl = `${a.baseUrl.replace('http', 'ws')}/api/stream`;
    const client = await StreamClient.forUser(streamUrl, login.userinfo.token);
    try {
      client.send({ op: 'subscribe', topics: [`quotes:${instrument!.code}`] });
      await client.take((m) => m.type === 'subscribed');
      // Ticks: A simulates nothing (a follower publishes nothing), so these came from B through Redis.
      const isTick = (m: { type?: string; snapshot?: boolean }) => m.type === 'quote' && !m.snapshot;
      await client.take(isTick, 5_000);
      await client.take(isTick, 5_000);

      // An operator on C announces something to this investor: A's socket hears of the message.
      const operator = await api<{ token: string }>(c.baseUrl, null, 'POST', '/api/admin/login', {
        username: credentials.operator.username,
        password: credentials.operator.password,
        totp: await generateTotp({ secret: credentials.operator.totpSecret }),
      });
      const {
        rows: [investor],
      } = await deployment.sql.query<{ id: string }>('select id from users where phone = $1', [DEMO_INVESTOR_PHONE]);
      await api(c.baseUrl, operator.token, 'POST', '/api/admin/announcements', {
        texts: { de: { title: 'Wartung', body: 'Heute Nacht von 2 bis 3 Uhr.' } },
        audience: { segment: 'users', userIds: [Number(investor!.id)] },
      });
      const event = await client.take((m) => m.type === 'event' && m.event === 'message', 5_000);
      expect(event.data).toEqual({ kind: 'announcement' });

      // The leader dies without a word: within 15 s another instance holds both leases, with the
      // next fencing token, and A's socket gets ticks again.
      const killedAt = Date.now();
      b.child.kill('SIGKILL');
      let after = await leases();
      while (!(
        after.jobs &&
        after.market &&
        after.jobs.token > before.jobs!.token &&
        after.market.token > before.market!.token
      )) {
        expect(Date.now() - killedAt, 'failover took too long').toBeLessThan(15_000);
        await sleep(250);
        after = await leases();
      }
      const survivors = [a.child.pid, c.child.pid];
      expect(survivors).toContain(pidOf(after.jobs.holder));
      expect(survivors).toContain(pidOf(after.market.holder));
      expect(after.jobs.token).toBe(before.jobs!.token + 1);
      // Stamped after the kill: published by the new leader (B can send nothing any more).
      await client.take((m) => isTick(m) && (m.at as number) > killedAt, 5_000);
      const tickAfterMs = Date.now() - killedAt;
      expect(tickAfterMs).toBeLessThan(20_000);
      // Let the new holder run whatever fell due, then: no job ran twice for one due time, and every
      // run after the takeover is the new holder's.
      await sleep(2_000);
      const { rows: twice } = await deployment.sql.query(
        'select job, due_at, count(*) as runs from job_runs group by job, due_at having count(*) > 1',
      );
      expect(twice).toEqual([]);
      // Before: the jobs due at start-up (last midnight's snapshots and level review, …), all B's.
      const { rows: early } = await deployment.sql.query<{ holder: string; fencing_token: string }>(
        'select distinct holder, fencing_token from job_runs where ran_at <= $1',
        [killedAt],
      );
      expect(early.map((r) => [pidOf(r.holder), Number(r.fencing_token)])).toEqual([[b.child.pid, before.jobs!.token]]);
      // After: the new holder resumed (at least its retention run fell due), under the new token.
      const { rows: late } = await deployment.sql.query<{ holder: string; fencing_token: string }>(
        'select distinct holder, fencing_token from job_runs where ran_at > $1',
        [killedAt],
      );
      expect(late.map((r) => [r.holder, Number(r.fencing_token)])).toEqual([[after.jobs.holder, after.jobs.token]]);
    } finally {
      client.close();
    }
  }, 60_000);
});
