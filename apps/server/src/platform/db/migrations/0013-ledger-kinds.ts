import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

const OLD_KINDS = `(user_id is not null and kind in ('cash','frozen','fund','fund_pending','loan'))
          or (user_id is null and kind in ('bank_clearing','fee_income','market_settlement','fund_pool','loan_book','interest_expense'))`;
const NEW_KINDS = `(user_id is not null and kind in ('cash','frozen','fund','fund_pending','redeem_pending','loan'))
          or (user_id is null and kind in ('bank_clearing','fee_income','market_settlement','fund_pool','loan_book','loan_receivable','interest_expense','interest_income'))`;

/**
 * The accounts the balance product and loans need (issue 14): an investor's `redeem_pending` (fund
 * units redeemed, paid into cash on T+1), and two system accounts: `loan_receivable`, the other side
 * of every investor's `loan` account (what investors owe, principal and accrued interest), and
 * `interest_income`, where the interest investors pay on loans goes.
 *
 * The kinds are a CHECK on `ledger_accounts`: on PostgreSQL the constraint is replaced; on SQLite,
 * which cannot alter a CHECK, the table is rebuilt as 0008 and 0011 rebuilt theirs (skipped when
 * already done).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table ledger_accounts drop constraint ledger_kind_matches_owner`.execute(db);
    await sql
      .raw(`alter table ledger_accounts add constraint ledger_kind_matches_owner check (${NEW_KINDS})`)
      .execute(db);
    return;
  }
  await rebuildSqliteLedgerAccounts(db);
}

async function rebuildSqliteLedgerAccounts(db: Kysely<any>): Promise<void> {
  const table = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'ledger_accounts'`.execute(db);
  const ddl = table.rows[0]?.sql;
  if (!ddl) throw new Error('ledger_accounts: the table was not found');
  if (!ddl.includes(OLD_KINDS)) {
    if (ddl.includes(NEW_KINDS)) return;
    throw new Error('ledger_accounts: the kinds CHECK is neither the old one nor the new one');
  }
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'ledger_accounts' and sql is not null`.execute(
    db,
  );
  const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'ledger_accounts'`.execute(
    db,
  );

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql
        .raw(
          ddl
            .replace(OLD_KINDS, NEW_KINDS)
            .replace('CREATE TABLE "ledger_accounts"', 'CREATE TABLE "ledger_accounts_rebuilt"'),
        )
        .execute(db);
      await sql`insert into ledger_accounts_rebuilt select * from ledger_accounts`.execute(db);
      await sql`drop table ledger_accounts`.execute(db);
      await sql`alter table ledger_accounts_rebuilt rename to ledger_accounts`.execute(db);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
      const seq = sequence.rows[0]?.seq;
      if (seq !== undefined) {
        await sql`update sqlite_sequence set seq = ${seq} where name = 'ledger_accounts'`.execute(db);
      }
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`ledger_accounts rebuild: ${broken.rows.length} broken foreign keys`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
