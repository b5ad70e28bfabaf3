import { parseAmount } from '@bourse/shared/money';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/** The four-eyes threshold's default when it was never changed (settings.service.ts at this migration). */
const FOUR_EYES_DEFAULT = '10000.00';

/**
 * Money controls one operator cannot undo alone (issue 12):
 *
 * - `withdrawals.approvals_required`: how many operators must act on a withdrawal, fixed when it is
 *   requested, so raising the four-eyes threshold later does not let one operator pay it. Rows that
 *   exist already get what the threshold asks of them now (or 2 where a first approval is recorded).
 * - `settings_changes`: a change that loosens a money control waits here for a second operator.
 * - One active binding per IBAN across all investors (it was one per investor): a partial unique
 *   index, which both dialects support. Existing double bindings stop the migration with their ids,
 *   because which investor keeps the account is an operator's decision, not the migration's.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Checked before anything changes: SQLite runs a migration's DDL outside a transaction.
  const doubles = await db
    .selectFrom('bank_cards')
    .select(['iban', sql<string>`count(distinct user_id)`.as('n')])
    .where('status', '=', 'active')
    .groupBy('iban')
    .having(sql`count(distinct user_id)`, '>', 1)
    .execute();
  if (doubles.length > 0) {
    const ids = await db
      .selectFrom('bank_cards')
      .select(['id', 'user_id as owner', 'iban'])
      .where('status', '=', 'active')
      .where(
        'iban',
        'in',
        doubles.map((d) => d.iban as string),
      )
      .orderBy('iban')
      .orderBy('id')
      .execute();
    throw new Error(
      `0009-money-controls: these active bank cards bind one IBAN to several investors; remove all but one ` +
        `of each (bank_cards.status = 'removed') and start again: ` +
        ids.map((row) => `card ${String(row.id)} (user ${String(row.owner)})`).join(', '),
    );
  }
  await db.schema
    .alterTable('withdrawals')
    .addColumn('approvals_required', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  const stored = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'fourEyesThreshold')
    .executeTakeFirst();
  const threshold = parseAmount((stored?.value as string | undefined) ?? FOUR_EYES_DEFAULT) ?? 0;
  if (threshold > 0) {
    await db
      .updateTable('withdrawals')
      .set({ approvals_required: 2 })
      .where('status', '=', 'pending')
      .where('amount_minor', '>=', threshold)
      .execute();
  }
  await db.updateTable('withdrawals').set({ approvals_required: 2 }).where('approved_by', 'is not', null).execute();

  const id =
    dialect === 'postgres'
      ? db.schema.createTable('settings_changes').addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable('settings_changes').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await id
    // JSON: { "<setting>": { "from": "…", "to": "…" } } — the values seen when it was proposed.
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending','approved','rejected')`),
    )
    .addColumn('proposed_by', 'bigint', (c) => c.notNull().references('operators.id'))
    .addColumn('proposed_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_by', 'bigint', (c) => c.references('operators.id'))
    .addColumn('decided_at', 'bigint')
    .addColumn('reason', 'varchar(500)')
    .execute();
  await db.schema.createIndex('settings_changes_status_idx').on('settings_changes').columns(['status', 'id']).execute();

  await db.schema
    .createIndex('bank_cards_active_iban_unique_idx')
    .on('bank_cards')
    .column('iban')
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();
}
