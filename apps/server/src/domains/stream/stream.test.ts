import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, type ClientOptions } from 'ws';
import { createTestApp, DIALECTS, investor, type TestApp } from '../../test/harness.ts';
import type { InProcessHub } from '../../platform/realtime-hub.ts';
import type { RedisHub } from '../../platform/redis-hub.ts';
import { authenticate } from '../auth/auth.service.ts';
import { insertInstrument, type NewInstrument } from '../market/instruments.service.ts';
import type { MarketSimulator } from '../market/simulator.ts';
import { publishSupportEvent, publishUserEvent } from './stream.service.ts';
import { isQuote, isType, sleep, StreamClient, waitUntil } from '../../test/stream-client.ts';

if (process.env.CI === 'true' && !process.env.TEST_REDIS_URL) {
  throw new Error('CI=true but TEST_REDIS_URL is not set: the Redis suite must run in CI');
}

const HEARTBEAT_MS = 200;
const MAX_PER_IP = 6;
const ENV = {
  LOGIN_RATE_PER_IP_PER_MINUTE: '10000',
  MARKET_BACKFILL_DAYS: '5',
  MARKET_BACKFILL_INTRADAY_DAYS: '1',
  STREAM_HEARTBEAT_MS: String(HEARTBEAT_MS),
  STREAM_MAX_CONNECTIONS_PER_IP: String(MAX_PER_IP),
};

const SAP: NewInstrument = {
  code: 'SAP',
  name: 'SAP SE',
  sector: 'technology',
  lotSize: 1,
  currency: 'EUR',
  sharesOutstanding: 1_228_000_000,
  startPrice: '182.50',
  volatilityBp: 3000,
};
const ASML: NewInstrument = { ...SAP, code: 'ASML', name: 'ASML Holding', startPrice: '640.00' };

