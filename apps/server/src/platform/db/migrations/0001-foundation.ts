import { sql, type Kysely, type CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types */

type Builder = CreateTableBuilder<string, string>;

function withId(table: Builder, dialect: Dialect): Builder {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Accounts, sessions, invitations, operators, audit log, settings, the notifier's outbox. */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('users'), dialect)
    .addColumn('phone', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(255)')
    .addColumn('email', 'varchar(254)')
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('kyc_status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`kyc_status in ('none','in_review','approved','resubmit')`),
    )
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('credit_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trading_password_hash', 'varchar(255)')
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active','frozen')`),
    )
    .addColumn('invite_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('sessions'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoke_reason', 'varchar(32)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(255)')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await withId(db.schema.createTable('operators'), dialect)
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('totp_secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('roles', 'varchar(128)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active','disabled')`),
    )
    .addColumn('last_totp_step', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('operator_sessions'), dialect)
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('ip', 'varchar(64)')
    .execute();

  await withId(db.schema.createTable('invitations'), dialect)
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('note', 'varchar(200)')
    .addColumn('max_uses', 'integer', (c) => c.check(sql`max_uses is null or max_uses > 0`))
    .addColumn('uses', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`uses >= 0`),
    )
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active','disabled')`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.references('operators.id'))
    .addColumn('disabled_at', 'bigint')
    .addCheckConstraint('invitations_uses_within_max', sql`max_uses is null or uses <= max_uses`)
    .execute();

  await withId(db.schema.createTable('password_resets'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();

  await db.schema
    .createTable('throttles')
    .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .execute();

  await db.schema
    .createTable('used_nonces')
    .addColumn('nonce', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('used_nonces_expiry_idx').on('used_nonces').column('expires_at').execute();

  await withId(db.schema.createTable('outbox'), dialect)
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('template', 'varchar(64)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('audit_log'), dialect)
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('operator_id', 'bigint', (c) => c.references('operators.id'))
    .addColumn('operator_username', 'varchar(64)')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(128)')
    .addColumn('details', 'text')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();

  // The audit log is append-only in the database itself, not only by convention in the code.
  if (dialect === 'postgres') {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`
      create trigger audit_log_no_update before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`
      create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`
      create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'bigint', (c) => c.references('operators.id'))
    .execute();
}
