import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config.ts';
import { body, createTestApp, DIALECTS, investor, type TestApp } from '../../test/harness.ts';
import { uniqueTestIban } from '../../test/ibans.ts';

describe('the payment provider is chosen by configuration', () => {
  it('is the sandbox outside production and none in production by default', () => {
    expect(loadConfig({}).paymentProvider).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'test' }).paymentProvider).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production' }).paymentProvider).toBe('none');
    expect(loadConfig({ PAYMENT_PROVIDER: 'none' }).paymentProvider).toBe('none');
  });

  it('refuses to start in production with the sandbox unless explicitly allowed, listing every problem', () => {
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'sandbox',
        SUPPORT_OPEN_HOUR: '9',
        SUPPORT_CLOSE_HOUR: '9',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toContain('SUPPORT_CLOSE_HOUR');
    const payment = problems.find((p) => p.startsWith('PAYMENT_PROVIDER:'));
    expect(payment).toContain('PAYMENT_SANDBOX_IN_PRODUCTION=true');
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' })).toThrow(ConfigError);
    expect(
      loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', PAYMENT_SANDBOX_IN_PRODUCTION: 'true' })
        .paymentProvider,
    ).toBe('sandbox');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(ConfigError);
  });
});

describe.each(DIALECTS)('deposits in production without a provider (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { NODE_ENV: 'production', LOGIN_RATE_PER_IP_PER_MINUTE: '100000' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 PAYMENT_PROVIDER_UNAVAILABLE, writes nothing and serves no sandbox pages', async () => {
    expect(t.ctx.sandbox).toBeUndefined();
    const { token } = await investor(t);
    for (const [url, payload] of [
      ['/api/wallet/deposits', { amount: '999999999999.99', method: 'quick' }],
      ['/api/wallet/transfers', { amount: '100.00', cardId: 1 }],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { token, 'idempotency-key': randomUUID() },
        payload,
      });
      expect(res.statusCode, url).toBe(503);
      expect(body(res).error).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      expect(body(res).msg).toBe('Einzahlungen sind im Moment nicht möglich, bitte versuchen Sie es später erneut');
    }
    const payments = await t.ctx.database.db.selectFrom('payments').selectAll().execute();
    expect(payments).toEqual([]);
    const reference = `sbx_${'0'.repeat(24)}`;
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${reference}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/approve` })).statusCode).toBe(
      404,
    );
  });
});

describe.each(DIALECTS)('deposit maximums (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
      SANDBOX_WEBHOOK_DELAY_MS: '0',
      // The day test moves the clock to midnight: the sessions must outlive it.
      SESSION_TTL_HOURS: '48',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const pay = (token: string, url: string, payload: object) => {
    t.clock.advance(1_001); // past the duplicate-submit window
    return t.app.inject({ method: 'POST', url, headers: { token, 'idempotency-key': randomUUID() }, payload });
  };
  const deposit = (token: string, amount: string) => pay(token, '/api/wallet/deposits', { amount, method: 'quick' });
  const paymentsOf = async (token: string) =>
    body(await t.app.inject({ method: 'GET', url: '/api/wallet/records?direction=in', headers: { token } })).data
      .length as number;

  it('refuses one deposit or transfer in above the per-deposit maximum, writing nothing', async () => {
    const user = await investor(t);
    const userId = body(await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token: user.token } }))
      .data.id as number;
    const card = await t.ctx.database.db
      .insertInto('bankCards')
      .values({
        userId,
        bankName: 'B',
        branch: 'B',
        holderName: 'Erika Mustermann',
        iban: uniqueTestIban(),
        createdAt: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const res of [
      await deposit(user.token, '50000.01'),
      await deposit(user.token, '999999999999.99'),
      await pay(user.token, '/api/wallet/transfers', { amount: '50000.01', cardId: Number(card.id) }),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(body(res).error).toBe('DEPOSIT_ABOVE_MAXIMUM');
      expect(body(res).msg).toBe('Höchstens 50000.00 pro Einzahlung');
    }
    expect(await paymentsOf(user.token)).toBe(0);
    expect((await deposit(user.token, '50000.00')).statusCode).toBe(200);
  });

  it('refuses what takes an investor’s day over the daily maximum; the day ends at midnight in the market’s zone', async () => {
    const user = await investor(t);
    const other = await investor(t);
    // The harness starts at 09:00 UTC, 10:00 in Berlin.
    expect((await deposit(user.token, '50000.00')).statusCode).toBe(200);
    const declined = body(await deposit(user.token, '30000.00')).data;
    // A payment the payer declined does not count towards the day.
    const reference = String(declined.checkoutUrl).split('/').pop();
    await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/decline` });
    await t.ctx.sandbox!.flush();
    expect((await deposit(user.token, '40000.00')).statusCode).toBe(200);
    const over = await deposit(user.token, '10000.01');
    expect(over.statusCode).toBe(422);
    expect(body(over)).toMatchObject({ error: 'DEPOSIT_DAILY_LIMIT_EXCEEDED' });
    expect(body(over).msg).toContain('100000.00');
    expect(body(over).msg).toContain('10000.00');
    expect((await deposit(user.token, '10000.00')).statusCode).toBe(200);
    expect(body(await deposit(user.token, '100.00')).error).toBe('DEPOSIT_DAILY_LIMIT_EXCEEDED');
    expect(await paymentsOf(user.token)).toBe(4);
    // Another investor has a day of their own.
    expect((await deposit(other.token, '50000.00')).statusCode).toBe(200);
    // 23:59 in Berlin (22:59 UTC): still the same day.
    t.clock.advance(Date.parse('2026-11-23T22:59:00Z') - t.clock.nowMs());
    expect(body(await deposit(user.token, '100.00')).error).toBe('DEPOSIT_DAILY_LIMIT_EXCEEDED');
    // 00:00 in Berlin (23:00 UTC, still the 23rd in UTC): a new day.
    t.clock.advance(Date.parse('2026-11-23T23:00:00Z') - t.clock.nowMs());
    expect((await deposit(user.token, '100.00')).statusCode).toBe(200);
  });
});
