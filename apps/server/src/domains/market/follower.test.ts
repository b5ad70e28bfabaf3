import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RedisHub } from '../../platform/redis-hub.ts';
import { createTestApp } from '../../test/harness.ts';
import { insertInstrument } from './instruments.service.ts';
import type { LiveQuote } from '../../platform/market-data-provider.ts';
import { QuoteFeed } from './quote-feed.service.ts';
import { quoteTopic } from './quote-topic.ts';
import { MarketSimulator } from './simulator.ts';
import { Lease, LeaseKeeper } from '../../platform/lease.ts';

if (process.env.CI === 'true' && !process.env.TEST_REDIS_URL) {
  throw new Error('CI=true but TEST_REDIS_URL is not set: the Redis suite must run in CI');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 3_000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await sleep(5);
  }
}

/** Scaled out: one instance simulates, another follows its prices through Redis (DESIGN §7). */
describe.runIf(process.env.TEST_REDIS_URL)('a market follower instance', () => {
  const url = process.env.TEST_REDIS_URL!;

  it('mirrors the simulating instance’s quotes and forming bars, and neither ticks nor republishes', async () => {
    const t = await createTestApp('sqlite', {
      REDIS_URL: url,
      MARKET_BACKFILL_DAYS: '5',
      MARKET_BACKFILL_INTRADAY_DAYS: '1',
    });
    // A code of this run's own: other suites publish on the same Redis.
    const code = `FW${randomBytes(3).toString('hex').toUpperCase()}`;
    await t.ctx.database.transaction((trx) =>
      insertInstrument(
        trx,
        {
          code,
          name: 'Follower test',
          sector: 'technology',
          lotSize: 10,
          currency: 'EUR',
          sharesOutstanding: 100_000_000,
          startPrice: '42.00',
        },
        t.clock.nowMs(),
      ),
    );
    const leader = t.ctx.market as MarketSimulator;
    // Scaled out, the market lease decides: the only instance asking takes it.
    expect(leader.role).toBe('follower');
    await t.ctx.marketLeadership!.check();
    await leader.start();
    expect(leader.role).toBe('source');

    const followerHub = new RedisHub({ url });
    const follower = new MarketSimulator(t.ctx.database, t.clock, t.ctx.calendar, {
      seed: 1,
      tickMs: 1000,
      spreadBp: 10,
      limitBandPct: 0,
      backfillDays: 5,
      backfillIntradayDays: 1,
      follow: followerHub,
    });
    // The follower's own feed, as its app would start it: it must publish nothing.
    const followerFeed = new QuoteFeed({ ...t.ctx, market: follower });
    const published: string[] = [];
    const spy = new RedisHub({ url });
    try {
      await follower.start({ timer: true });
      followerFeed.start();
      expect(follower.role).toBe('follower');
      // Restored from the shared database: the same price before any tick.
      expect(follower.quote(code)?.lastTicks).toBe(leader.quote(code)?.lastTicks);
      const seen: LiveQuote[] = [];
      follower.onQuotes((changed) => seen.push(...changed));
      spy.subscribe(quoteTopic(code), (message) => published.push(message));
      await Promise.all([followerHub.flush(), spy.flush()]);

      for (let i = 0; i < 5; i++) {
        t.clock.advance(1000);
        await leader.tick();
      }
      await until(() => seen.length >= 5);
      const mine = leader.quote(code)!;
      const mirrored = follower.quote(code)!;
      for (const field of ['lastTicks', 'bidTicks', 'askTicks', 'highTicks', 'lowTicks', 'volume'] as const) {
        expect(mirrored[field], field).toBe(mine[field]);
      }
      expect(follower.liveBars(mirrored.instrumentId).day?.close).toBe(mine.lastTicks);
      expect(await follower.tick()).toEqual([]);
      await sleep(100);
      // One message per tick, all from the simulating instance.
      expect(published).toHaveLength(5);
    } finally {
      followerFeed.stop();
      await follower.stop();
      await Promise.all([followerHub.close(), spy.close()]);
      await t.close();
    }
  });

  it('takes over as the source when the simulating instance gives up the market lease', async () => {
    const t = await createTestApp('sqlite', {
      REDIS_URL: url,
      MARKET_BACKFILL_DAYS: '5',
      MARKET_BACKFILL_INTRADAY_DAYS: '1',
    });
    const code = `FO${randomBytes(3).toString('hex').toUpperCase()}`;
    await t.ctx.database.transaction((trx) =>
      insertInstrument(
        trx,
        {
          code,
          name: 'Failover test',
          sector: 'technology',
          lotSize: 10,
          currency: 'EUR',
          sharesOutstanding: 100_000_000,
          startPrice: '42.00',
        },
        t.clock.nowMs(),
      ),
    );
    const leader = t.ctx.market as MarketSimulator;
    await t.ctx.marketLeadership!.check();
    await leader.start();

    const secondHub = new RedisHub({ url });
    const second = new MarketSimulator(t.ctx.database, t.clock, t.ctx.calendar, {
      seed: 1,
      tickMs: 1000,
      spreadBp: 10,
      limitBandPct: 0,
      backfillDays: 5,
      backfillIntradayDays: 1,
      follow: secondHub,
    });
    const keeper = new LeaseKeeper(new Lease(t.ctx.database, 'market', { holder: 'second' }), {
      onGained: () => second.lead(),
      onLost: () => second.followSource(),
    });
    try {
      await second.start();
      await keeper.check();
      expect(second.role).toBe('follower');
      await secondHub.flush();
      t.clock.advance(1000);
      await leader.tick();
      await until(() => second.quote(code)?.lastTicks === leader.quote(code)?.lastTicks);
      const beforeMs = second.quote(code)!.timeMs;

      // An instrument created on the leading instance: the other reloads when told through the hub.
      const added = `FN${randomBytes(3).toString('hex').toUpperCase()}`;
      await t.ctx.database.transaction((trx) =>
        insertInstrument(
          trx,
          {
            code: added,
            name: 'Added later',
            sector: 'technology',
            lotSize: 10,
            currency: 'EUR',
            sharesOutstanding: 1_000_000,
            startPrice: '10.00',
          },
          t.clock.nowMs(),
        ),
      );
      const version = second.historyVersion;
      await leader.refreshInstruments();
      await until(() => second.quote(added) !== undefined);
      expect(second.quote(added)!.lastTicks).toBe(leader.quote(added)!.lastTicks);
      expect(second.historyVersion).toBeGreaterThan(version);

      // The leading instance stops cleanly (releases the lease): the second takes over at once and
      // carries on from the last price it heard, while the first no longer ticks.
      await t.ctx.marketLeadership!.stop();
      expect(leader.role).toBe('follower');
      await keeper.check();
      expect(second.role).toBe('source');
      t.clock.advance(60_000);
      expect(await leader.tick()).toEqual([]);
      const moved = await second.tick();
      expect(moved.map((q) => q.code)).toContain(code);
      // Its own trade, printed now (the price itself may round to the same cent).
      expect(second.quote(code)!.timeMs).toBe(t.clock.nowMs());
      expect(second.quote(code)!.timeMs).toBeGreaterThan(beforeMs);
    } finally {
      await keeper.stop();
      await second.stop();
      await secondHub.close();
      await t.close();
    }
  });
});
