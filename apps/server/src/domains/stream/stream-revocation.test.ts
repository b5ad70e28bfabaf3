import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { closeContext, createContext } from '../../bootstrap.ts';
import { openSqlite } from '../../platform/db/database.ts';
import type { InProcessHub } from '../../platform/realtime-hub.ts';
import { RedisHub } from '../../platform/redis-hub.ts';
import { body, createTestApp, DIALECTS, investor, login, operator, type TestApp } from '../../test/harness.ts';
import { isType, StreamClient, waitUntil } from '../../test/stream-client.ts';
import { authenticate } from '../auth/auth.service.ts';
import { publishUserEvent } from './stream.service.ts';

/**
 * A revoked session (logout, password change, frozen account) loses its private stream topics at
 * once, on every instance, not at the next heartbeat re-check: the heartbeat here is a minute, so
 * only the revocation notice can explain an answer within half a second.
 */
const ENV = {
  LOGIN_RATE_PER_IP_PER_MINUTE: '10000',
  MARKET_BACKFILL_DAYS: '0',
  MARKET_BACKFILL_INTRADAY_DAYS: '0',
  STREAM_HEARTBEAT_MS: '60000',
};
/** Well under the heartbeat: the revocation itself must have ended the private topics. */
const AT_ONCE_MS = 500;

async function signedIn(url: string, token: string) {
  const client = await StreamClient.open(url);
  await client.take(isType('hello'));
  client.send({ op: 'auth', token });
  client.send({ op: 'subscribe', topics: ['user', 'support'] });
  await client.take(isType('authenticated'));
  expect((await client.take(isType('subscribed'))).topics).toEqual(['user', 'support']);
  return client;
}

/** The session ended on this socket: the error, then the private topics dropped, and no event after. */
async function expectSessionEnded(client: StreamClient, publish: () => void) {
  expect((await client.take(isType('error'), AT_ONCE_MS)).error).toMatch(/^(SESSION_EXPIRED|ACCOUNT_FROZEN)$/);
  expect((await client.take(isType('unsubscribed'), AT_ONCE_MS)).topics).toEqual(['user', 'support']);
  publish();
  expect(await client.pending(isType('event'), 100)).toEqual([]);
}

