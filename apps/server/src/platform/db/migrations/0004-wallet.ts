import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * The wallet: stored idempotent responses, bank cards, payments through the provider (deposits and
 * bank → securities transfers), the provider's webhook events, the sandbox provider's own book, and
 * withdrawals.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (name: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('key', 'varchar(128)', (c) => c.notNull())
    .addColumn('request_hash', 'char(64)', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_recent_idx')
    .on('idempotency_keys')
    .columns(['user_id', 'request_hash', 'created_at'])
    .execute();

  await id('bank_cards')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('bank_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('branch', 'varchar(100)', (c) => c.notNull())
    .addColumn('holder_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('iban', 'varchar(34)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active','removed')`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('removed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('bank_cards_active_iban_idx')
    .on('bank_cards')
    .columns(['user_id', 'iban'])
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();

  await id('payments')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull().check(sql`type in ('deposit','transfer')`))
    .addColumn('card_id', 'bigint', (c) => c.references('bank_cards.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending','succeeded','failed')`),
    )
    .addColumn('provider_ref', 'varchar(64)', (c) => c.unique())
    .addColumn('request_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('failure_reason', 'varchar(255)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addUniqueConstraint('payments_request_key_uq', ['user_id', 'request_key'])
    .execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('event_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('payment_id', 'bigint', (c) => c.references('payments.id'))
    .addColumn('type', 'varchar(48)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_payments')
    .addColumn('provider_ref', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('merchant_reference', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending','approved','declined')`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();

  await id('withdrawals')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('card_id', 'bigint', (c) => c.notNull().references('bank_cards.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('fee_minor', 'bigint', (c) => c.notNull().check(sql`fee_minor >= 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('hold_id', 'bigint', (c) => c.notNull().references('holds.id'))
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending','paid','rejected')`),
    )
    .addColumn('reason', 'varchar(500)')
    .addColumn('request_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'bigint', (c) => c.references('operators.id'))
    .addCheckConstraint('withdrawals_fee_within_amount', sql`fee_minor < amount_minor`)
    .addUniqueConstraint('withdrawals_request_key_uq', ['user_id', 'request_key'])
    .execute();
  await db.schema.createIndex('withdrawals_status_idx').on('withdrawals').columns(['status', 'created_at']).execute();
}
