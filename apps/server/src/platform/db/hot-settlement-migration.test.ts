import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.ts';
import { emptyDatabase } from '../../test/migration-db.ts';
import type { DatabaseHandle } from './database.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

/** The columns of the issue index of `ipo_subscriptions`, in order. */
async function issueIndexColumns(handle: DatabaseHandle): Promise<string[]> {
  if (handle.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select name from pragma_index_info('ipo_subscriptions_issue_idx') order by seqno`.execute(handle.db);
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ def: string }>`
    select indexdef as def from pg_indexes
    where schemaname = current_schema() and indexname = 'ipo_subscriptions_issue_idx'`.execute(handle.db);
  return (/\((.*)\)/.exec(rows[0]?.def ?? '')?.[1] ?? '').split(',').map((column) => column.trim());
}

/** PostgreSQL: the storage options of a table (`fillfactor=50`), empty when it has none. */
async function optionsOf(handle: DatabaseHandle, table: string): Promise<string[]> {
  const { rows } = await sql<{ options: string[] | null }>`
    select c.reloptions as options from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname = ${table}`.execute(handle.db);
  return rows[0]?.options ?? [];
}

describe.each(DIALECTS)('migration 0031, updates without index writes (%s)', (dialect) => {
  it('takes the status out of the subscriptions issue index and leaves room on the pages for HOT updates', async () => {
    const { handle, drop } = await emptyDatabase(dialect);
    try {
      await migrateTo(handle, '0030-settlement-indexes');
      expect(await issueIndexColumns(handle)).toEqual(['issue_id', 'status', 'id']);
      if (dialect === 'postgres') expect(await optionsOf(handle, 'ledger_accounts')).toEqual([]);

      expect(await migrateToLatest(handle)).toContain('0031-hot-settlement');
      expect(await issueIndexColumns(handle)).toEqual(['issue_id', 'id']);
      if (dialect === 'postgres') {
        expect(await optionsOf(handle, 'ipo_subscriptions')).toEqual(['fillfactor=50']);
        expect(await optionsOf(handle, 'ledger_accounts')).toEqual(['fillfactor=50']);
      } else {
        // The draw's read of an issue's unsettled subscriptions from its cursor is served by the index.
        const plan = (
          await sql
            .raw<{ detail: string }>(
              "explain query plan select id from ipo_subscriptions where issue_id = 1 and id > 0 and status = 'subscribed' order by id limit 10",
            )
            .execute(handle.db)
        ).rows
          .map((row) => row.detail)
          .join('; ');
        expect(plan).toContain('ipo_subscriptions_issue_idx');
        expect(plan).not.toContain('TEMP B-TREE');
      }
    } finally {
      await drop();
    }
  });
});
