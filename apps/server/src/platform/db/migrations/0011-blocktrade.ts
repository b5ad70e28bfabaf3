import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { rebuildSqliteTable } from '../sqlite-rebuild.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

const BUY_ORDER_NOT_NULL = '"buy_order_id" bigint not null unique';

/**
 * Block trades (DESIGN §4): offers an operator lists and the investors' orders on them, decided by
 * one operator or, at or above the four-eyes threshold when ordered, two (the withdrawals' shape:
 * `approvals_required` fixed at ordering, the first approval in `approved_by`/`approved_at`).
 *
 * An approved order's shares become a position lot that no buy order opened, so a lot's
 * `buy_order_id` may now be null (the unique index keeps one lot per order where there is one). On
 * SQLite that is a rebuild of the table, as 0008 did for orders; skipped when already done.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table positions alter column buy_order_id drop not null`.execute(db);
  } else {
    await rebuildSqliteTable(db, 'positions', (ddl) =>
      ddl.includes(BUY_ORDER_NOT_NULL) ? ddl.replace(BUY_ORDER_NOT_NULL, '"buy_order_id" bigint unique') : null,
    );
  }

  const id = (name: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id('block_offers')
    .addColumn('instrument_id', 'bigint', (c) => c.notNull().references('instruments.id'))
    .addColumn('price_ticks', 'bigint', (c) => c.notNull().check(sql`price_ticks > 0`))
    .addColumn('min_quantity', 'bigint', (c) => c.notNull().check(sql`min_quantity > 0`))
    .addColumn('total_quantity', 'bigint', (c) => c.notNull().check(sql`total_quantity > 0`))
    .addColumn('available_quantity', 'bigint', (c) => c.notNull().check(sql`available_quantity >= 0`))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open','closed','cancelled')`),
    )
    .addColumn('created_by', 'bigint', (c) => c.notNull().references('operators.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('block_offers_available_within_total', sql`available_quantity <= total_quantity`)
    .addCheckConstraint('block_offers_min_within_total', sql`min_quantity <= total_quantity`)
    .addCheckConstraint('block_offers_window', sql`ends_at > starts_at`)
    .execute();
  await db.schema.createIndex('block_offers_status_idx').on('block_offers').columns(['status', 'ends_at']).execute();

  await id('block_orders')
    .addColumn('offer_id', 'bigint', (c) => c.notNull().references('block_offers.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('price_ticks', 'bigint', (c) => c.notNull().check(sql`price_ticks > 0`))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('hold_id', 'bigint', (c) => c.notNull().references('holds.id'))
    .addColumn('status', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending','approved','rejected')`),
    )
    .addColumn('reason', 'varchar(500)')
    .addColumn('position_id', 'bigint', (c) => c.references('positions.id'))
    .addColumn('approvals_required', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`approvals_required in (1, 2)`),
    )
    .addColumn('approved_by', 'bigint', (c) => c.references('operators.id'))
    .addColumn('approved_at', 'bigint')
    .addColumn('decided_by', 'bigint', (c) => c.references('operators.id'))
    .addColumn('request_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addCheckConstraint(
      'block_orders_approved_has_lot',
      sql`(status = 'approved') = (position_id is not null and decided_at is not null)`,
    )
    .addCheckConstraint('block_orders_rejected_has_reason', sql`(status = 'rejected') = (reason is not null)`)
    .execute();
  await db.schema.createIndex('block_orders_user_idx').on('block_orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('block_orders_status_idx').on('block_orders').columns(['status', 'id']).execute();
  await db.schema.createIndex('block_orders_offer_idx').on('block_orders').columns(['offer_id']).execute();
}
