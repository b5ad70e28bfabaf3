import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.ts';
import { emptyDatabase, migrationUser } from '../../test/migration-db.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

const NOW = Date.UTC(2026, 10, 26, 9, 0);

describe.each(DIALECTS)('migration 0020, profile (%s)', (dialect) => {
  it('keeps every user with their sessions and ids, and admits the closed status and nothing else new', async () => {
    const { handle, drop } = await emptyDatabase(dialect);
    try {
      await migrateTo(handle, '0016-members');
      const erika = await migrationUser(handle, '+4915100000001', NOW);
      const max = await migrationUser(handle, '+4915100000002', NOW);
      await handle.db
        .insertInto('sessions')
        .values({ userId: erika, tokenHash: 'a'.repeat(64), createdAt: NOW, expiresAt: NOW + 1, lastSeenAt: NOW })
        .execute();
      // Before 0020 an account cannot be closed.
      await expect(
        handle.db.updateTable('users').set({ status: 'closed' }).where('id', '=', max).execute(),
      ).rejects.toThrow();

      expect(await migrateToLatest(handle)).toContain('0020-profile');
      const users = await handle.db.selectFrom('users').select(['id', 'phone', 'status']).orderBy('id').execute();
      expect(users.map((row) => ({ ...row, id: Number(row.id) }))).toEqual([
        { id: erika, phone: '+4915100000001', status: 'active' },
        { id: max, phone: '+4915100000002', status: 'active' },
      ]);
      const sessions = await handle.db.selectFrom('sessions').select('userId').execute();
      expect(sessions.map((row) => Number(row.userId))).toEqual([erika]);

      await handle.db.updateTable('users').set({ status: 'closed' }).where('id', '=', max).execute();
      await expect(
        handle.db.updateTable('users').set({ status: 'gone' }).where('id', '=', erika).execute(),
      ).rejects.toThrow();
      // A new user still gets the next id, and one pending closure request per investor.
      expect(await migrationUser(handle, '+4915100000003', NOW)).toBeGreaterThan(max);
      await handle.db.insertInto('closureRequests').values({ userId: erika, reason: null, createdAt: NOW }).execute();
      await expect(
        handle.db.insertInto('closureRequests').values({ userId: erika, reason: null, createdAt: NOW }).execute(),
      ).rejects.toThrow();
    } finally {
      await drop();
    }
  });
});
