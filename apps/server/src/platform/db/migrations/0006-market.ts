import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * The market: instruments with their simulator parameters, stored 1-minute (minute_bars) and daily (daily_bars) bars (prices in
 * ten-thousandths, volumes in shares), each user's ordered favorites, and a record of history imports.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (name: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id('instruments')
    .addColumn('code', 'varchar(12)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // JSON object of names by language, e.g. {"zh-CN":"贵州茅台","en":"Kweichow Moutai"}.
    .addColumn('names', 'text', (c) => c.notNull().defaultTo('{}'))
    // Pinyin of the Chinese name, full syllables and initials ("guizhoumaotai gzmt"); null without one.
    .addColumn('pinyin', 'varchar(200)')
    .addColumn('sector', 'varchar(40)', (c) => c.notNull())
    .addColumn('board', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('main')
        .check(sql`board in ('main','growth','index')`),
    )
    .addColumn('lot_size', 'integer', (c) => c.notNull().check(sql`lot_size > 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    // Ratios in hundredths (P/E 23.45 → 2345).
    .addColumn('pe_x100', 'bigint')
    .addColumn('industry_pe_x100', 'bigint')
    .addColumn('shares_outstanding', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`shares_outstanding >= 0`),
    )
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('listed')
        .check(sql`status in ('listed','ipo','suspended')`),
    )
    .addColumn('trading_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    // Simulator: opening price, annual drift and volatility in basis points, own random seed.
    .addColumn('start_price_ticks', 'bigint', (c) => c.notNull().check(sql`start_price_ticks > 0`))
    .addColumn('drift_bp', 'integer', (c) => c.notNull().defaultTo(500))
    .addColumn('volatility_bp', 'integer', (c) => c.notNull().defaultTo(2500))
    .addColumn('sim_seed', 'integer', (c) => c.notNull().defaultTo(1))
    // 'simulated' instruments tick; 'imported' ones only show their imported history.
    .addColumn('source', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('simulated')
        .check(sql`source in ('simulated','imported')`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  for (const table of ['minute_bars', 'daily_bars']) {
    await db.schema
      .createTable(table)
      .addColumn('instrument_id', 'bigint', (c) => c.notNull().references('instruments.id'))
      // Start of the bar, epoch ms UTC (a daily bar starts at 00:00 UTC of its trading date).
      .addColumn('t', 'bigint', (c) => c.notNull())
      .addColumn('open', 'bigint', (c) => c.notNull().check(sql`open > 0`))
      .addColumn('high', 'bigint', (c) => c.notNull())
      .addColumn('low', 'bigint', (c) => c.notNull().check(sql`low > 0`))
      .addColumn('close', 'bigint', (c) => c.notNull().check(sql`close > 0`))
      .addColumn('volume', 'bigint', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`volume >= 0`),
      )
      .addPrimaryKeyConstraint(`${table}_pk`, ['instrument_id', 't'])
      .addCheckConstraint(`${table}_range`, sql`low <= open and low <= close and high >= open and high >= close`)
      .execute();
  }

  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('instrument_id', 'bigint', (c) => c.notNull().references('instruments.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'instrument_id'])
    .execute();

  await id('market_imports')
    .addColumn('instrument_id', 'bigint', (c) => c.notNull().references('instruments.id'))
    .addColumn('operator_id', 'bigint')
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_sha256', 'char(64)', (c) => c.notNull())
    .addColumn('interval', 'varchar(8)', (c) => c.notNull().check(sql`interval in ('1m','1d')`))
    .addColumn('rows_total', 'integer', (c) => c.notNull())
    .addColumn('rows_written', 'integer', (c) => c.notNull())
    .addColumn('first_t', 'bigint', (c) => c.notNull())
    .addColumn('last_t', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
