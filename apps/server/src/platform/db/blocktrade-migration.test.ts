import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.ts';
import { emptyDatabase, migrationUser } from '../../test/migration-db.ts';
import type { DatabaseHandle } from './database.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

const NOW = Date.UTC(2026, 10, 23, 9, 0);

async function lot(
  handle: DatabaseHandle,
  values: { userId: number; instrumentId: number; buyOrderId: number | null },
) {
  const row = await handle.db
    .insertInto('positions')
    .values({
      ...values,
      quantity: 100,
      originalQuantity: 100,
      buyPriceTicks: 100_000,
      buyValueMinor: 1_000_00,
      buyCommissionMinor: 5_00,
      buyTransactionFeeMinor: 10,
      capitalMinor: 1_005_10,
      remainingCapitalMinor: 1_005_10,
      buyTime: NOW,
      buyDate: '2026-11-23',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe.each(DIALECTS)('migration 0011, block trades (%s)', (dialect) => {
  it('keeps every lot, lets a lot have no buy order, still one lot per buy order', async () => {
    const { handle, drop } = await emptyDatabase(dialect);
    try {
      await migrateTo(handle, '0009-money-controls');
      const erika = await migrationUser(handle, '+4915100000001', NOW);
      const instrument = await handle.db
        .insertInto('instruments')
        .values({
          code: 'OLD',
          name: 'Old AG',
          sector: 'x',
          lotSize: 100,
          currency: 'EUR',
          peX100: null,
          industryPeX100: null,
          pinyin: null,
          startPriceTicks: 100_000,
          createdAt: NOW,
          updatedAt: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const instrumentId = Number(instrument.id);
      const before = await lot(handle, { userId: erika, instrumentId, buyOrderId: 41 });
      // A lot needs its buy order before 0011.
      await expect(lot(handle, { userId: erika, instrumentId, buyOrderId: null })).rejects.toThrow();

      const applied = await migrateToLatest(handle);
      expect(applied).toContain('0011-blocktrade');
      const kept = await handle.db.selectFrom('positions').selectAll().execute();
      expect(kept).toEqual([expect.objectContaining({ id: before, buyOrderId: 41, capitalMinor: 1_005_10 })]);
      // The id sequence goes on after the old rows.
      const first = await lot(handle, { userId: erika, instrumentId, buyOrderId: null });
      expect(first).toBeGreaterThan(before);
      await lot(handle, { userId: erika, instrumentId, buyOrderId: null });
      await expect(lot(handle, { userId: erika, instrumentId, buyOrderId: 41 })).rejects.toThrow();
      // The CHECKs came along: a lot cannot hold more than it was bought with.
      await expect(
        handle.db.updateTable('positions').set({ quantity: 101 }).where('id', '=', first).execute(),
      ).rejects.toThrow();
      await expect(migrateToLatest(handle)).resolves.toEqual([]);
    } finally {
      await drop();
    }
  });
});
