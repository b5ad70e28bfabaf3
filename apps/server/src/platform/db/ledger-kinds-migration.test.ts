import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.ts';
import { emptyDatabase, migrationUser } from '../../test/migration-db.ts';
import type { DatabaseHandle } from './database.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

const NOW = Date.UTC(2026, 10, 26, 9, 0);

function account(
  handle: DatabaseHandle,
  values: { code: string; userId: number | null; kind: string; balanceMinor?: number },
) {
  return handle.db
    .insertInto('ledgerAccounts')
    .values({ currency: 'EUR', balanceMinor: 0, createdAt: NOW, ...values })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.id));
}

describe.each(DIALECTS)('migration 0013, ledger kinds (%s)', (dialect) => {
  it('keeps every account and its CHECKs, and admits redemptions pending, loans receivable and interest income', async () => {
    const { handle, drop } = await emptyDatabase(dialect);
    try {
      await migrateTo(handle, '0012-ipo-allocation');
      const erika = await migrationUser(handle, '+4915100000001', NOW);
      const cash = await account(handle, {
        code: `user:${erika}:cash:EUR`,
        userId: erika,
        kind: 'cash',
        balanceMinor: 5_00,
      });
      const clearing = await account(handle, {
        code: 'system:bank_clearing:EUR',
        userId: null,
        kind: 'bank_clearing',
        balanceMinor: -5_00,
      });
      // Before 0013 the kinds are refused.
      await expect(
        account(handle, { code: `user:${erika}:redeem_pending:EUR`, userId: erika, kind: 'redeem_pending' }),
      ).rejects.toThrow();

      expect(await migrateToLatest(handle)).toContain('0013-ledger-kinds');
      const kept = await handle.db
        .selectFrom('ledgerAccounts')
        .select(['id', 'code', 'balanceMinor'])
        .orderBy('id')
        .execute();
      expect(kept.map((row) => ({ ...row, id: Number(row.id), balanceMinor: Number(row.balanceMinor) }))).toEqual([
        { id: cash, code: `user:${erika}:cash:EUR`, balanceMinor: 5_00 },
        { id: clearing, code: 'system:bank_clearing:EUR', balanceMinor: -5_00 },
      ]);
      const redeem = await account(handle, {
        code: `user:${erika}:redeem_pending:EUR`,
        userId: erika,
        kind: 'redeem_pending',
      });
      expect(redeem).toBeGreaterThan(clearing);
      await account(handle, { code: 'system:loan_receivable:EUR', userId: null, kind: 'loan_receivable' });
      await account(handle, { code: 'system:interest_income:EUR', userId: null, kind: 'interest_income' });
      // The old rules still hold: a system kind is no user's, a user balance never negative, codes unique.
      await expect(
        account(handle, { code: `user:${erika}:x:EUR`, userId: erika, kind: 'interest_income' }),
      ).rejects.toThrow();
      await expect(
        account(handle, { code: 'system:nothing:EUR', userId: null, kind: 'redeem_pending' }),
      ).rejects.toThrow();
      await expect(
        handle.db.updateTable('ledgerAccounts').set({ balanceMinor: -1 }).where('id', '=', cash).execute(),
      ).rejects.toThrow();
      await expect(
        account(handle, { code: 'system:bank_clearing:EUR', userId: null, kind: 'bank_clearing' }),
      ).rejects.toThrow();
      await expect(migrateToLatest(handle)).resolves.toEqual([]);
    } finally {
      await drop();
    }
  });
});
