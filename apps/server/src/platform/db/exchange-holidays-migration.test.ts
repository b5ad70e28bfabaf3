import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.ts';
import { emptyDatabase } from '../../test/migration-db.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

const NOW = Date.UTC(2026, 10, 26, 9, 0);

describe.each(DIALECTS)('migration 0029, holidays per exchange (%s)', (dialect) => {
  it('gives every exchange each holiday stored before (they all kept the one list), keyed by exchange and day', async () => {
    const { handle, drop } = await emptyDatabase(dialect);
    try {
      await migrateTo(handle, '0028-job-leases');
      for (const [date, name] of [
        ['2026-12-24', 'Heiligabend'],
        ['2026-12-25', '1. Weihnachtstag'],
      ]) {
        await sql`insert into market_holidays (holiday_date, name, source, created_by, created_at)
          values (${date}, ${name}, 'config', null, ${NOW})`.execute(handle.db);
      }

      expect(await migrateToLatest(handle)).toContain('0029-exchange-holidays');
      const rows = await handle.db
        .selectFrom('marketHolidays')
        .select(['exchange', 'holidayDate', 'name', 'source'])
        .orderBy('exchange')
        .orderBy('holidayDate')
        .execute();
      const exchanges = await handle.db.selectFrom('exchanges').select('code').orderBy('code').execute();
      expect(exchanges).toHaveLength(13);
      expect(rows).toEqual(
        exchanges.flatMap(({ code }) => [
          { exchange: code, holidayDate: '2026-12-24', name: 'Heiligabend', source: 'config' },
          { exchange: code, holidayDate: '2026-12-25', name: '1. Weihnachtstag', source: 'config' },
        ]),
      );
      // One day may now be a holiday of two exchanges, but not twice of one.
      await handle.db
        .insertInto('marketHolidays')
        .values({
          exchange: 'SSE',
          holidayDate: '2027-02-08',
          name: '春节',
          source: 'operator',
          createdBy: null,
          createdAt: NOW,
        })
        .execute();
      await handle.db
        .insertInto('marketHolidays')
        .values({
          exchange: 'SZSE',
          holidayDate: '2027-02-08',
          name: '春节',
          source: 'operator',
          createdBy: null,
          createdAt: NOW,
        })
        .execute();
      await expect(
        handle.db
          .insertInto('marketHolidays')
          .values({
            exchange: 'SSE',
            holidayDate: '2027-02-08',
            name: 'again',
            source: 'operator',
            createdBy: null,
            createdAt: NOW,
          })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await drop();
    }
  });
});
