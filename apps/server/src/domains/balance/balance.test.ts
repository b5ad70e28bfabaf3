import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accrueDay, accrueDays, DAY_DENOMINATOR } from '../../platform/accrual.ts';
import { expectLedgerOk } from '../../test/expect-ledger.ts';
import { body, createTestApp, DIALECTS, operator, type TestApp } from '../../test/harness.ts';
import { fundedTrader, TRADING_PASSWORD } from '../../test/trading-fixture.ts';
import { accrueFundDay } from './balance.service.ts';

/**
 * The balance product through the API, once per dialect, with the clock moved day by day. The test
 * apps start on Monday 2026-11-23 at 09:00 UTC (10:00 in Europe/Berlin, the market's zone); a day's
 * accrual is due at the next midnight there, a confirmation at the start of its date.
 *
 * The rate is 3.65 % a year = 36,500 ppm, so a day's interest on b cents is
 * b × 36,500 / (1,000,000 × 365) = b / 10,000 cents, the fraction carried on in units of
 * 1 / 365,000,000 cent.
 */
const ENV = {
  LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
  SESSION_TTL_HOURS: '2160',
  DUPLICATE_SUBMIT_WINDOW_MS: '0',
  MARKET_BACKFILL_DAYS: '0',
  MARKET_BACKFILL_INTRADAY_DAYS: '0',
  MONEY_WRITES_PER_MINUTE: '100000',
  MONEY_WRITES_PER_IP_PER_MINUTE: '100000',
};
const DAY = 86_400_000;