for (const dialect of DIALECTS) {
  describe(`stream sockets of a revoked session (${dialect})`, () => {
    let t: TestApp;
    let url: string;
    const clients: StreamClient[] = [];
    const connect = async (token: string) => {
      const client = await signedIn(url, token);
      clients.push(client);
      return client;
    };

    beforeAll(async () => {
      t = await createTestApp(dialect, ENV);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      url = `${address.replace('http', 'ws')}/api/stream`;
    }, 60_000);
    afterEach(async () => {
      for (const client of clients.splice(0)) client.close();
      await waitUntil(() => t.app.streamConnections() === 0);
    });
    afterAll(() => t.close());

    it('logout ends the private topics of that session at once; the socket stays for public topics', async () => {
      const { token } = await investor(t);
      const { userId } = await authenticate(t.ctx, token);
      const client = await connect(token);
      const logout = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token } });
      expect(logout.statusCode).toBe(200);
      await expectSessionEnded(client, () => publishUserEvent(t.ctx, userId, 'balance.changed', { cash: '1.00' }));
      expect((t.ctx.hub as InProcessHub).listenerCount).toBe(0);
      client.send({ op: 'ping' });
      await client.take(isType('pong'));
    });

    it("logout on one device leaves the investor's other session its private topics, nothing lost", async () => {
      const user = await investor(t);
      const { userId } = await authenticate(t.ctx, user.token);
      const second = body<{ userinfo: { token: string } }>(await login(t, user.phone, user.password)).data.userinfo
        .token;
      const leaving = await connect(user.token);
      const staying = await connect(second);
      const logout = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token: user.token } });
      expect(logout.statusCode).toBe(200);
      // Published while the other socket's session is being re-checked: held back, then delivered.
      publishUserEvent(t.ctx, userId, 'order.filled', { orderId: 3 });
      expect((await leaving.take(isType('error'), AT_ONCE_MS)).error).toBe('SESSION_EXPIRED');
      expect((await staying.take(isType('event'))).data).toEqual({ orderId: 3 });
      expect(await staying.pending(isType('error'), 100)).toEqual([]);
      expect(await leaving.pending(isType('event'), 0)).toEqual([]);
    });

    it("a password change ends every session's private topics at once, and nobody else's", async () => {
      const user = await investor(t);
      const { userId } = await authenticate(t.ctx, user.token);
      const other = await investor(t);
      const otherId = (await authenticate(t.ctx, other.token)).userId;
      // A second device of the same investor, with its own session.
      const second = await login(t, user.phone, user.password);
      const secondToken = body<{ userinfo: { token: string } }>(second).data.userinfo.token;
      const phone = await connect(user.token);
      const tablet = await connect(secondToken);
      const bystander = await connect(other.token);

      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/user/changePassword',
        headers: { token: user.token },
        payload: { oldPassword: user.password, password: 'Another456', confirmPassword: 'Another456' },
      });
      expect(changed.statusCode).toBe(200);
      for (const client of [phone, tablet]) {
        await expectSessionEnded(client, () => publishUserEvent(t.ctx, userId, 'order.filled', { orderId: 1 }));
      }
      // Another investor's socket heard the notice, re-checked nothing of its own, and still gets events.
      publishUserEvent(t.ctx, otherId, 'order.filled', { orderId: 2 });
      expect((await bystander.take(isType('event'))).data).toEqual({ orderId: 2 });
      expect(await bystander.pending(isType('error'), 100)).toEqual([]);
    });

    it('freezing the account ends its private topics at once', async () => {
      const user = await investor(t);
      const { userId } = await authenticate(t.ctx, user.token);
      const client = await connect(user.token);
      const compliance = await operator(t, ['compliance']);
      const frozen = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${userId}/freeze`,
        headers: { token: compliance.token },
        payload: { reason: 'fraud suspected' },
      });
      expect(frozen.statusCode).toBe(200);
      await expectSessionEnded(client, () => publishUserEvent(t.ctx, userId, 'balance.changed', { cash: '1.00' }));
    });
  });
}

/**
 * Two API instances on one database and one Redis: the investor signs out through instance A while
 * their stream socket is connected to instance B.
 */
describe.runIf(process.env.TEST_REDIS_URL)('stream revocation across instances sharing Redis', () => {
  it('logout on instance A ends the private topics of the socket on instance B at once', async () => {
    const env = { ...ENV, REDIS_URL: process.env.TEST_REDIS_URL! };
    const a = await createTestApp('sqlite', env);
    const ctxB = await createContext(a.ctx.config, {
      database: openSqlite(a.ctx.database.sqliteFile!),
      clock: a.clock,
    });
    const b = await buildApp(ctxB, { logger: false });
    const clients: StreamClient[] = [];
    try {
      const address = await b.listen({ port: 0, host: '127.0.0.1' });
      const urlB = `${address.replace('http', 'ws')}/api/stream`;
      const user = await investor(a);
      const { userId } = await authenticate(a.ctx, user.token);
      const other = await investor(a);
      const otherId = (await authenticate(a.ctx, other.token)).userId;
      const client = await signedIn(urlB, user.token);
      const bystander = await signedIn(urlB, other.token);
      clients.push(client, bystander);
      await (ctxB.hub as RedisHub).flush();

      const logout = await a.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token: user.token } });
      expect(logout.statusCode).toBe(200);
      await expectSessionEnded(client, () => publishUserEvent(a.ctx, userId, 'balance.changed', { cash: '1.00' }));
      // A private event published on A still reaches the other investor's socket on B.
      publishUserEvent(a.ctx, otherId, 'balance.changed', { cash: '2.00' });
      expect((await bystander.take(isType('event'))).data).toEqual({ cash: '2.00' });
    } finally {
      for (const client of clients) client.close();
      await b.close();
      await closeContext(ctxB);
      await a.close();
    }
  });

  it('keeps notices apart from topics on Redis', async () => {
    const url = process.env.TEST_REDIS_URL!;
    const prefix = `bourse-test:${randomBytes(6).toString('hex')}:`;
    const a = new RedisHub({ url, prefix });
    const b = new RedisHub({ url, prefix });
    try {
      const notices: string[] = [];
      const topic: string[] = [];
      b.onNotice('sessions-revoked', (message) => notices.push(message));
      b.subscribe('sessions-revoked', (message) => topic.push(message));
      await b.flush();
      expect(b.listenerCount).toBe(1);
      a.notify('sessions-revoked', '{"userId":1}');
      a.publish('sessions-revoked', '{"topic":true}');
      await waitUntil(() => notices.length === 1 && topic.length === 1);
      expect(notices).toEqual(['{"userId":1}']);
      expect(topic).toEqual(['{"topic":true}']);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
