import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { RedisHub } from './redis-hub.ts';

if (process.env.CI === 'true' && !process.env.TEST_REDIS_URL) {
  throw new Error('CI=true but TEST_REDIS_URL is not set: the Redis suite must run in CI');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function receive(messages: string[], count: number, timeoutMs = 2_000) {
  const start = Date.now();
  while (messages.length < count) {
    if (Date.now() - start > timeoutMs) throw new Error(`got ${messages.length} of ${count} messages`);
    await sleep(5);
  }
}

/** Two hubs on one Redis stand for two API instances. */
describe.runIf(process.env.TEST_REDIS_URL)('RedisHub', () => {
  const url = process.env.TEST_REDIS_URL!;
  // A fresh prefix per run keeps concurrent runs on the same Redis apart.
  const prefix = () => `bourse-test:${randomBytes(6).toString('hex')}:`;

  it('delivers a message published on one instance to the listeners of the other, once each', async () => {
    const channelPrefix = prefix();
    const a = new RedisHub({ url, prefix: channelPrefix });
    const b = new RedisHub({ url, prefix: channelPrefix });
    try {
      const atA: string[] = [];
      const atB1: string[] = [];
      const atB2: string[] = [];
      a.subscribe('quotes:SAP', (m) => atA.push(m));
      b.subscribe('quotes:SAP', (m) => atB1.push(m));
      b.subscribe('quotes:SAP', (m) => atB2.push(m));
      const other: string[] = [];
      b.subscribe('quotes:ASML', (m) => other.push(m));
      await Promise.all([a.flush(), b.flush()]);

      a.publish('quotes:SAP', '{"n":1}');
      b.publish('quotes:SAP', '{"n":2}');
      await receive(atB2, 2);
      await receive(atA, 2);
      expect(atA).toEqual(['{"n":1}', '{"n":2}']);
      expect(atB1).toEqual(['{"n":1}', '{"n":2}']);
      expect(atB2).toEqual(['{"n":1}', '{"n":2}']);
      expect(other).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('holds one Redis subscription per topic while it has local listeners, under the bourse:hub: prefix', async () => {
    const hub = new RedisHub({ url });
    const probe = new Redis(url);
    const topic = `user:${randomBytes(6).toString('hex')}`;
    const channel = `bourse:hub:${topic}`;
    const subscribers = async () => {
      const [, count] = (await probe.pubsub('NUMSUB', channel)) as [string, number];
      return Number(count);
    };
    try {
      const received: string[] = [];
      const stopFirst = hub.subscribe(topic, (m) => received.push(m));
      const stopSecond = hub.subscribe(topic, (m) => received.push(m));
      await hub.flush();
      expect(await subscribers()).toBe(1);
      expect(hub.listenerCount).toBe(2);

      // A raw publish on the prefixed channel is what the hub listens to.
      await probe.publish(channel, 'hello');
      await receive(received, 2);

      stopFirst();
      stopFirst();
      await hub.flush();
      expect(await subscribers()).toBe(1);
      stopSecond();
      await hub.flush();
      expect(await subscribers()).toBe(0);
      expect(hub.topicCount).toBe(0);

      await probe.publish(channel, 'after');
      await sleep(100);
      expect(received).toEqual(['hello', 'hello']);
    } finally {
      await hub.close();
      await probe.quit();
    }
  });

  it('subscribes while its connection is still starting without a "subscriber mode" error', async () => {
    // ioredis writes SUBSCRIBE during its handshake; a ready check (INFO) or CLIENT SETINFO sent after
    // it on the same connection was refused ("Connection in subscriber mode…"), failed the ready check
    // and reconnected. Subscribing every millisecond through the first 150 ms hits that window.
    const channelPrefix = prefix();
    const errors: string[] = [];
    const hub = new RedisHub({ url, prefix: channelPrefix, onError: (error) => errors.push(String(error)) });
    const publisher = new Redis(url);
    try {
      const received: string[] = [];
      const started = Date.now();
      let n = 0;
      while (Date.now() - started < 150) {
        const topic = `t${n++}`;
        hub.subscribe(topic, (m) => received.push(`${topic}=${m}`));
        await sleep(1);
      }
      await hub.flush();
      await publisher.publish(`${channelPrefix}t0`, 'first');
      await publisher.publish(`${channelPrefix}t${n - 1}`, 'last');
      await receive(received, 2);
      expect(received).toEqual(['t0=first', `t${n - 1}=last`]);
      expect(errors).toEqual([]);
    } finally {
      await hub.close();
      await publisher.quit();
    }
  });

  it('publishes nothing and keeps no listeners after close', async () => {
    const channelPrefix = prefix();
    const hub = new RedisHub({ url, prefix: channelPrefix });
    const other = new RedisHub({ url, prefix: channelPrefix });
    try {
      const received: string[] = [];
      other.subscribe('t', (m) => received.push(m));
      await other.flush();
      const stop = hub.subscribe('t', () => undefined);
      await hub.close();
      expect(hub.listenerCount).toBe(0);
      stop();
      hub.publish('t', 'late');
      await sleep(100);
      expect(received).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
