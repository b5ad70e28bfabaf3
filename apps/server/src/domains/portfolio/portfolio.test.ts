import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedTrader } from '../../test/trading-fixture.ts';
import { body, createTestApp, DIALECTS, type TestApp } from '../../test/harness.ts';
import { registerPortfolioContributor } from './portfolio.service.ts';

describe.each(DIALECTS)('portfolio on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_PER_IP_PER_MINUTE: '100000' });
  });
  afterAll(async () => {
    await t.close();
  });

  const assets = async (token: string) =>
    body(await t.app.inject({ method: 'GET', url: '/api/user/assets', headers: { token } })).data;

  it('adds a newly registered domain’s contributor to the figures, without wallet or trading knowing it', async () => {
    const { token, userId } = await fundedTrader(t, '1000.00');
    expect(await assets(token)).toMatchObject({
      cash: '1000.00',
      fund: '0.00',
      loanOutstanding: '0.00',
      totalAssets: '1000.00',
      netAssets: '1000.00',
    });

    // A new money domain (say, the balance product and a loan) registers its part of the figures.
    registerPortfolioContributor(t.ctx, {
      name: 'test-balance-product',
      contribute: async (_db, forUserId) =>
        forUserId === userId ? { fundMinor: 250_00, fundPendingMinor: 12_34, loanMinor: 100_00 } : {},
    });
    // Gross: 1,000.00 cash + 250.00 fund + 12.34 pending = 1,262.34; net of the 100.00 loan: 1,162.34
    expect(await assets(token)).toMatchObject({
      cash: '1000.00',
      available: '1000.00',
      withdrawable: '1000.00',
      fund: '250.00',
      fundPending: '12.34',
      loanOutstanding: '100.00',
      totalAssets: '1262.34',
      netAssets: '1162.34',
    });
  });

  it('refuses a second contributor under a name already taken', () => {
    expect(() => registerPortfolioContributor(t.ctx, { name: 'wallet', contribute: async () => ({}) })).toThrow(
      /registered twice/,
    );
  });
});
