import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * The new investor's way in (issue 16):
 *
 * - `users.onboarding_dismissed_at`: when the investor put the getting-started checklist away (null
 *   while it is shown).
 * - `sandbox_payments.locale` and `return_url`: what the merchant asked for when it created the
 *   payment, as a real processor takes them — the language of the hosted checkout page and where
 *   its "back to the shop" link leads. Null for payments made before.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('onboarding_dismissed_at', 'bigint').execute();
  await db.schema.alterTable('sandbox_payments').addColumn('locale', 'varchar(16)').execute();
  await db.schema.alterTable('sandbox_payments').addColumn('return_url', 'varchar(255)').execute();
}
