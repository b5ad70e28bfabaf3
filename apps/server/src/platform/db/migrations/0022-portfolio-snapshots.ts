import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * Daily portfolio snapshots (issue 16): the home screen's value chart and today's P/L.
 *
 * - `portfolio_snapshots`: one row per investor and business date, the portfolio's figures (minor
 *   units) as `portfolioFigures` gave them when the day's session ended; `taken_at` is the instant
 *   they were read. Unique per (user, date), so a second run of the same date inserts nothing.
 * - `portfolio_snapshot_runs`: one row per business date whose snapshot run completed (the job's
 *   progress, so it knows the next close even when there are no investors).
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('portfolio_snapshots')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('business_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('total_assets_minor', 'bigint', (c) => c.notNull())
    .addColumn('cash_minor', 'bigint', (c) => c.notNull())
    .addColumn('frozen_minor', 'bigint', (c) => c.notNull())
    .addColumn('market_value_minor', 'bigint', (c) => c.notNull())
    .addColumn('fund_minor', 'bigint', (c) => c.notNull())
    .addColumn('loan_minor', 'bigint', (c) => c.notNull())
    .addColumn('taken_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('portfolio_snapshots_pk', ['user_id', 'business_date'])
    .execute();

  await db.schema
    .createTable('portfolio_snapshot_runs')
    .addColumn('business_date', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('users_snapshotted', 'integer', (c) => c.notNull())
    .addColumn('completed_at', 'bigint', (c) => c.notNull())
    .execute();
}
