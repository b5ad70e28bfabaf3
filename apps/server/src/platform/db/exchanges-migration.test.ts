import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.ts';
import { emptyDatabase, migrationUser } from '../../test/migration-db.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

const NOW = Date.UTC(2026, 10, 26, 9, 0);

describe.each(DIALECTS)('migration 0023, colour convention and exchanges (%s)', (dialect) => {
  it('gives each instrument its exchange from its code, seeds the exchanges, leaves the convention unchosen', async () => {
    const { handle, drop } = await emptyDatabase(dialect);
    try {
      await migrateTo(handle, '0020-profile');
      const erika = await migrationUser(handle, '+4915100000001', NOW);
      for (const code of ['DAX', 'CSI300', '600519', '000858', '0700', '2330', 'ASML', 'AAPL', 'KO', 'ZZZ']) {
        await handle.db
          .insertInto('instruments')
          .values({
            code,
            name: code,
            sector: 'x',
            lotSize: 100,
            currency: 'EUR',
            peX100: null,
            industryPeX100: null,
            pinyin: null,
            startPriceTicks: 100_000,
            createdAt: NOW,
            updatedAt: NOW,
          })
          .execute();
      }

      expect(await migrateToLatest(handle)).toContain('0023-exchanges');
      const rows = await handle.db.selectFrom('instruments').select(['code', 'exchange']).execute();
      expect(Object.fromEntries(rows.map((row) => [row.code, row.exchange]))).toEqual({
        DAX: 'XETRA',
        CSI300: 'SSE',
        '600519': 'SSE',
        '000858': 'SZSE',
        '0700': 'HKEX',
        '2330': 'TWSE',
        ASML: 'XAMS',
        AAPL: 'NASDAQ',
        KO: 'NYSE',
        ZZZ: 'XETRA',
      });
      const exchanges = await handle.db.selectFrom('exchanges').selectAll().orderBy('position').execute();
      expect(exchanges).toHaveLength(13);
      expect(exchanges.find((row) => row.code === 'HKEX')).toMatchObject({
        timeZone: 'Asia/Hong_Kong',
        hours: '09:30-12:00,13:00-16:00',
      });
      const user = await handle.db
        .selectFrom('users')
        .select('colorConvention')
        .where('id', '=', erika)
        .executeTakeFirstOrThrow();
      expect(user.colorConvention).toBeNull();
    } finally {
      await drop();
    }
  });
});
