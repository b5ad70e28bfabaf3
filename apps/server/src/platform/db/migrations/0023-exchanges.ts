import { sql, type Kysely } from 'kysely';
import { EXCHANGES, exchangeForCode } from '@bourse/shared/exchanges';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * Colour convention and exchanges (issue 16):
 *
 * - `users.color_convention`: `red-up` or `green-up` as the investor chose; null until they do (the
 *   app then follows their language).
 * - `exchanges`: each exchange with its names, IANA time zone and trading sessions
 *   (`HH:MM-HH:MM`, comma-separated for a lunch break), seeded with the real hours.
 * - `instruments.exchange`: where each instrument is listed, backfilled from its code.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('color_convention', 'varchar(16)', (c) => c.check(sql`color_convention in ('red-up','green-up')`))
    .execute();

  await db.schema
    .createTable('exchanges')
    .addColumn('code', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('hours', 'varchar(100)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('exchanges')
    .values(
      EXCHANGES.map((exchange, position) => ({
        code: exchange.code,
        name: exchange.name,
        names: JSON.stringify(exchange.names),
        time_zone: exchange.timeZone,
        hours: exchange.hours,
        position,
      })),
    )
    .execute();

  await db.schema
    .alterTable('instruments')
    .addColumn('exchange', 'varchar(16)', (c) => c.notNull().defaultTo('XETRA'))
    .execute();
  const instruments = (await db.selectFrom('instruments').select(['id', 'code']).execute()) as Array<{
    id: number;
    code: string;
  }>;
  const byExchange = new Map<string, number[]>();
  for (const row of instruments) {
    const exchange = exchangeForCode(row.code);
    byExchange.set(exchange, [...(byExchange.get(exchange) ?? []), Number(row.id)]);
  }
  for (const [exchange, ids] of byExchange) {
    await db.updateTable('instruments').set({ exchange }).where('id', 'in', ids).execute();
  }
  await db.schema.createIndex('instruments_exchange_idx').on('instruments').column('exchange').execute();
}
