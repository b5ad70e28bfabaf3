import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertOrder, type NewOrder } from './trading.repository.ts';
import { DIALECTS } from '../../test/harness.ts';
import { emptyDatabase } from '../../test/migration-db.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { migrateTo, migrateToLatest } from '../../platform/db/migrate.ts';
import { sqlRunner } from '../../platform/db/sql-runner.ts';

const NOW = Date.UTC(2026, 10, 23, 9, 0);

function filledBuy(userId: number, instrumentId: number, requestKey: string): NewOrder {
  return {
    userId,
    instrumentId,
    side: 'buy',
    type: 'market',
    timeInForce: 'day',
    status: 'filled',
    lots: 1,
    quantity: 100,
    limitPriceTicks: null,
    positionId: null,
    holdId: null,
    heldMinor: null,
    fill: {
      priceTicks: 105_000,
      grossMinor: 1_050,
      commissionMinor: 500,
      transactionFeeMinor: 1,
      stampDutyMinor: 0,
      totalMinor: 1_551,
    },
    requestKey,
    tradingDate: '2026-11-23',
    expiresAt: null,
    nowMs: NOW,
  };
}

async function indexNames(handle: DatabaseHandle, table: string): Promise<string[]> {
  if (handle.dialect === 'sqlite') {
    const rows = (await sql.raw(`pragma index_list(${table})`).execute(handle.db)).rows as Array<{ name: string }>;
    return rows.map((row) => row.name).sort();
  }
  const rows = await sql<{ indexname: string }>`
    select indexname from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(handle.db);
  return rows.rows.map((row) => row.indexname).sort();
}

describe.each(DIALECTS)('migration 0008, order path indexes (%s)', (dialect) => {
  it('drops the orders’ unique request key and keeps every order, index and foreign key', async () => {
    const { handle, drop } = await emptyDatabase(dialect);
    try {
      await migrateTo(handle, '0007-trading');
      const { userId, instrumentId } = await handle.transaction(async (trx) => {
        const user = await trx
          .insertInto('users')
          .values({
            phone: '+4915190000001',
            passwordHash: 'x',
            nickname: 'before',
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
        // The instruments table as migration 0007 left it (later migrations add columns).
        const instrument = await trx
          .insertInto('instruments')
          .values({
            code: 'MIG',
            name: 'Migration AG',
            sector: 'technology',
            lotSize: 100,
            currency: 'EUR',
            sharesOutstanding: 1_000_000,
            startPriceTicks: 105_000,
            createdAt: NOW,
            updatedAt: NOW,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { userId: Number(user.id), instrumentId: Number(instrument.id) };
      });
      const keys = [randomUUID(), randomUUID(), randomUUID()];
      await handle.transaction(async (trx) => {
        const run = sqlRunner(trx, dialect);
        for (const key of keys) await insertOrder(run, filledBuy(userId, instrumentId, key));
      });
      // The last order gone again: its id stays used (SQLite's AUTOINCREMENT counter is past it).
      const lastId = Number(
        (
          await handle.db
            .selectFrom('orders')
            .select(sql<number>`max(id)`.as('id'))
            .executeTakeFirst()
        )?.id,
      );
      await handle.db.deleteFrom('orders').where('id', '=', lastId).execute();
      const ordersBefore = await handle.db.selectFrom('orders').selectAll().orderBy('id').execute();
      expect(ordersBefore).toHaveLength(2);
      if (dialect === 'postgres') {
        // The unique key is there before: a second order under the same key is refused.
        await expect(
          handle.transaction(async (trx) =>
            insertOrder(sqlRunner(trx, dialect), filledBuy(userId, instrumentId, keys[0] as string)),
          ),
        ).rejects.toThrow();
      }
      expect(await indexNames(handle, 'idempotency_keys')).toContain('idempotency_keys_recent_idx');

      expect(await migrateTo(handle, '0008-order-path-indexes')).toEqual(['0008-order-path-indexes']);

      expect(await handle.db.selectFrom('orders').selectAll().orderBy('id').execute()).toEqual(ordersBefore);
      const idempotencyIndexes = await indexNames(handle, 'idempotency_keys');
      expect(idempotencyIndexes).toContain('idempotency_keys_user_time_idx');
      expect(idempotencyIndexes).not.toContain('idempotency_keys_recent_idx');
      const orderIndexes = await indexNames(handle, 'orders');
      expect(orderIndexes).toEqual(expect.arrayContaining(['orders_open_idx', 'orders_user_idx']));
      // The key's uniqueness is the Idempotency-Key's claim now; the orders table no longer repeats it.
      const again = await handle.transaction(async (trx) =>
        insertOrder(sqlRunner(trx, dialect), filledBuy(userId, instrumentId, keys[0] as string)),
      );
      // Ids go on from where they were: SQLite's AUTOINCREMENT counter came along with the rebuild
      // (PostgreSQL's sequence also counted the refused insert above).
      if (dialect === 'sqlite') expect(again).toBe(lastId + 1);
      else expect(again).toBeGreaterThan(lastId);
      // The orders' own foreign keys still hold.
      await expect(
        handle.transaction(async (trx) => insertOrder(sqlRunner(trx, dialect), filledBuy(999_999, instrumentId, 'k'))),
      ).rejects.toThrow();

      if (dialect === 'sqlite') {
        const unique = (
          (await sql.raw('pragma index_list(orders)').execute(handle.db)).rows as Array<{ unique: number }>
        ).filter((index) => index.unique === 1);
        expect(unique).toEqual([]);
        const referencing = (await sql.raw('pragma foreign_key_list(position_sales)').execute(handle.db))
          .rows as Array<{
          table: string;
        }>;
        expect(referencing.map((fk) => fk.table)).toContain('orders');
        expect((await sql.raw('pragma foreign_key_check').execute(handle.db)).rows).toEqual([]);
        expect((await sql.raw('pragma foreign_keys').execute(handle.db)).rows).toEqual([{ foreignKeys: 1 }]);
      }
    } finally {
      await drop();
    }
  });
});

describe('the duplicate-submit look-up on SQLite', () => {
  it('reads the investor’s recent keys through (user, created at)', async () => {
    const { handle, drop } = await emptyDatabase('sqlite');
    try {
      await migrateToLatest(handle);
      const plan = (
        await sql
          .raw(
            `explain query plan select key from idempotency_keys
           where user_id = 1 and request_hash = 'h' and created_at > 0 and key <> 'k' limit 1`,
          )
          .execute(handle.db)
      ).rows as Array<{ detail: string }>;
      expect(plan.map((step) => step.detail).join('\n')).toMatch(/USING INDEX idempotency_keys_user_time_idx/);
    } finally {
      await drop();
    }
  });
});
