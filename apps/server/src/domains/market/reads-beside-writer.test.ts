import { afterEach, describe, expect, it } from 'vitest';
import { DRAW, WriteLock } from '../../platform/db/write-lock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { instrument } from '../../test/trading-fixture.ts';
import { insertInstrument } from './instruments.service.ts';

/**
 * The market's hot reads on a SQLite file do not wait for the write lock (`DatabaseHandle.readDb`):
 * while another thread of the process writes — an IPO draw's chunk, the order writer's batch — a
 * quote and the market list are still answered.
 */
describe('market reads while another thread holds the SQLite write lock', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('answers a quote and the market list while a draw thread would be writing', async () => {
    t = await createTestApp('sqlite', { MARKET_BACKFILL_DAYS: '0', MARKET_BACKFILL_INTRADAY_DAYS: '0' });
    await t.ctx.database.transaction((trx) => insertInstrument(trx, instrument('TST', '12.33'), t.clock.nowMs()));
    // What a draw thread does first: take the lock (as holder 4) for its chunk.
    const other = new WriteLock(DRAW, t.ctx.database.writeLock!.buffer);
    await other.acquire();
    try {
      const within = <T>(promise: Promise<T>) =>
        Promise.race([promise, new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000).unref())]);
      const quote = await within(t.app.inject({ method: 'GET', url: '/api/market/instruments/TST' }));
      expect(quote === 'waited' ? 'waited for the write lock' : quote.statusCode).toBe(200);
      const list = await within(t.app.inject({ method: 'GET', url: '/api/market/instruments' }));
      expect(list === 'waited' ? 'waited for the write lock' : list.statusCode).toBe(200);
    } finally {
      other.release();
    }
  });
});
