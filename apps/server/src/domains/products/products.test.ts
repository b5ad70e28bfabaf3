import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, DIALECTS, operator, type TestApp } from '../../test/harness.ts';
import { writeSettings } from '../settings/settings.service.ts';

for (const dialect of DIALECTS) {
  describe(`products (${dialect})`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp(dialect, { LOGIN_RATE_PER_IP_PER_MINUTE: '10000' });
    }, 60_000);
    afterAll(() => t.close());

    const products = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/products' });
      expect(res.statusCode, res.body).toBe(200);
      return body(res).data;
    };

    it('is open and shows the default conditions before any rate is set', async () => {
      expect(await products()).toEqual({
        shares: {
          commissionRate: '0.0025',
          commissionMin: '5.00',
          transactionFeeRate: '0.0001',
          stampDutyRate: '0.0010',
          tPlusOne: false,
        },
        fund: { rate: '0.00', effectiveDate: null },
        loans: {
          rate: '8.00',
          termsDays: [30, 90, 180, 365],
          limits: [
            { level: 1, limit: '5000.00' },
            { level: 2, limit: '10000.00' },
            { level: 3, limit: '20000.00' },
            { level: 4, limit: '50000.00' },
            { level: 5, limit: '100000.00' },
          ],
        },
        wallet: { minDeposit: '100.00', maxDeposit: '50000.00', minWithdrawal: '50.00' },
      });
    });

    it('follows the settings, the fund rate in force and the loan terms as operators change them', async () => {
      await t.ctx.database.transaction((trx) =>
        writeSettings(
          trx,
          [
            ['commissionRate', '0.0030'],
            ['tPlusOne', 'true'],
            ['loanAnnualRate', '6.50'],
            ['loanTermsDays', '60,120'],
            ['loanLimitLevel3', '25000.00'],
          ],
          { operatorId: null, nowMs: t.clock.nowMs() },
        ),
      );
      const admin = await operator(t, ['admin']);
      const today = t.ctx.calendar.tradingDate(t.clock.nowMs());
      const rate = await t.app.inject({
        method: 'POST',
        url: '/api/admin/fund/rates',
        headers: { token: admin.token },
        payload: { rate: '2.75', effectiveDate: today },
      });
      expect(rate.statusCode, rate.body).toBe(200);
      const data = await products();
      expect(data.shares).toMatchObject({ commissionRate: '0.0030', tPlusOne: true });
      expect(data.fund).toEqual({ rate: '2.75', effectiveDate: today });
      expect(data.loans).toMatchObject({ rate: '6.50', termsDays: [60, 120] });
      expect(data.loans.limits[2]).toEqual({ level: 3, limit: '25000.00' });
    });
  });
}
