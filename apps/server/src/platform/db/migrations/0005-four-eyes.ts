import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/** Withdrawals above the four-eyes threshold record the first operator's approval before a second pays. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('withdrawals')
    .addColumn('approved_by', 'bigint', (c) => c.references('operators.id'))
    .execute();
  await db.schema.alterTable('withdrawals').addColumn('approved_at', 'bigint').execute();
}
