import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertInstrument } from './instruments.service.ts';
import type { LiveQuote } from '../../platform/market-data-provider.ts';
import type { MarketSimulator } from './simulator.ts';

const STOCK = {
  code: 'BMW',
  name: 'BMW',
  sector: 'automotive',
  lotSize: 10,
  currency: 'EUR',
  sharesOutstanding: 640_000_000,
  startPrice: '90.00',
  volatilityBp: 3500,
};

const apps: TestApp[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()?.close();
});

async function market(env: Record<string, string>): Promise<{ t: TestApp; sim: MarketSimulator }> {
  const t = await createTestApp('sqlite', { MARKET_BACKFILL_DAYS: '30', MARKET_BACKFILL_INTRADAY_DAYS: '1', ...env });
  apps.push(t);
  await t.ctx.database.transaction((trx) => insertInstrument(trx, STOCK, t.clock.nowMs()));
  const sim = t.ctx.market as MarketSimulator;
  await sim.start();
  return { t, sim };
}

async function path(t: TestApp, sim: MarketSimulator, ticks: number): Promise<number[]> {
  const prices: number[] = [];
  for (let i = 0; i < ticks; i++) {
    t.clock.advance(1000);
    await sim.tick();
    prices.push((sim.quote('BMW') as LiveQuote).lastTicks);
  }
  return prices;
}

describe('market simulator', () => {
  it('gives the same path for the same seed, and another for another seed', async () => {
    const a = await market({ MARKET_SEED: '7' });
    const b = await market({ MARKET_SEED: '7' });
    const c = await market({ MARKET_SEED: '8' });
    const pathA = await path(a.t, a.sim, 120);
    expect(await path(b.t, b.sim, 120)).toEqual(pathA);
    expect(await path(c.t, c.sim, 120)).not.toEqual(pathA);
    // The history is part of the path too.
    const bars = (t: TestApp) =>
      t.ctx.database.db.selectFrom('dailyBars').select(['t', 'open', 'close']).orderBy('t').execute();
    expect(await bars(b.t)).toEqual(await bars(a.t));
    expect(new Set(pathA).size).toBeGreaterThan(5);
  });

  it('quotes a spread around the last price on the cent grid', async () => {
    const { t, sim } = await market({ MARKET_SPREAD_BP: '20' });
    await path(t, sim, 30);
    const q = sim.quote('BMW') as LiveQuote;
    expect(q.bidTicks).toBeLessThan(q.lastTicks);
    expect(q.askTicks).toBeGreaterThan(q.lastTicks);
    for (const price of [q.bidTicks, q.askTicks, q.lastTicks]) expect(price % 100).toBe(0);
    // 20 bp of ~90.00 is ~0.18: half on each side, at least one cent.
    expect(q.askTicks - q.bidTicks).toBeGreaterThanOrEqual(200);
    expect(q.askTicks - q.bidTicks).toBeLessThanOrEqual(2_000);
  });

  it('keeps prices inside the daily limit band', async () => {
    // A wild instrument over a whole simulated day, with a 2 % band.
    const { t, sim } = await market({ MARKET_LIMIT_BAND_PCT: '2' });
    await t.ctx.database.db.updateTable('instruments').set({ volatilityBp: 40_000 }).execute();
    await sim.refreshInstruments();
    const prices = await path(t, sim, 600);
    const q = sim.quote('BMW') as LiveQuote;
    expect(q.limitUpTicks).toBe(Math.floor((q.prevCloseTicks * 102) / 100 / 100) * 100);
    expect(q.limitDownTicks).toBe(Math.ceil((q.prevCloseTicks * 98) / 100 / 100) * 100);
    for (const p of prices) {
      expect(p).toBeLessThanOrEqual(q.limitUpTicks ?? 0);
      expect(p).toBeGreaterThanOrEqual(q.limitDownTicks ?? 0);
    }
  });

  it('does not trade while the market is closed, and starts a new day at the open', async () => {
    // The harness clock starts on Monday 2026-11-23 at 09:00 UTC = 10:00 in Berlin.
    const { t, sim } = await market({ MARKET_HOURS: '09:00-17:30' });
    expect(sim.isOpen(t.clock.nowMs())).toBe(true);
    await path(t, sim, 5);
    t.clock.advance(8 * 3_600_000); // 18:00 Berlin: closed
    const closed = (sim.quote('BMW') as LiveQuote).lastTicks;
    expect(await path(t, sim, 30)).toEqual(Array(30).fill(closed));
    const volumeBefore = (sim.quote('BMW') as LiveQuote).volume;
    t.clock.advance(15 * 3_600_000 + 30 * 60_000); // Tuesday 09:30 Berlin: open, a new day
    await path(t, sim, 3);
    const q = sim.quote('BMW') as LiveQuote;
    expect(q.tradingDate).toBe('2026-11-24');
    expect(q.prevCloseTicks).toBe(closed);
    // Three seconds of trading since the open, not the night: about as much as the five seconds before.
    expect(q.volume).toBeLessThan(volumeBefore * 3);
    // Yesterday's bar was stored with its close.
    const yesterday = await t.ctx.database.db
      .selectFrom('dailyBars')
      .select('close')
      .where('t', '=', Date.parse('2026-11-23T00:00:00Z'))
      .executeTakeFirstOrThrow();
    expect(yesterday.close).toBe(closed);
  });

  it('restores its state from stored bars after a restart', async () => {
    const { t, sim } = await market({});
    await path(t, sim, 90);
    await sim.stop();
    const last = (sim.quote('BMW') as LiveQuote).lastTicks;
    const { MarketSimulator: Simulator } = await import('./simulator.ts');
    const again = new Simulator(t.ctx.database, t.clock, t.ctx.calendar, {
      seed: 1,
      tickMs: 1000,
      spreadBp: 10,
      limitBandPct: 0,
      backfillDays: 30,
      backfillIntradayDays: 1,
    });
    await again.start();
    expect(again.quote('BMW')?.lastTicks).toBe(last);
    const bars = await t.ctx.database.db.selectFrom('dailyBars').select('t').execute();
    expect(bars.length).toBe(new Set(bars.map((b) => b.t)).size);
  });
});