for (const dialect of DIALECTS) {
  describe(`live stream /api/stream (${dialect})`, () => {
    let t: TestApp;
    let sim: MarketSimulator;
    let url: string;
    let hub: InProcessHub;
    const clients: StreamClient[] = [];

    const connect = async (query = '', options: ClientOptions = {}) => {
      const client = await StreamClient.open(`${url}${query}`, options);
      clients.push(client);
      await client.take(isType('hello'));
      return client;
    };
    const tick = async () => {
      t.clock.advance(1000);
      await sim.tick();
    };

    beforeAll(async () => {
      t = await createTestApp(dialect, ENV);
      await t.ctx.database.transaction(async (trx) => {
        for (const instrument of [SAP, ASML]) await insertInstrument(trx, instrument, t.clock.nowMs());
      });
      sim = t.ctx.market as MarketSimulator;
      await sim.start();
      // The feed's first message per instrument carries every field; later ones only the changes.
      await tick();
      hub = t.ctx.hub as InProcessHub;
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      url = `${address.replace('http', 'ws')}/api/stream`;
    }, 60_000);

    afterEach(async () => {
      for (const client of clients.splice(0)) client.close();
      await waitUntil(() => hub.listenerCount === 0 && t.app.streamConnections() === 0);
    });
    afterAll(() => t.close());

    it('greets, sends the snapshot on subscribe, then updates with only the changed fields', async () => {
      const client = await connect();
      client.send({ op: 'subscribe', topics: ['quotes:SAP'] });
      expect(await client.take(isType('subscribed'))).toEqual({ type: 'subscribed', topics: ['quotes:SAP'] });
      const snapshot = await client.take(isQuote('quotes:SAP'));
      expect(snapshot.snapshot).toBe(true);
      expect(Object.keys(snapshot.data).sort()).toEqual(
        [
          'code',
          'last',
          'bid',
          'ask',
          'open',
          'high',
          'low',
          'prevClose',
          'change',
          'changePct',
          'volume',
          'turnover',
          'limitUp',
          'limitDown',
          'exchange',
          'marketOpen',
          'time',
        ].sort(),
      );
      expect(snapshot.data.exchange).toBe('XETRA');

      const before = Date.now();
      await tick();
      const update = await client.take(isQuote('quotes:SAP'));
      expect(update.snapshot).toBeUndefined();
      expect(update.at).toBeGreaterThanOrEqual(before);
      expect(update.data.code).toBe('SAP');
      // Every update names the exchange whose hours `marketOpen` follows, changed or not.
      expect(update.data.exchange).toBe('XETRA');
      // One second later in the same trading day: the time moved, the previous close did not.
      expect(update.data.time).toBe(new Date(t.clock.nowMs()).toISOString());
      expect(update.data).not.toHaveProperty('prevClose');
      expect(update.data).not.toHaveProperty('limitUp');
      expect(update.data).not.toHaveProperty('marketOpen');
      // Not subscribed to ASML: nothing about it arrives.
      expect(await client.pending(isQuote('quotes:ASML'), 50)).toEqual([]);
    });

    it('forwards hub messages byte for byte (serialized once, never per socket)', async () => {
      const a = await connect();
      const b = await connect();
      for (const client of [a, b]) {
        client.send({ op: 'subscribe', topics: ['quotes:ASML'] });
        await client.take(isQuote('quotes:ASML'));
      }
      const message = '{"type":"quote",  "topic":"quotes:ASML","at":1,"data":{"code":"ASML","volume":7}}';
      t.ctx.hub.publish('quotes:ASML', message);
      for (const client of [a, b]) {
        await client.take((m) => m.type === 'quote' && m.at === 1);
        expect(client.raw.at(-1)).toBe(message);
      }
    });

    it('sends heartbeats and answers ping with pong', async () => {
      const client = await connect();
      const heartbeat = await client.take(isType('heartbeat'));
      expect(typeof heartbeat.at).toBe('number');
      client.send({ op: 'ping' });
      expect(await client.take(isType('pong'))).toEqual({ type: 'pong' });
    });

    it('terminates a socket that answers neither pings nor anything else for three intervals', async () => {
      const silent = await connect('', { autoPong: false });
      const started = Date.now();
      const { code } = await silent.closed;
      expect(code).toBe(1006);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2 * HEARTBEAT_MS);
      // A client that answers pings stays connected over the same time.
      const lively = await connect();
      await sleep(HEARTBEAT_MS * 5);
      expect(lively.socket.readyState).toBe(WebSocket.OPEN);
    });

    it('reports unknown topics one by one and subscribes the others of the same message', async () => {
      const client = await connect('?lang=en');
      client.send({ op: 'subscribe', topics: ['quotes:SAP', 'quotes:NOPE', 'weather', 'quotes:ASML'] });
      const errors = [await client.take(isType('error')), await client.take(isType('error'))];
      expect(errors).toEqual([
        { type: 'error', error: 'STREAM_TOPIC_UNKNOWN', msg: 'Unknown topic', topic: 'quotes:NOPE' },
        { type: 'error', error: 'STREAM_TOPIC_UNKNOWN', msg: 'Unknown topic', topic: 'weather' },
      ]);
      expect((await client.take(isType('subscribed'))).topics).toEqual(['quotes:SAP', 'quotes:ASML']);
      expect(hub.listenerCount).toBe(2);
    });

    it('localizes errors by the lang parameter, else Accept-Language, else German', async () => {
      const french = await connect('', { headers: { 'accept-language': 'fr-CH, fr;q=0.9' } });
      const german = await connect();
      const chinese = await connect('?lang=zh-TW', { headers: { 'accept-language': 'fr' } });
      for (const client of [french, german, chinese]) client.send('{');
      expect((await french.take(isType('error'))).msg).toBe('Message de flux illisible');
      expect((await german.take(isType('error'))).msg).toBe('Nicht lesbare Stream-Nachricht');
      expect((await chinese.take(isType('error'))).msg).toBe('無法讀取的串流訊息');
    });

    it('refuses 10,000 topics in one message with STREAM_TOO_MANY_TOPICS and subscribes nothing', async () => {
      const client = await connect('?lang=en');
      // Short distinct names keep the frame under the 64 KiB limit; one valid topic among them.
      const topics = ['quotes:SAP', ...Array.from({ length: 9_999 }, (_, i) => i.toString(36))];
      expect(JSON.stringify({ op: 'subscribe', topics }).length).toBeLessThan(64 * 1024);
      client.send({ op: 'subscribe', topics });
      expect(await client.take(isType('error'))).toEqual({
        type: 'error',
        error: 'STREAM_TOO_MANY_TOPICS',
        msg: 'Too many subscriptions on one connection (200 at most)',
      });
      expect(hub.listenerCount).toBe(0);
      await tick();
      expect(await client.pending((m) => m.type !== 'heartbeat')).toEqual([]);
    });

    it('counts earlier subscriptions towards the limit: a subscribe that would pass it changes nothing', async () => {
      const client = await connect();
      client.send({ op: 'subscribe', topics: ['quotes:SAP'] });
      await client.take(isType('subscribed'));
      // 1 + 200 new topics > 200, although this message alone names only 200.
      client.send({ op: 'subscribe', topics: ['quotes:ASML', ...Array.from({ length: 199 }, (_, i) => `x${i}`)] });
      expect((await client.take(isType('error'))).error).toBe('STREAM_TOO_MANY_TOPICS');
      expect(hub.listenerCount).toBe(1);
      // Topics already held do not count twice.
      client.send({ op: 'subscribe', topics: ['quotes:SAP', 'quotes:ASML'] });
      expect((await client.take(isType('subscribed'))).topics).toEqual(['quotes:SAP', 'quotes:ASML']);
      expect(hub.listenerCount).toBe(2);
    });

    it('refuses `user` and `support` before authentication, with nothing subscribed', async () => {
      const client = await connect('?lang=en');
      client.send({ op: 'subscribe', topics: ['user', 'support'] });
      expect(await client.take(isType('error'))).toEqual({
        type: 'error',
        error: 'STREAM_AUTH_REQUIRED',
        msg: 'Please log in to receive your own events',
        topic: 'user',
      });
      expect((await client.take(isType('error'))).topic).toBe('support');
      expect(await client.pending(isType('subscribed'), 100)).toEqual([]);
      expect(hub.listenerCount).toBe(0);
    });

    it("delivers the signed-in investor's own events, and nobody else's", async () => {
      const { token } = await investor(t);
      const { userId } = await authenticate(t.ctx, token);
      const client = await connect();
      client.send({ op: 'auth', token });
      client.send({ op: 'subscribe', topics: ['user', 'support'] });
      expect(await client.take(isType('authenticated'))).toEqual({ type: 'authenticated' });
      expect((await client.take(isType('subscribed'))).topics).toEqual(['user', 'support']);

      // An event nobody on this hub listens to is not even serialized.
      let serialized = 0;
      const counted = (data: object) => ({ ...data, toJSON: () => (serialized++, data) });
      publishUserEvent(t.ctx, userId, 'order.filled', counted({ orderId: 7, filled: 100 }));
      publishUserEvent(t.ctx, userId + 1_000, 'order.filled', counted({ orderId: 8, filled: 1 }));
      expect(serialized).toBe(1);
      publishSupportEvent(t.ctx, userId, 'support.reply', { text: 'Hallo' });
      const event = await client.take(isType('event'));
      expect(event).toMatchObject({ topic: 'user', event: 'order.filled', data: { orderId: 7, filled: 100 } });
      expect((await client.take(isType('event'))).topic).toBe('support');
      expect(await client.pending(isType('event'), 100)).toEqual([]);

      // Signing out on this socket ends the private topics.
      client.send({ op: 'deauth' });
      expect((await client.take(isType('unsubscribed'))).topics).toEqual(['user', 'support']);
      publishUserEvent(t.ctx, userId, 'order.filled', { orderId: 9, filled: 1 });
      expect(await client.pending(isType('event'), 100)).toEqual([]);
    });

    it('refuses a bad token and keeps the socket anonymous', async () => {
      const client = await connect();
      client.send({ op: 'auth', token: 'not-a-session' });
      expect((await client.take(isType('error'))).error).toBe('SESSION_EXPIRED');
      client.send({ op: 'subscribe', topics: ['user'] });
      expect((await client.take(isType('error'))).error).toBe('STREAM_AUTH_REQUIRED');
    });

    it('stops private events within one heartbeat once the session is revoked (logout)', async () => {
      const { token } = await investor(t);
      const { userId } = await authenticate(t.ctx, token);
      const client = await connect();
      client.send({ op: 'auth', token });
      client.send({ op: 'subscribe', topics: ['user', 'quotes:SAP'] });
      await client.take(isType('subscribed'));
      const logout = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token } });
      expect(logout.statusCode).toBe(200);

      expect((await client.take(isType('error'))).error).toBe('SESSION_EXPIRED');
      expect((await client.take(isType('unsubscribed'))).topics).toEqual(['user']);
      publishUserEvent(t.ctx, userId, 'balance.changed', { cash: '1.00' });
      expect(await client.pending(isType('event'), 100)).toEqual([]);
      // Public topics go on.
      expect(hub.listenerCount).toBe(1);
    });

    it('answers garbage with STREAM_MESSAGE_INVALID and keeps the socket open', async () => {
      const client = await connect();
      const garbage = [
        'not json',
        '42',
        '{"op":"dance"}',
        '{"op":"subscribe","topics":"quotes:SAP"}',
        '{"op":"subscribe","topics":[]}',
        '{"op":"ping","extra":1}',
        '{"op":"auth","token":""}',
      ];
      for (const text of garbage) client.send(text);
      client.socket.send(Buffer.from('{"op":"ping"}'), { binary: true });
      for (let i = 0; i < garbage.length + 1; i++) {
        expect((await client.take(isType('error'))).error).toBe('STREAM_MESSAGE_INVALID');
      }
      client.send({ op: 'ping' });
      await client.take(isType('pong'));
      expect(client.socket.readyState).toBe(WebSocket.OPEN);
    });

    it('closes the socket with 1009 on a frame over 64 KiB', async () => {
      const client = await connect();
      client.send({ op: 'subscribe', topics: ['quotes:SAP'] });
      await client.take(isType('subscribed'));
      client.send(JSON.stringify({ op: 'ping', pad: 'x'.repeat(64 * 1024) }));
      expect((await client.closed).code).toBe(1009);
      await waitUntil(() => hub.listenerCount === 0);
    });

    it('stops updates after unsubscribe', async () => {
      const client = await connect();
      client.send({ op: 'subscribe', topics: ['quotes:SAP', 'quotes:ASML'] });
      await client.take(isType('subscribed'));
      client.send({ op: 'unsubscribe', topics: ['quotes:SAP', 'quotes:SAP', 'quotes:NEVER'] });
      expect((await client.take(isType('unsubscribed'))).topics).toEqual(['quotes:SAP', 'quotes:NEVER']);
      await client.take(isQuote('quotes:SAP'));
      await client.take(isQuote('quotes:ASML'));
      await tick();
      await client.take(isQuote('quotes:ASML'));
      expect(await client.pending(isQuote('quotes:SAP'), 100)).toEqual([]);
      expect(hub.listenerCount).toBe(1);
    });

    it('releases every hub listener when sockets close', async () => {
      const { token } = await investor(t);
      const sockets = await Promise.all([connect(), connect(), connect()]);
      for (const client of sockets) {
        client.send({ op: 'auth', token });
        client.send({ op: 'subscribe', topics: ['quotes:SAP', 'quotes:ASML', 'user'] });
        await client.take(isType('subscribed'));
      }
      expect(hub.listenerCount).toBe(9);
      sockets[0].socket.close(1000);
      sockets[1].close();
      await waitUntil(() => hub.listenerCount === 3);
      sockets[2].socket.close(1000);
      await waitUntil(() => hub.listenerCount === 0);
      expect(hub.topicCount).toBe(0);
    });

    it('drops a socket that does not read (back-pressure) instead of buffering without end', async () => {
      const client = await connect();
      client.send({ op: 'subscribe', topics: ['quotes:SAP'] });
      await client.take(isQuote('quotes:SAP'));
      // The client stops reading; kernel buffers fill, then the server's own buffer passes 1 MiB.
      const raw = (client.socket as unknown as { _socket: { pause(): void } })._socket;
      raw.pause();
      const big = JSON.stringify({
        type: 'quote',
        topic: 'quotes:SAP',
        at: 1,
        data: { code: 'SAP', pad: 'x'.repeat(60_000) },
      });
      for (let i = 0; i < 500 && hub.listenerCount > 0; i++) {
        t.ctx.hub.publish('quotes:SAP', big);
        await sleep(1);
      }
      expect(hub.listenerCount).toBe(0);
    });

    it('limits sockets per address: the handshake over the limit gets 429', async () => {
      const held = [];
      for (let i = 0; i < MAX_PER_IP; i++) held.push(await connect());
      await expect(StreamClient.open(url)).rejects.toThrow('Unexpected server response: 429');
      held[0]!.socket.close(1000);
      await waitUntil(() => t.app.streamConnections() === MAX_PER_IP - 1);
      await connect();
    });
  });
}

