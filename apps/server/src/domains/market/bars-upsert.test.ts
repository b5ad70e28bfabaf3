import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness.ts';
import { insertInstrument } from './instruments.service.ts';
import { upsertBars, type NewBar } from './market.repository.ts';

const MINUTE = Date.UTC(2026, 10, 23, 9, 15);

for (const dialect of DIALECTS) {
  describe(`a bar still forming, written by two simulators (${dialect})`, () => {
    let t: TestApp;
    let instrumentId: number;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      instrumentId = await t.ctx.database.transaction(async (trx) => {
        const created = await insertInstrument(
          trx,
          {
            code: 'MRG',
            name: 'Merge test',
            sector: 'technology',
            lotSize: 1,
            currency: 'EUR',
            sharesOutstanding: 1_000_000,
            startPrice: '106.40',
          },
          t.clock.nowMs(),
        );
        return created.id;
      });
    }, 60_000);
    afterAll(() => t.close());

    const stored = () =>
      t.ctx.database.db
        .selectFrom('minuteBars')
        .select(['open', 'high', 'low', 'close', 'volume'])
        .where('instrumentId', '=', instrumentId)
        .where('t', '=', MINUTE)
        .executeTakeFirstOrThrow();
    const write = (b: Omit<NewBar, 'instrumentId' | 't'>, mode: 'replace' | 'extend') =>
      upsertBars(t.ctx.database.db, 'minuteBars', [{ instrumentId, t: MINUTE, ...b }], mode);

    it('keeps the stored open and widens high and low, so the bar stays inside its range', async () => {
      // The instance losing the market lease flushes the minute it formed from 106.40 …
      await write({ open: 10640, high: 10650, low: 10610, close: 10620, volume: 5_000 }, 'extend');
      // … and the one taking over writes the same minute, formed from its own first price, lower.
      await write({ open: 10600, high: 10600, low: 10590, close: 10600, volume: 1_200 }, 'extend');
      expect(await stored()).toEqual({ open: 10640, high: 10650, low: 10590, close: 10600, volume: 5_000 });
    });

    it('still grows with the same writer’s later state of the bar', async () => {
      await write({ open: 10600, high: 10700, low: 10580, close: 10690, volume: 9_000 }, 'extend');
      expect(await stored()).toEqual({ open: 10640, high: 10700, low: 10580, close: 10690, volume: 9_000 });
    });

    it('is overwritten whole by a file’s bar', async () => {
      await write({ open: 10500, high: 10520, low: 10490, close: 10510, volume: 700 }, 'replace');
      expect(await stored()).toEqual({ open: 10500, high: 10520, low: 10490, close: 10510, volume: 700 });
    });
  });
}
