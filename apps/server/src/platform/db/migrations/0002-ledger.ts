import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * The double-entry ledger: accounts with cached balances (a user's can never go below zero, by
 * CHECK), journal entries with a unique idempotency key, postings that sum to zero per entry, and
 * holds (reservations moved from cash to frozen until captured or voided).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (name: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id('ledger_accounts')
    // 'user:<id>:<kind>:<currency>' or 'system:<kind>:<currency>': one row per account, ever.
    .addColumn('code', 'varchar(96)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('balance_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('ledger_user_balance_not_negative', sql`user_id is null or balance_minor >= 0`)
    .addCheckConstraint(
      'ledger_kind_matches_owner',
      sql`(user_id is not null and kind in ('cash','frozen','fund','fund_pending','loan'))
          or (user_id is null and kind in ('bank_clearing','fee_income','market_settlement','fund_pool','loan_book','interest_expense'))`,
    )
    .execute();
  await db.schema.createIndex('ledger_accounts_user_idx').on('ledger_accounts').column('user_id').execute();

  await id('journal_entries')
    .addColumn('idempotency_key', 'varchar(160)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(48)', (c) => c.notNull())
    .addColumn('reference_type', 'varchar(48)')
    .addColumn('reference_id', 'varchar(64)')
    .addColumn('memo', 'varchar(255)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('journal_entries_reference_idx')
    .on('journal_entries')
    .columns(['reference_type', 'reference_id'])
    .execute();

  await id('postings')
    .addColumn('entry_id', 'bigint', (c) => c.notNull().references('journal_entries.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor <> 0`))
    .execute();
  await db.schema.createIndex('postings_entry_idx').on('postings').column('entry_id').execute();
  await db.schema.createIndex('postings_account_idx').on('postings').column('account_id').execute();

  await id('holds')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('captured_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open','captured','voided')`),
    )
    .addColumn('reason', 'varchar(48)', (c) => c.notNull())
    .addColumn('reference_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .addCheckConstraint('holds_capture_within_amount', sql`captured_minor >= 0 and captured_minor <= amount_minor`)
    .execute();
  await db.schema.createIndex('holds_user_idx').on('holds').columns(['user_id', 'status']).execute();

  // Journal entries and postings are history: never rewritten, never removed.
  for (const table of ['journal_entries', 'postings']) {
    if (dialect === 'postgres') {
      await sql
        .raw(
          `create trigger ${table}_append_only before update or delete on ${table}
           for each row execute function audit_log_append_only()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create trigger ${table}_no_update before update on ${table} begin select raise(abort, '${table} is append-only'); end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_no_delete before delete on ${table} begin select raise(abort, '${table} is append-only'); end`,
        )
        .execute(db);
    }
  }
}