for (const dialect of DIALECTS) {
  describe(`balance product (${dialect})`, () => {
    let t: TestApp;
    // Operator sessions last hours, the tests days: each call signs a new administrator in.
    const admin = {
      get token(): Promise<string> {
        return operator(t, ['admin']).then((op) => op.token);
      },
    };

    beforeAll(async () => {
      t = await createTestApp(dialect, ENV);
    }, 60_000);
    afterAll(async () => {
      await t.close();
    });

    const get = async (token: string, url: string) =>
      body(await t.app.inject({ method: 'GET', url, headers: { token } }));
    const order = (token: string, kind: 'purchase' | 'redeem', amount: string, password = TRADING_PASSWORD) =>
      t.app.inject({
        method: 'POST',
        url: `/api/fund/${kind}`,
        headers: { token, 'idempotency-key': randomUUID() },
        payload: { amount, tradingPassword: password },
      });
    const adminPost = async (url: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url, headers: { token: await admin.token }, payload: payload as object });
    /** Moves the clock and runs every job that fell due, as `POST /api/admin/clock/advance` does. */
    async function advance(ms: number) {
      t.clock.advance(ms);
      return t.ctx.jobs.runDue();
    }
    const balances = (userId: number) => t.ctx.ledger.userBalances(t.ctx.database.db, userId);

    it('purchase → T+1 confirmation → daily accrual → redemption → T+1 payout, to the cent', async () => {
      // Monday 2026-11-23: the rate from today on.
      const rate = await adminPost('/api/admin/fund/rates', { rate: '3.65', effectiveDate: '2026-11-23' });
      expect(rate.statusCode, rate.body).toBe(200);
      const investor = await fundedTrader(t, '20000.00');

      // Buy 12,345.67 on Monday: cash → fund_pending, confirmed on Tuesday (the next business day).
      const bought = await order(investor.token, 'purchase', '12345.67');
      expect(bought.statusCode, bought.body).toBe(200);
      expect(body(bought).data).toMatchObject({
        kind: 'purchase',
        amount: '12345.67',
        tradeDate: '2026-11-23',
        confirmDate: '2026-11-24',
        status: 'pending',
      });
      expect(await balances(investor.userId)).toMatchObject({ cash: 765433, fund_pending: 1234567, fund: 0 });
      let summary = (await get(investor.token, '/api/fund')).data;
      expect(summary).toMatchObject({
        rate: '3.65',
        fund: '0.00',
        fundPending: '12345.67',
        available: '7654.33',
        nextConfirmDate: '2026-11-24',
        yesterdayEarnings: '0.00',
        totalEarnings: '0.00',
      });
      expect(summary.pending).toHaveLength(1);
      // Total assets keep the fund: 7,654.33 cash + 12,345.67 pending = 20,000.00; not available, not withdrawable.
      let assets = (await get(investor.token, '/api/user/assets')).data;
      expect(assets).toMatchObject({
        available: '7654.33',
        withdrawable: '7654.33',
        fund: '0.00',
        fundPending: '12345.67',
        redeemPending: '0.00',
        totalAssets: '20000.00',
      });
      await expectLedgerOk(t);

      // Tuesday 10:00: confirmed at midnight; nothing accrued yet (Tuesday is the first earning day).
      await advance(DAY);
      expect(await balances(investor.userId)).toMatchObject({ cash: 765433, fund_pending: 0, fund: 1234567 });
      const outbox = await t.ctx.database.db
        .selectFrom('outbox')
        .select(['template', 'params'])
        .where('userId', '=', investor.userId)
        .execute();
      expect(outbox.map((row) => row.template)).toContain('notify.fundConfirmed');

      // Wednesday 10:00: Tuesday's accrual. 1,234,567 × 36,500 = 45,061,695,500; ÷ 365,000,000 =
      // 123 cents (1.23), carry 166,695,500 (0.4567 of a cent). Fund 12,345.67 + 1.23 = 12,346.90.
      await advance(DAY);
      expect(await balances(investor.userId)).toMatchObject({ fund: 1234690 });
      summary = (await get(investor.token, '/api/fund')).data;
      expect(summary).toMatchObject({ fund: '12346.90', yesterdayEarnings: '1.23', totalEarnings: '1.23' });

      // Wednesday: redeem 2,000.00 → redeem_pending, paid on Thursday. It stops earning today.
      const redeemed = await order(investor.token, 'redeem', '2000.00');
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      expect(body(redeemed).data).toMatchObject({ kind: 'redeem', tradeDate: '2026-11-25', confirmDate: '2026-11-26' });
      expect(await balances(investor.userId)).toMatchObject({ fund: 1034690, redeem_pending: 200000, cash: 765433 });
      assets = (await get(investor.token, '/api/user/assets')).data;
      expect(assets).toMatchObject({ redeemPending: '2000.00', available: '7654.33', totalAssets: '20001.23' });

      // Thursday 10:00: the redemption paid at midnight (cash 7,654.33 + 2,000.00 = 9,654.33), and
      // Wednesday's accrual on 1,234,567 − 200,000 + 123 = 1,034,690: × 36,500 = 37,766,185,000,
      // + carry 166,695,500 = 37,932,880,500; ÷ 365,000,000 = 103 cents (1.03), carry 337,880,500.
      await advance(DAY);
      expect(await balances(investor.userId)).toMatchObject({
        cash: 965433,
        redeem_pending: 0,
        fund: 1034793,
        fund_pending: 0,
      });
      summary = (await get(investor.token, '/api/fund')).data;
      expect(summary).toMatchObject({ fund: '10347.93', yesterdayEarnings: '1.03', totalEarnings: '2.26' });
      expect(summary.pending).toEqual([]);
      // 9,654.33 + 10,347.93 = 20,002.26 = 20,000.00 + 1.23 + 1.03.
      assets = (await get(investor.token, '/api/user/assets')).data;
      expect(assets).toMatchObject({ totalAssets: '20002.26', available: '9654.33' });
      expect(await t.ctx.ledger.balance(t.ctx.database.db, { system: 'fund_pool' })).toBe(-226);
      const carry = await t.ctx.database.db
        .selectFrom('fundPositions')
        .select('carry')
        .where('userId', '=', investor.userId)
        .executeTakeFirstOrThrow();
      expect(carry.carry).toBe('337880500');
      const paid = await t.ctx.database.db
        .selectFrom('outbox')
        .select(['template', 'params'])
        .where('userId', '=', investor.userId)
        .where('template', '=', 'notify.fundRedeemed')
        .execute();
      expect(paid).toHaveLength(1);

      // The history: both orders, their confirmations and the two days' earnings.
      const log = (await get(investor.token, '/api/fund/log?period=month')).data;
      expect(log.items.map((item: { type: string; amount: string }) => `${item.type} ${item.amount}`)).toEqual([
        // Paid when the job ran after midnight (10:00, when the clock was moved); earned at midnight.
        'redeem_paid 2000.00',
        'earnings 1.03',
        'redeem 2000.00',
        'earnings 1.23',
        'purchase_confirmed 12345.67',
        'purchase 12345.67',
      ]);
      const today = (await get(investor.token, '/api/fund/log?period=today')).data;
      // Today (from 00:00 UTC): the payout; Wednesday's earnings belong to Wednesday.
      expect(today.items.map((item: { type: string }) => item.type)).toEqual(['redeem_paid']);
      await expectLedgerOk(t);

      // Running Wednesday's accrual again changes nothing: the day is claimed once.
      const before = await balances(investor.userId);
      expect(await t.ctx.database.transaction((trx) => accrueFundDay(t.ctx, trx, '2026-11-25'))).toBe(false);
      expect(await t.ctx.jobs.runDue()).toEqual([]);
      expect(await balances(investor.userId)).toEqual(before);
      await expectLedgerOk(t);
    });

    it('confirms on the next business day across weekends and an operator’s holiday; accrues every calendar day', async () => {
      // Thursday 2026-11-26 10:00 (after the first test). Monday 30 becomes a holiday.
      const added = await adminPost('/api/admin/calendar/holidays', { date: '2026-11-30', name: 'Bank holiday' });
      expect(added.statusCode, added.body).toBe(200);
      expect(t.ctx.calendar.isBusinessDay('2026-11-30')).toBe(false);
      const again = await adminPost('/api/admin/calendar/holidays', { date: '2026-11-30', name: 'Again' });
      expect(body(again).error).toBe('HOLIDAY_EXISTS');
      const past = await adminPost('/api/admin/calendar/holidays', { date: '2026-11-26', name: 'Today' });
      expect(body(past).error).toBe('HOLIDAY_DATE_PAST');

      await advance(DAY); // Friday 27
      const investor = await fundedTrader(t, '5000.00');
      const friday = await order(investor.token, 'purchase', '1000.00');
      // Friday → Saturday, Sunday skipped, Monday the holiday skipped → Tuesday 1 December.
      expect(body(friday).data).toMatchObject({ tradeDate: '2026-11-27', confirmDate: '2026-12-01' });
      expect((await get(investor.token, '/api/fund')).data.nextConfirmDate).toBe('2026-12-01');

      // Monday 30, 10:00: still pending; the weekend's days were accrued for the earlier investor.
      await advance(3 * DAY);
      expect(await balances(investor.userId)).toMatchObject({ fund_pending: 100000, fund: 0 });
      const days = await t.ctx.database.db.selectFrom('fundAccrualDays').select('accrualDate').execute();
      expect(days.map((d) => d.accrualDate)).toEqual(
        expect.arrayContaining(['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']),
      );
      await advance(DAY); // Tuesday 1 December
      expect(await balances(investor.userId)).toMatchObject({ fund_pending: 0, fund: 100000 });

      // Removing the (now past) holiday is refused; a future one can be added and removed.
      const removePast = await t.app.inject({
        method: 'DELETE',
        url: '/api/admin/calendar/holidays/2026-11-30',
        headers: { token: await admin.token },
      });
      expect(body(removePast).error).toBe('HOLIDAY_DATE_PAST');
      await adminPost('/api/admin/calendar/holidays', { date: '2026-12-24', name: 'Christmas Eve' });
      expect(t.ctx.calendar.isBusinessDay('2026-12-24')).toBe(false);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: '/api/admin/calendar/holidays/2026-12-24',
        headers: { token: await admin.token },
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(t.ctx.calendar.isBusinessDay('2026-12-24')).toBe(true);
      const list = (await get(await admin.token, '/api/admin/calendar/holidays')).data;
      expect(list.items).toEqual([{ exchange: 'XETRA', date: '2026-11-30', name: 'Bank holiday', source: 'operator' }]);
      const audit = (await get(await admin.token, '/api/admin/audit')).data.items.map(
        (a: { action: string }) => a.action,
      );
      expect(audit).toEqual(
        expect.arrayContaining(['calendar.holiday.add', 'calendar.holiday.remove', 'fund.rate.set']),
      );
      await expectLedgerOk(t);
    });

    it('keeps every rate version; a change applies from its date, never to a day already accrued', async () => {
      // Tuesday 1 December 10:00. Past dates and bad rates are refused.
      expect(body(await adminPost('/api/admin/fund/rates', { rate: '2.00', effectiveDate: '2026-11-30' })).error).toBe(
        'FUND_RATE_DATE_PAST',
      );
      expect(
        body(await adminPost('/api/admin/fund/rates', { rate: '100.0001', effectiveDate: '2026-12-05' })).error,
      ).toBe('FUND_RATE_INVALID');
      expect((await adminPost('/api/admin/fund/rates', { rate: '2', effectiveDate: '2026-12-03' })).statusCode).toBe(
        200,
      );
      const rates = (await get(await admin.token, '/api/admin/fund/rates')).data;
      expect(rates.current).toEqual({ rate: '3.65', effectiveDate: '2026-11-23' });
      expect(
        rates.versions.map((v: { rate: string; effectiveDate: string }) => `${v.effectiveDate} ${v.rate}`),
      ).toEqual(['2026-12-03 2.00', '2026-11-23 3.65']);
      await advance(3 * DAY); // Friday 4 December: days 1, 2 at 3.65 %, day 3 at 2 %.
      const accrued = await t.ctx.database.db
        .selectFrom('fundAccrualDays')
        .select(['accrualDate', 'ratePpm'])
        .where('accrualDate', '>=', '2026-12-01')
        .orderBy('accrualDate')
        .execute();
      expect(accrued.map((d) => `${d.accrualDate} ${d.ratePpm}`)).toEqual([
        '2026-12-01 36500',
        '2026-12-02 36500',
        '2026-12-03 20000',
      ]);
      const forbidden = await t.app.inject({
        method: 'POST',
        url: '/api/admin/fund/rates',
        headers: { token: (await operator(t, ['support'])).token },
        payload: { rate: '9.00', effectiveDate: '2026-12-10' },
      });
      expect(forbidden.statusCode).toBe(403);
    });

    it('refuses bad input with a clear error and changes nothing', async () => {
      const investor = await fundedTrader(t, '1000.00');
      expect((await order(investor.token, 'purchase', '400.00')).statusCode).toBe(200);
      await advance(DAY * 3); // confirmed on the next business day at the latest
      const before = await balances(investor.userId);
      expect(before).toMatchObject({ cash: 60000, fund_pending: 0 });
      expect(before.fund).toBeGreaterThanOrEqual(40000);
      const cases: Array<
        [kind: 'purchase' | 'redeem', amount: string, status: number, error: string, password?: string]
      > = [
        ['purchase', '600.01', 422, 'FUND_ABOVE_AVAILABLE'],
        ['redeem', '1000.00', 422, 'FUND_REDEEM_ABOVE_BALANCE'],
        ['purchase', '0', 400, 'AMOUNT_NOT_POSITIVE'],
        ['redeem', '0.00', 400, 'AMOUNT_NOT_POSITIVE'],
        ['purchase', '-5.00', 400, 'VALIDATION_FAILED'],
        ['purchase', '0.001', 400, 'VALIDATION_FAILED'],
        ['redeem', '1e20', 400, 'VALIDATION_FAILED'],
        ['purchase', '100000000000000000000', 400, 'VALIDATION_FAILED'],
        ['purchase', '10.00', 422, 'TRADING_PASSWORD_WRONG', '000000'],
        ['redeem', '10.00', 422, 'TRADING_PASSWORD_WRONG', '000000'],
      ];
      for (const [kind, amount, status, error, password] of cases) {
        const res = await order(investor.token, kind, amount, password);
        expect(`${kind} ${amount} ${res.statusCode} ${body(res).error}`).toBe(`${kind} ${amount} ${status} ${error}`);
        expect(body(res).msg.length).toBeGreaterThan(0);
      }
      const german = await t.app.inject({
        method: 'POST',
        url: '/api/fund/purchase',
        headers: { token: investor.token, 'idempotency-key': randomUUID(), lang: 'de' },
        payload: { amount: '600.01', tradingPassword: TRADING_PASSWORD },
      });
      expect(body(german).msg).toBe('Der Betrag ist höher als Ihr verfügbares Guthaben (600.00)');
      const noKey = await t.app.inject({
        method: 'POST',
        url: '/api/fund/purchase',
        headers: { token: investor.token },
        payload: { amount: '1.00', tradingPassword: TRADING_PASSWORD },
      });
      expect(body(noKey).error).toBe('IDEMPOTENCY_KEY_REQUIRED');
      expect(await balances(investor.userId)).toEqual(before);
      await expectLedgerOk(t);
    });
  });

  describe(`balance product over a year (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, ENV);
    }, 60_000);
    afterAll(async () => {
      await t.close();
    });

    it('365 days of accrual: no cent created or lost, against the closed form and a day-by-day model', async () => {
      const admin = await operator(t, ['finance']);
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/fund/rates',
        headers: { token: admin.token },
        payload: { rate: '2.35', effectiveDate: '2026-11-23' },
      });
      const investor = await fundedTrader(t, '100000.00');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/fund/purchase',
        headers: { token: investor.token, 'idempotency-key': randomUUID() },
        payload: { amount: '54321.09', tradingPassword: TRADING_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      // Confirmed Tuesday 2026-11-24; 365 days of accrual are due by Tuesday 2027-11-24 00:00 Berlin.
      t.clock.advance(366 * DAY);
      await t.ctx.jobs.runDue();
      const rows = await t.ctx.database.db
        .selectFrom('fundAccruals')
        .select(['accrualDate', 'balanceMinor', 'interestMinor', 'carryAfter'])
        .where('userId', '=', investor.userId)
        .orderBy('accrualDate')
        .execute();
      expect(rows).toHaveLength(365);
      expect(rows[0]!.accrualDate).toBe('2026-11-24');
      expect(rows.at(-1)!.accrualDate).toBe('2027-11-23');

      // The model: each day's interest on the principal plus all interest so far (it is paid into the fund).
      let balance = 5_432_109;
      let carry = 0n;
      let paid = 0;
      for (const row of rows) {
        expect(Number(row.balanceMinor)).toBe(balance);
        const day = accrueDay(balance, 23_500, carry);
        expect(Number(row.interestMinor)).toBe(day.interestMinor);
        carry = day.carry;
        balance += day.interestMinor;
        paid += day.interestMinor;
      }
      // Nothing created or lost: cents paid × 365,000,000 + the carry = Σ balance × ppm exactly.
      const exact = rows.reduce((sum, row) => sum + BigInt(Number(row.balanceMinor)) * 23_500n, 0n);
      expect(BigInt(paid) * DAY_DENOMINATOR + carry).toBe(exact);
      // Against the closed form. Interest is paid into the fund, so it compounds daily: a year earns
      // b × ((1 + r/365)^365 − 1) = b × ((365,000,000 + ppm)^365 / 365,000,000^365 − 1), here
      // 1,291.62… → 129,162 cents. What the days paid can trail it only by what is still carried:
      // less than a cent.
      const base = 5_432_109n;
      const compound = (base * (DAY_DENOMINATOR + 23_500n) ** 365n) / DAY_DENOMINATOR ** 365n - base;
      expect(compound).toBe(129_162n);
      expect(BigInt(paid)).toBe(compound);
      // Without compounding the year would earn 5,432,109 × 23,500 × 365 / 365,000,000 = 127,654.5615
      // cents (accrueDays): the 15.08 between the two is interest on interest.
      expect(accrueDays(5_432_109, 23_500, 365).interestMinor).toBe(127_654);
      expect(await t.ctx.ledger.balance(t.ctx.database.db, { userId: investor.userId, kind: 'fund' })).toBe(
        5_432_109 + paid,
      );
      expect(await t.ctx.ledger.balance(t.ctx.database.db, { system: 'fund_pool' })).toBe(-paid);
      await expectLedgerOk(t);
    }, 120_000);
  });
}
