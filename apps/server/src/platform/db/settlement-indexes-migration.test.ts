import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.ts';
import { emptyDatabase, migrationUser } from '../../test/migration-db.ts';
import type { DatabaseHandle } from './database.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

const NOW = Date.UTC(2026, 10, 27, 9, 0);
const TABLES = ['journal_entries', 'holds', 'messages'];

/** Each index of the three tables by name, with the condition of a partial one (null for a full one). */
async function indexesOf(handle: DatabaseHandle): Promise<Record<string, string | null>> {
  if (handle.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; sql: string }>`
      select name, sql from sqlite_master
      where type = 'index' and sql is not null and tbl_name in (${sql.join(TABLES)})`.execute(handle.db);
    return Object.fromEntries(
      rows.map((row) => [row.name, /\bwhere\b(.*)$/is.exec(row.sql)?.[1]?.replace(/\s+/g, ' ').trim() ?? null]),
    );
  }
  const { rows } = await sql<{ name: string; def: string }>`
    select indexname as name, indexdef as def from pg_indexes
    where schemaname = current_schema() and tablename in (${sql.join(TABLES)})
      and indexname not like '%_pkey' and indexname not like '%_key'`.execute(handle.db);
  return Object.fromEntries(rows.map((row) => [row.name, /\bWHERE\b(.*)$/s.exec(row.def)?.[1]?.trim() ?? null]));
}

describe.each(DIALECTS)('migration 0030, settlement indexes (%s)', (dialect) => {
  it('drops the unread reference index and keeps the holds and announcement indexes to the rows they serve', async () => {
    const { handle, drop } = await emptyDatabase(dialect);
    try {
      await migrateTo(handle, '0028-job-leases');
      const user = await migrationUser(handle, '+4915100000001', NOW);
      await handle.db
        .insertInto('holds')
        .values([
          { userId: user, currency: 'EUR', amountMinor: 100, reason: 'ipo', createdAt: NOW, status: 'open' },
          { userId: user, currency: 'EUR', amountMinor: 200, reason: 'ipo', createdAt: NOW, status: 'captured' },
        ])
        .execute();
      const before = await indexesOf(handle);
      expect(Object.keys(before)).toEqual(
        expect.arrayContaining(['journal_entries_reference_idx', 'holds_user_idx', 'messages_announcement_idx']),
      );
      expect(before.messages_announcement_idx).toBeNull();

      expect(await migrateToLatest(handle)).toContain('0030-settlement-indexes');
      const after = await indexesOf(handle);
      expect(after).not.toHaveProperty('journal_entries_reference_idx');
      expect(after).not.toHaveProperty('holds_user_idx');
      expect(after.holds_open_user_idx).toMatch(/status.*=.*'open'/);
      expect(after.messages_announcement_idx).toMatch(/announcement_id IS NOT NULL/i);
      // The rows are all still there; an open hold is found through the new index.
      const open = await handle.db
        .selectFrom('holds')
        .select('amountMinor')
        .where('userId', '=', user)
        .where('status', '=', 'open')
        .execute();
      expect(open.map((row) => Number(row.amountMinor))).toEqual([100]);
      if (dialect === 'sqlite') {
        const plan = async (text: string) =>
          (await sql.raw<{ detail: string }>(`explain query plan ${text}`).execute(handle.db)).rows
            .map((row) => row.detail)
            .join('; ');
        expect(await plan(`select count(*) from holds where user_id = ${user} and status = 'open'`)).toContain(
          'holds_open_user_idx',
        );
        expect(await plan('select count(*) from messages where announcement_id = 1 and read_at is not null')).toContain(
          'messages_announcement_idx',
        );
      }
    } finally {
      await drop();
    }
  });
});
