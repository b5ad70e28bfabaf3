import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { body, createTestApp, DIALECTS, investor, type TestApp } from '../../test/harness.ts';

describe.each(DIALECTS)('money writes are rate-limited per investor (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** A deposit from the one address every injected request comes from; a new amount each time. */
  let cents = 0;
  const deposit = (app: TestApp, token: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/wallet/deposits',
      remoteAddress: '203.0.113.7',
      headers: { token, 'idempotency-key': randomUUID() },
      payload: { amount: `100.${String(cents++ % 100).padStart(2, '0')}`, method: 'quick' },
    });

  it('lets six investors behind one address make six calls each; one investor’s 31st call in a minute is 429', async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_PER_IP_PER_MINUTE: '100000' });
    const app = t;
    const investors = await Promise.all(Array.from({ length: 6 }, () => investor(app)));
    // 36 calls from the address, more than the 30 per minute that used to be shared by all of them.
    for (let round = 0; round < 6; round++) {
      for (const { token } of investors) {
        app.clock.advance(1_001); // past the duplicate-submit window
        const res = await deposit(app, token);
        expect(res.statusCode, body(res).error).toBe(200);
      }
    }
    const [busy] = investors;
    for (let n = 7; n <= 30; n++) {
      app.clock.advance(1_001);
      expect((await deposit(app, busy!.token)).statusCode).toBe(200);
    }
    const refused = await deposit(app, busy!.token);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).error).toBe('RATE_LIMITED');
    // The others are not throttled by it.
    expect((await deposit(app, investors[1]!.token)).statusCode).toBe(200);
    // Nothing was written for the refused call: 30 payments for the busy investor.
    const payments = await app.ctx.database.db
      .selectFrom('payments')
      .innerJoin('users', 'users.id', 'payments.userId')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('users.phone', '=', busy!.phone)
      .executeTakeFirstOrThrow();
    expect(Number(payments.n)).toBe(30);
  });

  it('keeps a ceiling per address over all investors’ money writes', async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_PER_IP_PER_MINUTE: '100000', MONEY_WRITES_PER_IP_PER_MINUTE: '8' });
    const app = t;
    const investors = await Promise.all(Array.from({ length: 4 }, () => investor(app)));
    for (let n = 0; n < 8; n++) {
      app.clock.advance(1_001);
      expect((await deposit(app, investors[n % 4]!.token)).statusCode).toBe(200);
    }
    // Each investor made two calls, far under their own limit; the address made eight.
    app.clock.advance(1_001);
    const over = await deposit(app, investors[0]!.token);
    expect(over.statusCode).toBe(429);
    expect(body(over).error).toBe('RATE_LIMITED');
    // Another address is not affected.
    const elsewhere = await app.app.inject({
      method: 'POST',
      url: '/api/wallet/deposits',
      remoteAddress: '198.51.100.20',
      headers: { token: investors[1]!.token, 'idempotency-key': randomUUID() },
      payload: { amount: '150.00', method: 'quick' },
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
