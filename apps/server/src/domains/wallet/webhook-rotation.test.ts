import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config.ts';
import { signWebhook, SIGNATURE_HEADER } from '../../platform/payment-provider.ts';
import { expectLedgerOk } from '../../test/expect-ledger.ts';
import { body, createTestApp, DIALECTS, investor, type TestApp } from '../../test/harness.ts';

const OLD_SECRET = 'old-webhook-secret-of-at-least-32-characters';
const NEW_SECRET = 'new-webhook-secret-of-at-least-32-characters';

describe.each(DIALECTS)('webhook secret rotation on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const env = (secrets: Record<string, string>) => ({
    LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
    SANDBOX_WEBHOOK_DELAY_MS: '0',
    ...secrets,
  });

  const cash = async (app: TestApp, token: string) =>
    body(await app.app.inject({ method: 'GET', url: '/api/user/assets', headers: { token } })).data.cash as string;

  /** A deposit waiting for the provider, and the provider's `payment.succeeded` event for it. */
  async function pendingDeposit(app: TestApp, token: string, amount: string) {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/wallet/deposits',
      headers: { token, 'idempotency-key': randomUUID() },
      payload: { amount, method: 'quick' },
    });
    expect(res.statusCode).toBe(200);
    const payment = body(res).data;
    const reference = String(payment.checkoutUrl).split('/').pop()!;
    const event = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      type: 'payment.succeeded',
      created: Math.floor(app.clock.nowMs() / 1000),
      data: { reference, merchantReference: String(payment.id), amount, currency: 'EUR' },
    });
    return { reference, event };
  }

  const deliver = (app: TestApp, event: string, secret: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signWebhook(secret, event, Math.floor(app.clock.nowMs() / 1000)),
      },
      payload: event,
    });

  it('accepts webhooks signed with the previous secret while it is configured, applies each event once, and refuses them after', async () => {
    t = await createTestApp(dialect, env({ PAYMENT_WEBHOOK_SECRET: OLD_SECRET }));
    const { token } = await investor(t);
    const first = await pendingDeposit(t, token, '100.00');
    const second = await pendingDeposit(t, token, '150.00');

    // The overlap: new secret current, old one still accepted.
    t = await t.restart(env({ PAYMENT_WEBHOOK_SECRET: NEW_SECRET, PAYMENT_WEBHOOK_ACCEPTED_SECRETS: `${OLD_SECRET}` }));
    const underOld = await deliver(t, first.event, OLD_SECRET);
    expect(underOld.statusCode).toBe(200);
    expect(body(underOld).data).toEqual({ received: true, outcome: 'applied' });
    // The same event again, now under the new secret (the provider switched and retried): once only.
    const underNew = await deliver(t, first.event, NEW_SECRET);
    expect(underNew.statusCode).toBe(200);
    expect(body(underNew).data.outcome).toBe('duplicate');
    expect(await cash(t, token)).toBe('100.00');
    const foreign = await deliver(t, second.event, 'some-other-secret-of-at-least-32-characters');
    expect(foreign.statusCode).toBe(401);
    expect(body(foreign).error).toBe('WEBHOOK_SIGNATURE_INVALID');

    // The window is over: the old secret is removed.
    t = await t.restart(env({ PAYMENT_WEBHOOK_SECRET: NEW_SECRET }));
    const late = await deliver(t, second.event, OLD_SECRET);
    expect(late.statusCode).toBe(401);
    expect(body(late).error).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(await cash(t, token)).toBe('100.00');
    expect(body(await deliver(t, second.event, NEW_SECRET)).data.outcome).toBe('applied');
    expect(await cash(t, token)).toBe('250.00');
    const events = await t.ctx.database.db.selectFrom('paymentEvents').select('eventId').execute();
    expect(events).toHaveLength(2);

    // The sandbox signs with the current secret: its own delivery is accepted.
    const third = await pendingDeposit(t, token, '200.00');
    await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${third.reference}/approve` });
    await t.ctx.sandbox!.flush();
    expect(await cash(t, token)).toBe('450.00');
    await expectLedgerOk(t);
  });
});

describe('PAYMENT_WEBHOOK_ACCEPTED_SECRETS', () => {
  it('takes a comma-separated list of secrets of 32 characters or more', () => {
    expect(
      loadConfig({ PAYMENT_WEBHOOK_ACCEPTED_SECRETS: `${OLD_SECRET}, ${NEW_SECRET}` }).PAYMENT_WEBHOOK_ACCEPTED_SECRETS,
    ).toEqual([OLD_SECRET, NEW_SECRET]);
    for (const bad of ['short', `${OLD_SECRET},`, `${OLD_SECRET},tooshort`]) {
      expect(() => loadConfig({ PAYMENT_WEBHOOK_ACCEPTED_SECRETS: bad })).toThrow(ConfigError);
    }
  });
});
