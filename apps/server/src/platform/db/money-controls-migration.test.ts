import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.ts';
import { emptyDatabase, migrationUser } from '../../test/migration-db.ts';
import type { DatabaseHandle } from './database.ts';
import { migrateTo } from './migrate.ts';

const NOW = Date.UTC(2026, 10, 23, 9, 0);

async function card(handle: DatabaseHandle, userId: number, iban: string): Promise<number> {
  const row = await handle.db
    .insertInto('bankCards')
    .values({ userId, bankName: 'B', branch: 'B', holderName: 'H', iban, createdAt: NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe.each(DIALECTS)('migration 0009, money controls (%s)', (dialect) => {
  it('fixes the approvals of existing withdrawals by today’s threshold and adds the settings-change queue', async () => {
    const { handle, drop } = await emptyDatabase(dialect);
    try {
      await migrateTo(handle, '0008-order-path-indexes');
      const userId = await migrationUser(handle, '+4915190000001', NOW);
      const cardId = await card(handle, userId, 'DE89370400440532013000');
      const operator = await handle.db
        .insertInto('operators')
        .values({ username: 'first', passwordHash: 'x', totpSecret: 'x', roles: 'finance', createdAt: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      const withdrawal = async (amountMinor: number, status: string, approvedBy: number | null) => {
        const hold = await handle.db
          .insertInto('holds')
          .values({ userId, currency: 'EUR', amountMinor, reason: 'withdrawal', createdAt: NOW })
          .returning('id')
          .executeTakeFirstOrThrow();
        const row = await handle.db
          .insertInto('withdrawals')
          .values({
            userId,
            cardId,
            amountMinor,
            feeMinor: 0,
            currency: 'EUR',
            holdId: Number(hold.id),
            status,
            requestKey: `k${amountMinor}${status}`,
            createdAt: NOW,
            approvedBy,
            approvedAt: approvedBy === null ? null : NOW,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(row.id);
      };
      // The threshold was never changed: its default of 10,000.00 holds.
      const big = await withdrawal(1_050_000, 'pending', null);
      const small = await withdrawal(50_000, 'pending', null);
      const firstApproved = await withdrawal(1_200_000, 'pending', Number(operator.id));
      const paidAlone = await withdrawal(2_000_000, 'paid', null);

      expect(await migrateTo(handle, '0009-money-controls')).toEqual(['0009-money-controls']);

      const rows = await handle.db.selectFrom('withdrawals').select(['id', 'approvalsRequired']).execute();
      const required = Object.fromEntries(rows.map((r) => [Number(r.id), Number(r.approvalsRequired)]));
      expect(required).toEqual({ [big]: 2, [small]: 1, [firstApproved]: 2, [paidAlone]: 1 });
      const change = await handle.db
        .insertInto('settingsChanges')
        .values({ changes: '{}', proposedBy: Number(operator.id), proposedAt: NOW })
        .returning(['id', 'status'])
        .executeTakeFirstOrThrow();
      expect(change.status).toBe('pending');
    } finally {
      await drop();
    }
  });

  it('stops on an IBAN bound by two investors, naming the cards; once one is removed it goes through', async () => {
    const { handle, drop } = await emptyDatabase(dialect);
    try {
      await migrateTo(handle, '0008-order-path-indexes');
      const erika = await migrationUser(handle, '+4915190000002', NOW);
      const max = await migrationUser(handle, '+4915190000003', NOW);
      const first = await card(handle, erika, 'DE89370400440532013000');
      const second = await card(handle, max, 'DE89370400440532013000');
      // A removed binding is no conflict.
      const removed = await card(handle, max, 'DE89370400440000453000');
      await handle.db
        .updateTable('bankCards')
        .set({ status: 'removed', removedAt: NOW })
        .where('id', '=', removed)
        .execute();
      await card(handle, erika, 'DE89370400440000453000');

      const refused = await migrateTo(handle, '0009-money-controls').then(
        () => null,
        (error: unknown) => error as Error,
      );
      expect(refused?.message).toContain(`card ${first} (user ${erika})`);
      expect(refused?.message).toContain(`card ${second} (user ${max})`);

      await handle.db
        .updateTable('bankCards')
        .set({ status: 'removed', removedAt: NOW })
        .where('id', '=', second)
        .execute();
      expect(await migrateTo(handle, '0009-money-controls')).toEqual(['0009-money-controls']);
      await expect(card(handle, max, 'DE89370400440532013000')).rejects.toThrow();
    } finally {
      await drop();
    }
  });
});
