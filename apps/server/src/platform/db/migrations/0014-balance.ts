import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * The balance product (issue 14), a T+1 money-market fund, and the business calendar's holidays.
 *
 * - `fund_rates`: every rate an operator set, with the date it takes effect from (never before the
 *   day it was set). The rate in force on a day is the latest version whose date is on or before it.
 * - `fund_orders`: purchases (cash → fund_pending, confirmed into fund on `confirm_date`) and
 *   redemptions (fund → redeem_pending, paid into cash on `confirm_date`); `due_at` is the start of
 *   that date in the market's zone, when the confirmation job takes them.
 * - `fund_accruals`: one row per investor and calendar day earned (unique), with the balance, rate,
 *   interest and the fraction of a cent carried on (`carry_after`, a bigint numerator as text).
 * - `fund_positions`: per investor the carry to use next.
 * - `fund_accrual_days`: the days the accrual job finished, so a second run changes nothing and a
 *   missed day is caught up in order.
 * - `market_holidays`: exchange holidays, seeded from MARKET_HOLIDAYS and edited by operators.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (name: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id('fund_rates')
    .addColumn('rate_ppm', 'integer', (c) => c.notNull().check(sql`rate_ppm >= 0 and rate_ppm <= 1000000`))
    .addColumn('effective_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.references('operators.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fund_rates_effective_idx').on('fund_rates').columns(['effective_date', 'id']).execute();

  await id('fund_orders')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('purchase','redeem')`))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('trade_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('confirm_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending','confirmed')`),
    )
    .addColumn('request_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addCheckConstraint('fund_orders_confirm_after_trade', sql`confirm_date > trade_date`)
    .addCheckConstraint('fund_orders_confirmed_at', sql`(status = 'confirmed') = (confirmed_at is not null)`)
    .execute();
  await db.schema.createIndex('fund_orders_user_idx').on('fund_orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('fund_orders_due_idx').on('fund_orders').columns(['status', 'due_at']).execute();
  await db.schema.createIndex('fund_orders_confirm_idx').on('fund_orders').columns(['kind', 'confirm_date']).execute();

  await id('fund_accruals')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('accrual_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('balance_minor', 'bigint', (c) => c.notNull().check(sql`balance_minor >= 0`))
    .addColumn('rate_ppm', 'integer', (c) => c.notNull())
    .addColumn('interest_minor', 'bigint', (c) => c.notNull().check(sql`interest_minor >= 0`))
    .addColumn('carry_after', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('fund_accruals_user_date', ['user_id', 'accrual_date'])
    .execute();
  await db.schema
    .createIndex('fund_accruals_date_idx')
    .on('fund_accruals')
    .columns(['accrual_date', 'user_id'])
    .execute();

  await id('fund_positions')
    .addColumn('user_id', 'bigint', (c) => c.notNull().unique().references('users.id'))
    .addColumn('carry', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('fund_accrual_days')
    .addColumn('accrual_date', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('rate_ppm', 'integer', (c) => c.notNull())
    .addColumn('investors', 'integer', (c) => c.notNull())
    .addColumn('interest_minor', 'bigint', (c) => c.notNull())
    .addColumn('done_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('market_holidays')
    .addColumn('holiday_date', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('source', 'varchar(10)', (c) => c.notNull().check(sql`source in ('config','operator')`))
    .addColumn('created_by', 'bigint', (c) => c.references('operators.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
