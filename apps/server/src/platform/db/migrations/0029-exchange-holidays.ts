import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * Holidays per exchange (issue 16): `market_holidays` gains `exchange` (`exchanges.code`), and a day
 * is a holiday of one exchange; the key becomes (exchange, day). Until now every exchange kept the
 * one list, so each stored holiday is copied to every exchange: no exchange trades on a day it did
 * not before, and no settlement date moves. Operators then remove the days that do not apply.
 *
 * The key cannot change in place on SQLite, so the table is made anew in both dialects, filled, and
 * takes the old one's name.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('market_holidays_0029')
    .addColumn('exchange', 'varchar(16)', (c) => c.notNull().references('exchanges.code'))
    .addColumn('holiday_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('source', 'varchar(10)', (c) => c.notNull().check(sql`source in ('config','operator')`))
    .addColumn('created_by', 'bigint', (c) => c.references('operators.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_holidays_exchange_date_pk', ['exchange', 'holiday_date'])
    .execute();
  await sql`
    insert into market_holidays_0029 (exchange, holiday_date, name, source, created_by, created_at)
    select e.code, h.holiday_date, h.name, h.source, h.created_by, h.created_at
    from market_holidays h cross join exchanges e`.execute(db);
  await db.schema.dropTable('market_holidays').execute();
  await db.schema.alterTable('market_holidays_0029').renameTo('market_holidays').execute();
}
