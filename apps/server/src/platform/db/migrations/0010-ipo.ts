import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * New shares (IPO): the issues and the investors' subscriptions. Prices are ten-thousandths, amounts
 * minor units, quantities shares, times epoch ms. An issue's instrument (status `ipo`) holds its
 * code, name, sector and board; the issue holds its terms, its window and the draw's seed (secret
 * until the draw; its SHA-256 is published when the issue opens).
 *
 * A subscription holds its cash in the ledger (`hold_id`); after the draw the hold is captured for
 * the allotted lots and the rest released, and on listing the shares become a position lot.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (name: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id('ipo_issues')
    .addColumn('instrument_id', 'bigint', (c) => c.notNull().unique().references('instruments.id'))
    .addColumn('application_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('issue_price_ticks', 'bigint', (c) => c.notNull().check(sql`issue_price_ticks > 0`))
    .addColumn('issue_quantity', 'bigint', (c) => c.notNull().check(sql`issue_quantity > 0`))
    .addColumn('public_quantity', 'bigint', (c) => c.notNull().check(sql`public_quantity > 0`))
    .addColumn('total_shares', 'bigint', (c) => c.notNull().check(sql`total_shares > 0`))
    .addColumn('lot_size', 'integer', (c) => c.notNull().check(sql`lot_size > 0`))
    .addColumn('max_lots_per_investor', 'integer', (c) => c.notNull().check(sql`max_lots_per_investor > 0`))
    .addColumn('pe_x100', 'integer')
    .addColumn('industry_pe_x100', 'integer')
    .addColumn('subscribe_start', 'bigint', (c) => c.notNull())
    .addColumn('subscribe_end', 'bigint', (c) => c.notNull())
    .addColumn('allocation_at', 'bigint', (c) => c.notNull())
    .addColumn('listing_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('upcoming')
        .check(sql`status in ('upcoming','open','closed','allocated','listed','cancelled')`),
    )
    // 32 random bytes as hex, drawn when the issue opens; published only after the draw.
    .addColumn('seed', 'varchar(64)')
    .addColumn('seed_hash', 'varchar(64)')
    .addColumn('drawn_at', 'bigint')
    .addColumn('cancelled_reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'ipo_issues_schedule_in_order',
      sql`subscribe_start < subscribe_end and subscribe_end <= allocation_at and allocation_at <= listing_at`,
    )
    .addCheckConstraint('ipo_issues_public_within_issue', sql`public_quantity <= issue_quantity`)
    .addCheckConstraint(
      'ipo_issues_seed_when_open',
      sql`(status = 'upcoming' and seed is null and seed_hash is null)
          or status = 'cancelled'
          or (seed is not null and seed_hash is not null)`,
    )
    .execute();
  // The calendar: issues of a status by the end of their window; the jobs: what falls due next.
  await db.schema
    .createIndex('ipo_issues_status_idx')
    .on('ipo_issues')
    .columns(['status', 'subscribe_end', 'id'])
    .execute();
  await db.schema.createIndex('ipo_issues_start_idx').on('ipo_issues').columns(['status', 'subscribe_start']).execute();

  await id('ipo_subscriptions')
    .addColumn('issue_id', 'bigint', (c) => c.notNull().references('ipo_issues.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('lots', 'integer', (c) => c.notNull().check(sql`lots > 0`))
    .addColumn('amount_held_minor', 'bigint', (c) => c.notNull().check(sql`amount_held_minor > 0`))
    .addColumn('hold_id', 'bigint', (c) => c.notNull().unique().references('holds.id'))
    .addColumn('status', 'varchar(14)', (c) =>
      c
        .notNull()
        .defaultTo('subscribed')
        .check(sql`status in ('subscribed','allotted','not_allotted','cancelled')`),
    )
    .addColumn('lots_allotted', 'integer', (c) => c.check(sql`lots_allotted is null or lots_allotted >= 0`))
    .addColumn('amount_captured_minor', 'bigint', (c) =>
      c.check(sql`amount_captured_minor is null or amount_captured_minor >= 0`),
    )
    .addColumn('amount_released_minor', 'bigint', (c) =>
      c.check(sql`amount_released_minor is null or amount_released_minor >= 0`),
    )
    .addColumn('position_id', 'bigint', (c) => c.references('positions.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('allocated_at', 'bigint')
    .addUniqueConstraint('ipo_subscriptions_one_per_investor', ['issue_id', 'user_id'])
    .addCheckConstraint(
      'ipo_subscriptions_allotted_within_applied',
      sql`lots_allotted is null or lots_allotted <= lots`,
    )
    .addCheckConstraint(
      'ipo_subscriptions_settled_adds_up',
      sql`status = 'subscribed'
          or (amount_captured_minor is not null and amount_released_minor is not null
              and amount_captured_minor + amount_released_minor = amount_held_minor)`,
    )
    .execute();
  // An investor's records, newest first.
  await db.schema
    .createIndex('ipo_subscriptions_user_idx')
    .on('ipo_subscriptions')
    .columns(['user_id', 'id'])
    .execute();
  // The draw and the demand: an issue's subscriptions of a status in id order.
  await db.schema
    .createIndex('ipo_subscriptions_issue_idx')
    .on('ipo_subscriptions')
    .columns(['issue_id', 'status', 'id'])
    .execute();
}
