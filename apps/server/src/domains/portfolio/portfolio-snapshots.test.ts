import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedTrader, TRADING_TEST_ENV } from '../../test/trading-fixture.ts';
import { body, createTestApp, DIALECTS, type TestApp } from '../../test/harness.ts';
import { registerPortfolioContributor, sessionEndOf, snapshotAll } from './portfolio.service.ts';

const DAY = 86_400_000;

describe.each(DIALECTS)('portfolio snapshots on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, TRADING_TEST_ENV);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (token: string, url: string, lang = 'en') =>
    t.app.inject({ method: 'GET', url, headers: { token, lang } });
  const assets = async (token: string) => body(await get(token, '/api/user/assets')).data;
  const snapshotsOf = (userId: number) =>
    t.ctx.database.db
      .selectFrom('portfolioSnapshots')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('businessDate')
      .execute();
  const today = () => t.ctx.calendar.tradingDate(t.clock.nowMs());
  /** Moves the clock a second past the end of today's session (local midnight: the harness runs 24/7). */
  const toEndOfToday = () => t.clock.advance(sessionEndOf(t.ctx, today()) - t.clock.nowMs() + 1_000);
  const deposit = (userId: number, key: string, amountMinor: number) =>
    t.ctx.database.transaction((trx) =>
      t.ctx.ledger.post(trx, {
        idempotencyKey: `portfolio-test:${key}`,
        kind: 'deposit',
        postings: [
          { account: { system: 'bank_clearing' }, amountMinor: -amountMinor },
          { account: { userId, kind: 'cash' }, amountMinor },
        ],
      }),
    );

  it('stores each investor’s total assets once per session end, reports today’s P/L from it and the history', async () => {
    const { token, userId } = await fundedTrader(t, '1000.00');
    // A position whose market value moves from day to day (a contributor like trading's).
    let marketValueMinor = 500_00;
    registerPortfolioContributor(t.ctx, {
      name: 'test-moving-position',
      contribute: async (_db, forUserId) => (forUserId === userId ? { marketValueMinor } : {}),
    });

    // Before the first snapshot, today counts from the account's opening: 1,000.00 paid in, 1,500.00 held.
    expect(await assets(token)).toMatchObject({
      totalAssets: '1500.00',
      dayPnl: '500.00',
      dayPnlPercent: '50.00',
      dayPnlSince: null,
    });
    expect(await snapshotsOf(userId)).toEqual([]);

    // Day 1 ends: the job stores the snapshot, equal to what /api/user/assets reports at that moment.
    const day1 = today();
    toEndOfToday();
    const atClose = await assets(token);
    expect((await t.ctx.jobs.runDue()).map((run) => run.name)).toContain('portfolio.snapshots');
    const first = await snapshotsOf(userId);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ businessDate: day1, takenAt: t.clock.nowMs() });
    expect((Number(first[0]!.totalAssetsMinor) / 100).toFixed(2)).toBe(atClose.totalAssets);
    expect(Number(first[0]!.cashMinor)).toBe(1000_00);
    expect(Number(first[0]!.marketValueMinor)).toBe(500_00);

    // Run again: nothing is due; a forced second run of the date keeps the stored value.
    expect((await t.ctx.jobs.runDue()).map((run) => run.name)).not.toContain('portfolio.snapshots');
    marketValueMinor = 999_00;
    await snapshotAll(t.ctx, day1);
    expect(await snapshotsOf(userId)).toEqual(first);

    // Day 2: the position is worth 600.00 and 200.00 more is paid in; only the 100.00 is profit.
    t.clock.advance(60 * 60_000);
    marketValueMinor = 600_00;
    await deposit(userId, `${userId}:day2`, 200_00);
    expect(await assets(token)).toMatchObject({
      totalAssets: '1800.00',
      dayPnl: '100.00',
      // 100.00 of the 1,700.00 it started from (1,500.00 at the close + 200.00 paid in).
      dayPnlPercent: '5.88',
      dayPnlSince: day1,
    });

    const day2 = today();
    toEndOfToday();
    const atSecondClose = await assets(token);
    expect((await t.ctx.jobs.runDue()).map((run) => run.name)).toContain('portfolio.snapshots');
    const both = await snapshotsOf(userId);
    expect(both.map((s) => [s.businessDate, Number(s.totalAssetsMinor)])).toEqual([
      [day1, 150_000],
      [day2, 180_000],
    ]);
    expect(atSecondClose.totalAssets).toBe('1800.00');

    // A fall on day 3: negative P/L and percent.
    t.clock.advance(60 * 60_000);
    marketValueMinor = 450_00;
    expect(await assets(token)).toMatchObject({
      totalAssets: '1650.00',
      dayPnl: '-150.00',
      dayPnlPercent: '-8.33',
      dayPnlSince: day2,
    });

    // The history: the snapshots in range, then now.
    const week = body(await get(token, '/api/user/portfolio/history?range=week')).data;
    expect(week).toEqual({
      range: 'week',
      currency: 'EUR',
      points: [
        { t: both[0]!.takenAt, value: 150_000 },
        { t: both[1]!.takenAt, value: 180_000 },
        { t: t.clock.nowMs(), value: 165_000 },
      ],
    });
    const day = body(await get(token, '/api/user/portfolio/history?range=day')).data;
    expect(day.points).toEqual([
      { t: both[1]!.takenAt, value: 180_000 },
      { t: t.clock.nowMs(), value: 165_000 },
    ]);
    for (const range of ['month', 'year']) {
      const history = body(await get(token, `/api/user/portfolio/history?range=${range}`)).data;
      expect(history.points.map((p: { value: number }) => p.value)).toEqual([150_000, 180_000, 165_000]);
    }
  });

  it('catches up after downtime with the latest ended session only', async () => {
    const { userId } = await fundedTrader(t, '250.00');
    const runsBefore = await t.ctx.database.db.selectFrom('portfolioSnapshotRuns').selectAll().execute();
    t.clock.advance(3 * DAY);
    const runs = (await t.ctx.jobs.runDue()).filter((run) => run.name === 'portfolio.snapshots');
    expect(runs).toHaveLength(1);
    const latest = t.ctx.calendar.tradingDate(t.clock.nowMs() - DAY);
    const mine = await snapshotsOf(userId);
    expect(mine.map((s) => [s.businessDate, Number(s.totalAssetsMinor)])).toEqual([[latest, 250_00]]);
    const runsAfter = await t.ctx.database.db.selectFrom('portfolioSnapshotRuns').selectAll().execute();
    expect(runsAfter.length).toBe(runsBefore.length + 1);
  });

  it('refuses an unknown range with a localized 400', async () => {
    const { token } = await fundedTrader(t, '10.00');
    const en = await get(token, '/api/user/portfolio/history?range=decade', 'en');
    const de = await get(token, '/api/user/portfolio/history?range=decade', 'de');
    expect(en.statusCode).toBe(400);
    expect(de.statusCode).toBe(400);
    expect(body(en)).toMatchObject({ error: 'VALIDATION_FAILED', data: null });
    expect(body(en).msg).toMatch(/^The input is invalid/);
    expect(body(de).msg).not.toBe(body(en).msg);
    expect((await get(token, '/api/user/portfolio/history?range=week&extra=1')).statusCode).toBe(400);
  });
});

