import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.ts';
import { openPostgres, openSqlite, type DatabaseHandle, type Dialect } from './database.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

const NOW = Date.UTC(2026, 10, 23, 9, 0);

/** An empty database of the dialect (a temporary file, or a schema of its own), closed and removed by `drop`. */
async function emptyDatabase(dialect: Dialect): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'bourse-migration-'));
    const handle = openSqlite(path.join(dir, 'x.sqlite'));
    return {
      handle,
      drop: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await admin(`create schema ${schema}`);
  const handle = openPostgres(url, { schema, max: 2 });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await admin(`drop schema ${schema} cascade`);
    },
  };
}

async function user(handle: DatabaseHandle, phone: string): Promise<number> {
  const row = await handle.db
    .insertInto('users')
    .values({
      phone,
      passwordHash: 'x',
      nickname: phone,
      avatar: null,
      email: null,
      lang: 'de',
      tradingPasswordHash: null,
      inviteCode: 'TEST',
      createdAt: NOW,
      updatedAt: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

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
      const erika = await user(handle, '+4915100000001');
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
