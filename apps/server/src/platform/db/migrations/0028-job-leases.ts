import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * Work that must happen once however many API instances run (issue 18):
 *
 * - `job_leases`: one row per lease (`jobs` for the scheduled jobs, `market` for the simulator). The
 *   holder renews `expires_at` (epoch ms) every few seconds; another instance may take the lease
 *   once it has expired, and taking it over increments `fencing_token`. A transaction doing a
 *   lease's work re-reads the token (PostgreSQL: `FOR SHARE`, so a takeover waits for it) and is
 *   refused when it changed: a holder that lost its lease cannot commit after its successor started.
 * - `job_runs`: one row per job run (job, due time, holder, token), written under the same fence
 *   after the run; a due time appearing twice would be work done twice.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(100)', (c) => c.notNull())
    .addColumn('fencing_token', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  const runs =
    dialect === 'postgres'
      ? db.schema.createTable('job_runs').addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable('job_runs').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await runs
    .addColumn('job', 'varchar(80)', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('holder', 'varchar(100)', (c) => c.notNull())
    .addColumn('fencing_token', 'bigint', (c) => c.notNull())
    .addColumn('ran_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_runs_job_due_idx').on('job_runs').columns(['job', 'due_at']).execute();
  await db.schema.createIndex('job_runs_ran_idx').on('job_runs').column('ran_at').execute();
}
