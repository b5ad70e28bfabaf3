import { randomUUID } from 'node:crypto';
import { translate } from '@bourse/shared/i18n/index';
import { LANGUAGES } from '@bourse/shared/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, DIALECTS, investor, type TestApp } from '../../test/harness.ts';

/**
 * The way back from the provider's checkout (issue 16): the sandbox's page speaks the investor's
 * language and leads back to the app's outcome screen for that payment, which reads the payment's
 * status from GET /api/wallet/payments/:id.
 */
describe.each(DIALECTS)('the way to the checkout and back on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
      SANDBOX_WEBHOOK_DELAY_MS: '0',
      DUPLICATE_SUBMIT_WINDOW_MS: '0',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const deposit = async (token: string, lang: string, amount = '100.00') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposits',
      headers: { token, lang, 'idempotency-key': randomUUID() },
      payload: { amount, method: 'quick' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const payment = body<{ id: number; checkoutUrl: string }>(res).data;
    return { ...payment, reference: payment.checkoutUrl.split('/').pop()! };
  };
  const paymentOf = (token: string, id: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/wallet/payments/${id}`, headers: { token } });

  it('serves the checkout page in the language the investor used, in each of the 12', async () => {
    const { token } = await investor(t);
    for (const lang of LANGUAGES) {
      const { checkoutUrl, id } = await deposit(token, lang);
      // The browser opening the page sends no language of its own that would win.
      const page = await t.app.inject({ method: 'GET', url: checkoutUrl, headers: { 'accept-language': 'en' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<html lang="${lang}">`);
      expect(page.body).toContain(translate(lang, 'sandboxCheckout.heading'));
      expect(page.body).toContain(translate(lang, 'sandboxCheckout.approve'));
      expect(page.body).toContain(translate(lang, 'sandboxCheckout.decline'));
      expect(page.body).toContain(translate(lang, 'sandboxCheckout.depositDescription', { id }));
    }
  });

  it('leads back to the outcome screen of the payment, in the same language once decided', async () => {
    const { token } = await investor(t);
    const { checkoutUrl, reference, id } = await deposit(token, 'fr');
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${reference}/approve`,
      headers: { accept: 'text/html' },
    });
    expect(decided.statusCode).toBe(303);
    const page = await t.app.inject({ method: 'GET', url: checkoutUrl });
    expect(page.body).toContain('Paiement autorisé.');
    expect(page.body).toContain(`<a href="/#/fastpayment/result?id=${id}">Retour à Bourse</a>`);
    expect(page.body).not.toContain('Autoriser le paiement');
  });

  it('tells the investor a payment’s status: pending, then succeeded or failed', async () => {
    const { token } = await investor(t);
    const approved = await deposit(token, 'de', '120.00');
    const declined = await deposit(token, 'de', '150.00');
    expect(body(await paymentOf(token, approved.id)).data).toMatchObject({
      id: approved.id,
      type: 'deposit',
      amount: '120.00',
      status: 'pending',
      checkoutUrl: null,
    });
    await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${approved.reference}/approve` });
    await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${declined.reference}/decline` });
    await t.ctx.sandbox!.flush();
    expect(body(await paymentOf(token, approved.id)).data.status).toBe('succeeded');
    expect(body(await paymentOf(token, declined.id)).data).toMatchObject({ amount: '150.00', status: 'failed' });
  });

  it('shows no one another investor’s payment, and refuses a malformed id', async () => {
    const owner = await investor(t);
    const stranger = await investor(t);
    const { id } = await deposit(owner.token, 'de');
    const foreign = await paymentOf(stranger.token, id);
    expect(foreign.statusCode).toBe(404);
    expect(body(foreign).error).toBe('NOT_FOUND');
    expect((await paymentOf(owner.token, 'abc')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/wallet/payments/${id}` })).statusCode).toBe(401);
  });
});
