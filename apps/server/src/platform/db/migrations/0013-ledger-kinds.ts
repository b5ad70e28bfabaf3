import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { rebuildSqliteTable } from '../sqlite-rebuild.ts';

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
  await rebuildSqliteTable(db, 'ledger_accounts', (ddl) => {
    if (ddl.includes(OLD_KINDS)) return ddl.replace(OLD_KINDS, NEW_KINDS);
    if (ddl.includes(NEW_KINDS)) return null;
    throw new Error('ledger_accounts: the kinds CHECK is neither the old one nor the new one');
  });
}
