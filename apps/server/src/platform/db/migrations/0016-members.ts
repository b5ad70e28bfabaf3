import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * Credit points and member level (issue 14). `users.credit_points` and `users.level` exist since
 * 0001; this adds where they come from:
 *
 * - `credit_point_rules`: one row per rule code, the points it awards (positive) or deducts
 *   (negative), and whether it is active; seeded below, edited in the console.
 * - `credit_point_events`: every change of an investor's points, once per (user, rule, reference)
 *   by a unique constraint, with the points actually applied and the total after it.
 * - `member_level_tiers`: levels 1..5, each with the total assets it needs (minor units).
 * - `member_level_changes`: every change of an investor's level, with the total it was computed from.
 * - `member_level_runs`: one row per business date the end-of-day review has completed.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (name: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema
    .createTable('credit_point_rules')
    .addColumn('code', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().check(sql`points <> 0`))
    .addColumn('active', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`active in (0, 1)`),
    )
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'bigint', (c) => c.references('operators.id'))
    .execute();

  await id('credit_point_events')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('rule_code', 'varchar(40)', (c) => c.notNull().references('credit_point_rules.code'))
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('reference', 'varchar(120)', (c) => c.notNull())
    .addColumn('source', 'varchar(120)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('credit_point_events_once', ['user_id', 'rule_code', 'reference'])
    .execute();
  await db.schema
    .createIndex('credit_point_events_user_idx')
    .on('credit_point_events')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('member_level_tiers')
    .addColumn('level', 'integer', (c) => c.primaryKey().check(sql`level between 1 and 5`))
    .addColumn('min_total_assets_minor', 'bigint', (c) => c.notNull().check(sql`min_total_assets_minor >= 0`))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'bigint', (c) => c.references('operators.id'))
    .execute();

  await id('member_level_changes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('from_level', 'integer', (c) => c.notNull())
    .addColumn('to_level', 'integer', (c) => c.notNull())
    .addColumn('total_assets_minor', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(40)', (c) => c.notNull())
    .addColumn('business_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('member_level_changes_user_idx')
    .on('member_level_changes')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('member_level_runs')
    .addColumn('business_date', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('users_checked', 'integer', (c) => c.notNull())
    .addColumn('levels_changed', 'integer', (c) => c.notNull())
    .addColumn('completed_at', 'bigint', (c) => c.notNull())
    .execute();

  // The starting rules and tiers; operators change them in the console (audited).
  await db
    .insertInto('credit_point_rules')
    .values([
      { code: 'identity_verified', points: 100, active: 1, updated_at: 0 },
      { code: 'first_deposit', points: 100, active: 1, updated_at: 0 },
      { code: 'loan_repaid_on_time', points: 50, active: 1, updated_at: 0 },
      { code: 'loan_repaid_late', points: -100, active: 1, updated_at: 0 },
    ])
    .execute();
  await db
    .insertInto('member_level_tiers')
    .values([
      { level: 1, min_total_assets_minor: 0, updated_at: 0 },
      { level: 2, min_total_assets_minor: 1_000_000, updated_at: 0 },
      { level: 3, min_total_assets_minor: 5_000_000, updated_at: 0 },
      { level: 4, min_total_assets_minor: 20_000_000, updated_at: 0 },
      { level: 5, min_total_assets_minor: 100_000_000, updated_at: 0 },
    ])
    .execute();
}