describe('portfolio snapshots with trading hours', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { ...TRADING_TEST_ENV, MARKET_HOURS: '09:00-17:30' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('snapshots at each business day’s close and skips the weekend', async () => {
    const { userId } = await fundedTrader(t, '100.00');
    const dates: string[] = [];
    // Monday 2026-11-23 09:00 UTC; step in 6-hour moves through to the next Tuesday.
    for (let step = 0; step < 4 * 8; step++) {
      t.clock.advance(6 * 60 * 60_000);
      await t.ctx.jobs.runDue();
    }
    const rows = await t.ctx.database.db
      .selectFrom('portfolioSnapshots')
      .select(['businessDate', 'takenAt'])
      .where('userId', '=', userId)
      .orderBy('businessDate')
      .execute();
    for (const row of rows) dates.push(row.businessDate);
    // The first run (the installation's starting point) stores the last session ended before it: Friday's.
    expect(dates).toEqual([
      '2026-11-20',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-30',
    ]);
    // Each taken within the 6 hours after its 17:30 close (Europe/Berlin: 16:30 UTC in winter).
    for (const row of rows.slice(1)) {
      const close = Date.parse(`${row.businessDate}T16:30:00Z`);
      expect(Number(row.takenAt)).toBeGreaterThanOrEqual(close);
      expect(Number(row.takenAt)).toBeLessThan(close + 6 * 60 * 60_000);
    }
  });
});
