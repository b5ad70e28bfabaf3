import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * Trading: position lots (one per buy fill, sold in one or more parts), orders, and the sales out
 * of each lot. Prices are ten-thousandths, amounts minor units, quantities shares.
 *
 * A lot keeps its remaining capital so each sale takes an exact share of it (the last sale takes
 * what is left): Σ realized P/L over a lot's sales = Σ proceeds − capital, to the cent. Shares of
 * a lot under a resting limit sell are reserved (reserved ≤ quantity, by CHECK).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (name: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id('positions')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('instrument_id', 'bigint', (c) => c.notNull().references('instruments.id'))
    // The buy order whose fill opened the lot (orders reference lots, so this one is not a foreign key).
    .addColumn('buy_order_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(8)', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open','closed')`),
    )
    .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity >= 0`))
    .addColumn('original_quantity', 'bigint', (c) => c.notNull().check(sql`original_quantity > 0`))
    .addColumn('reserved_quantity', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`reserved_quantity >= 0`),
    )
    .addColumn('buy_price_ticks', 'bigint', (c) => c.notNull().check(sql`buy_price_ticks > 0`))
    .addColumn('buy_value_minor', 'bigint', (c) => c.notNull().check(sql`buy_value_minor >= 0`))
    .addColumn('buy_commission_minor', 'bigint', (c) => c.notNull().check(sql`buy_commission_minor >= 0`))
    .addColumn('buy_transaction_fee_minor', 'bigint', (c) => c.notNull().check(sql`buy_transaction_fee_minor >= 0`))
    // Buy value + buy fees: what the lot cost.
    .addColumn('capital_minor', 'bigint', (c) => c.notNull())
    .addColumn('remaining_capital_minor', 'bigint', (c) => c.notNull().check(sql`remaining_capital_minor >= 0`))
    .addColumn('realized_pnl_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    // The buy plus every sale.
    .addColumn('trades', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`trades >= 1`),
    )
    .addColumn('buy_time', 'bigint', (c) => c.notNull())
    // The trading date of the buy (exchange zone), for the T+1 rule.
    .addColumn('buy_date', 'char(10)', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .addCheckConstraint('positions_reserved_within_quantity', sql`reserved_quantity <= quantity`)
    .addCheckConstraint('positions_quantity_within_original', sql`quantity <= original_quantity`)
    .addCheckConstraint(
      'positions_capital_adds_up',
      sql`capital_minor = buy_value_minor + buy_commission_minor + buy_transaction_fee_minor
          and remaining_capital_minor <= capital_minor`,
    )
    .addCheckConstraint(
      'positions_closed_when_empty',
      sql`(status = 'open' and quantity > 0 and closed_at is null)
          or (status = 'closed' and quantity = 0 and reserved_quantity = 0 and remaining_capital_minor = 0 and closed_at is not null)`,
    )
    .execute();
  await db.schema.createIndex('positions_user_idx').on('positions').columns(['user_id', 'status']).execute();

  await id('orders')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('instrument_id', 'bigint', (c) => c.notNull().references('instruments.id'))
    .addColumn('side', 'varchar(4)', (c) => c.notNull().check(sql`side in ('buy','sell')`))
    .addColumn('type', 'varchar(8)', (c) => c.notNull().check(sql`type in ('market','limit')`))
    .addColumn('time_in_force', 'varchar(4)', (c) => c.notNull().check(sql`time_in_force in ('day','gtc')`))
    .addColumn('status', 'varchar(12)', (c) =>
      c.notNull().check(sql`status in ('new','filled','cancelled','expired','rejected')`),
    )
    // Buys are in lots, sells in shares; quantity is always the number of shares.
    .addColumn('lots', 'bigint', (c) => c.check(sql`lots is null or lots > 0`))
    .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('limit_price_ticks', 'bigint', (c) => c.check(sql`limit_price_ticks is null or limit_price_ticks > 0`))
    // Sell: the lot sold from. (A buy's lot names its order: positions.buy_order_id.)
    .addColumn('position_id', 'bigint', (c) => c.references('positions.id'))
    // A resting limit buy: the hold on its cash and how much it is.
    .addColumn('hold_id', 'bigint', (c) => c.references('holds.id'))
    .addColumn('held_minor', 'bigint', (c) => c.check(sql`held_minor is null or held_minor > 0`))
    .addColumn('fill_price_ticks', 'bigint', (c) => c.check(sql`fill_price_ticks is null or fill_price_ticks > 0`))
    .addColumn('gross_minor', 'bigint')
    .addColumn('commission_minor', 'bigint')
    .addColumn('transaction_fee_minor', 'bigint')
    .addColumn('stamp_duty_minor', 'bigint')
    .addColumn('total_minor', 'bigint')
    // The stable error code of a rejection at matching time.
    .addColumn('reject_reason', 'varchar(48)')
    .addColumn('request_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('trading_date', 'char(10)', (c) => c.notNull())
    // Day limit orders: the end of their trading day.
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('filled_at', 'bigint')
    // When it was cancelled, expired or rejected.
    .addColumn('closed_at', 'bigint')
    .addUniqueConstraint('orders_request_key_unique', ['user_id', 'request_key'])
    .addCheckConstraint(
      'orders_limit_price_iff_limit',
      sql`(type = 'limit' and limit_price_ticks is not null) or (type = 'market' and limit_price_ticks is null)`,
    )
    .addCheckConstraint(
      'orders_buy_in_lots',
      sql`(side = 'buy' and lots is not null) or (side = 'sell' and lots is null)`,
    )
    .addCheckConstraint(
      'orders_sell_names_lot',
      sql`(side = 'sell' and position_id is not null) or (side = 'buy' and position_id is null)`,
    )
    .addCheckConstraint(
      'orders_filled_has_fill',
      sql`(status = 'filled') = (fill_price_ticks is not null and gross_minor is not null and total_minor is not null and filled_at is not null)`,
    )
    .addCheckConstraint('orders_rejected_has_reason', sql`(status = 'rejected') = (reject_reason is not null)`)
    .execute();
  // Every index is paid for by every order: the investor's list, and the open orders the matcher and
  // the expiry job read (a partial index, so filled orders — nearly all — never enter it).
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('orders_open_idx')
    .on('orders')
    .columns(['instrument_id', 'expires_at'])
    .where(sql.ref('status'), '=', 'new')
    .execute();

  await id('position_sales')
    .addColumn('position_id', 'bigint', (c) => c.notNull().references('positions.id'))
    .addColumn('order_id', 'bigint', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('price_ticks', 'bigint', (c) => c.notNull().check(sql`price_ticks > 0`))
    .addColumn('sell_type', 'varchar(8)', (c) => c.notNull().check(sql`sell_type in ('market','limit')`))
    .addColumn('gross_minor', 'bigint', (c) => c.notNull().check(sql`gross_minor >= 0`))
    .addColumn('commission_minor', 'bigint', (c) => c.notNull().check(sql`commission_minor >= 0`))
    .addColumn('transaction_fee_minor', 'bigint', (c) => c.notNull().check(sql`transaction_fee_minor >= 0`))
    .addColumn('stamp_duty_minor', 'bigint', (c) => c.notNull().check(sql`stamp_duty_minor >= 0`))
    // Gross − fees (negative when the fees exceed a tiny sale).
    .addColumn('proceeds_minor', 'bigint', (c) => c.notNull())
    // The sold shares' exact share of the lot's capital.
    .addColumn('capital_minor', 'bigint', (c) => c.notNull().check(sql`capital_minor >= 0`))
    .addColumn('realized_pnl_minor', 'bigint', (c) => c.notNull())
    .addColumn('sold_at', 'bigint', (c) => c.notNull())
    .addColumn('trade_date', 'char(10)', (c) => c.notNull())
    // Proceeds settle — become withdrawable — on this business day (T+1).
    .addColumn('settle_date', 'char(10)', (c) => c.notNull())
    .addCheckConstraint(
      'position_sales_arithmetic',
      sql`proceeds_minor = gross_minor - commission_minor - transaction_fee_minor - stamp_duty_minor
          and realized_pnl_minor = proceeds_minor - capital_minor`,
    )
    .execute();
  await db.schema.createIndex('position_sales_position_idx').on('position_sales').column('position_id').execute();
  await db.schema
    .createIndex('position_sales_settlement_idx')
    .on('position_sales')
    .columns(['user_id', 'settle_date'])
    .execute();
  await db.schema.createIndex('position_sales_sold_idx').on('position_sales').columns(['user_id', 'sold_at']).execute();
}