/**
 * Two API instances sharing Redis behave as one stream: a quote published by instance A (the one
 * running the simulator) reaches a WebSocket client connected to instance B.
 */
describe.runIf(process.env.TEST_REDIS_URL)('live stream across instances sharing Redis', () => {
  it('delivers a quote published by app A to a client of app B', async () => {
    const env = { ...ENV, REDIS_URL: process.env.TEST_REDIS_URL! };
    // A fresh code per run keeps concurrent runs on the same Redis apart.
    const code = `R${randomBytes(4).toString('hex').toUpperCase()}`;
    const a = await createTestApp('sqlite', env);
    const b = await createTestApp('sqlite', env);
    let client: StreamClient | undefined;
    try {
      for (const t of [a, b]) {
        await t.ctx.database.transaction(async (trx) => insertInstrument(trx, { ...SAP, code }, t.clock.nowMs()));
        // Each app has a database of its own, so each takes its market lease and simulates.
        await t.ctx.marketLeadership!.check();
        await t.ctx.market.start();
      }
      const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
      client = await StreamClient.open(`${address.replace('http', 'ws')}/api/stream`);
      client.send({ op: 'subscribe', topics: [`quotes:${code}`] });
      await client.take(isType('subscribed'));
      expect((await client.take(isQuote(`quotes:${code}`))).snapshot).toBe(true);
      expect((b.ctx.hub as RedisHub).topicCount).toBe(1);

      a.clock.advance(1000);
      await (a.ctx.market as MarketSimulator).tick();
      const update = await client.take(isQuote(`quotes:${code}`));
      expect(update.snapshot).toBeUndefined();
      expect(update.data.time).toBe(new Date(a.clock.nowMs()).toISOString());

      client.close();
      await waitUntil(() => (b.ctx.hub as RedisHub).listenerCount === 0);
    } finally {
      client?.close();
      await a.close();
      await b.close();
    }
  });
});
