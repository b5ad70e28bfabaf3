import { randomUUID } from 'node:crypto';
import { parsePrice } from '@bourse/shared/price';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  createTestApp,
  DIALECTS,
  investor,
  jpegImage,
  login,
  multipartBody,
  operator,
  register,
  type TestApp,
} from '../../test/harness.ts';
import { uniqueTestIban } from '../../test/ibans.ts';
import { createIpoIssue } from '../../test/ipo-fixture.ts';
import { instrument, TRADING_TEST_ENV } from '../../test/trading-fixture.ts';
import { insertInstrument } from '../market/instruments.service.ts';
import type { MarketSimulator } from '../market/simulator.ts';
import { tradingEngine } from '../trading/trading-engine.ts';

const TRADING_PASSWORD = '246801';

describe.each(DIALECTS)('the getting-started checklist on %s', (dialect) => {
  let t: TestApp;
  let sim: MarketSimulator;
  beforeAll(async () => {
    t = await createTestApp(dialect, TRADING_TEST_ENV);
    await t.ctx.database.transaction((trx) =>
      insertInstrument(trx, instrument('ONB', '20.00', { lotSize: 1 }), t.clock.nowMs()),
    );
    sim = t.ctx.market as MarketSimulator;
    await sim.start();
    await sim.printTrade('ONB', parsePrice('20.00')!);
    await tradingEngine(t.ctx).matcher.idle();
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const get = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/onboarding', headers: { token } });
  const checklist = async (token: string) => {
    const res = await get(token);
    expect(res.statusCode, res.body).toBe(200);
    return body<{
      steps: Array<{ key: string; done: boolean; status?: string }>;
      dismissed: boolean;
      complete: boolean;
    }>(res).data;
  };
  const doneKeys = async (token: string) =>
    (await checklist(token)).steps.filter((step) => step.done).map((step) => step.key);
  const post = (url: string, token: string, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { token, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });

  it('starts with every step open, in order, the identity review not begun', async () => {
    // Straight after registering, with the session the registration answered with.
    const { response } = await register(t);
    const { token } = body<{ userinfo: { token: string } }>(response).data.userinfo;
    expect(await checklist(token)).toEqual({
      steps: [
        { key: 'identity', done: false, status: 'none' },
        { key: 'tradingPassword', done: false },
        { key: 'card', done: false },
        { key: 'deposit', done: false },
        { key: 'firstTrade', done: false },
        { key: 'firstSubscription', done: false },
      ],
      dismissed: false,
      complete: false,
    });
  });

  it('flips each step when its action happens, and leaves another investor’s list alone', async () => {
    const { token, password } = await investor(t);
    const other = await investor(t);
    const userId = body(await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } })).data
      .id as number;

    // Identity: submitted (in review), then approved.
    const image = await jpegImage();
    const form = multipartBody(
      { realName: 'Lena Vogt', idNumber: 'L01X00T47', docType: 'id_card' },
      {
        front: { filename: 'front.jpg', contentType: 'image/jpeg', data: image },
        back: { filename: 'back.jpg', contentType: 'image/jpeg', data: image },
      },
    );
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/user/authentication',
      headers: { token, ...form.headers },
      payload: form.payload,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await checklist(token)).steps[0]).toEqual({ key: 'identity', done: false, status: 'in_review' });
    const compliance = await operator(t, ['compliance']);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/${userId}/approve`,
      headers: { token: compliance.token },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await checklist(token)).steps[0]).toEqual({ key: 'identity', done: true, status: 'approved' });
    expect(await doneKeys(token)).toEqual(['identity']);

    // Trading password.
    const tp = await post('/api/user/tradingPassword', token, {
      password: TRADING_PASSWORD,
      confirmPassword: TRADING_PASSWORD,
      loginPassword: password,
    });
    expect(tp.statusCode, tp.body).toBe(200);
    expect(await doneKeys(token)).toEqual(['identity', 'tradingPassword']);

    // A bank card in the verified name.
    const card = await post('/api/wallet/cards', token, {
      bankName: 'Musterbank',
      branch: 'Köln',
      holderName: 'Lena Vogt',
      iban: uniqueTestIban(),
      agree: true,
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(await doneKeys(token)).toEqual(['identity', 'tradingPassword', 'card']);

    // A deposit: pending while the payer has not decided, done once the provider confirms.
    const started = await post('/api/wallet/deposits', token, { amount: '2000.00', method: 'quick' }, randomUUID());
    expect(started.statusCode, started.body).toBe(200);
    expect(await doneKeys(token)).toEqual(['identity', 'tradingPassword', 'card']);
    const reference = String(body(started).data.checkoutUrl).split('/').pop();
    await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/approve` });
    await t.ctx.sandbox!.flush();
    expect(await doneKeys(token)).toEqual(['identity', 'tradingPassword', 'card', 'deposit']);

    // The first trade: a filled buy.
    const order = await post(
      '/api/trade/orders',
      token,
      { code: 'ONB', side: 'buy', type: 'market', lots: 1, tradingPassword: TRADING_PASSWORD },
      randomUUID(),
    );
    expect(order.statusCode, order.body).toBe(200);
    await tradingEngine(t.ctx).matcher.idle();
    expect(await doneKeys(token)).toEqual(['identity', 'tradingPassword', 'card', 'deposit', 'firstTrade']);
    expect((await checklist(token)).complete).toBe(false);

    // The first subscription to a new issue.
    const admin = await operator(t, ['admin']);
    const issue = await createIpoIssue(t, admin.token);
    const subscribed = await post(
      `/api/ipo/${issue.id}/subscribe`,
      token,
      { lots: 1, tradingPassword: TRADING_PASSWORD },
      randomUUID(),
    );
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const all = await checklist(token);
    expect(all.steps.every((step) => step.done)).toBe(true);
    expect(all.complete).toBe(true);

    // Nothing of this shows on another investor's list.
    expect(await doneKeys(other.token)).toEqual([]);
    expect((await checklist(other.token)).steps[0]).toEqual({ key: 'identity', done: false, status: 'none' });
  });

  it('keeps a dismissal for the investor only; refuses bad input and strangers', async () => {
    const one = await investor(t);
    const two = await investor(t);
    const dismissed = await post('/api/user/onboarding/dismiss', one.token, {});
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(body(dismissed).data.dismissed).toBe(true);
    // Kept: another session (another device) reads it too.
    const again = await login(t, one.phone, one.password);
    expect(again.statusCode).toBe(200);
    const secondToken = body<{ userinfo: { token: string } }>(again).data.userinfo.token;
    expect(secondToken).not.toBe(one.token);
    expect((await checklist(secondToken)).dismissed).toBe(true);
    const stored = await t.ctx.database.db
      .selectFrom('users')
      .select('onboardingDismissedAt')
      .where('phone', '=', one.phone)
      .executeTakeFirstOrThrow();
    expect(Number(stored.onboardingDismissedAt)).toBe(t.clock.nowMs());
    expect((await checklist(two.token)).dismissed).toBe(false);

    const unknownField = await post('/api/user/onboarding/dismiss', two.token, { all: true });
    expect(unknownField.statusCode).toBe(400);
    expect(body(unknownField).error).toBe('UNKNOWN_FIELD');
    const notAnObject = await t.app.inject({
      method: 'POST',
      url: '/api/user/onboarding/dismiss',
      headers: { token: two.token, 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(notAnObject.statusCode).toBe(400);
    expect((await checklist(two.token)).dismissed).toBe(false);

    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/user/onboarding' }),
      await t.app.inject({ method: 'POST', url: '/api/user/onboarding/dismiss', payload: {} }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(body(res).error).toBe('UNAUTHORIZED');
    }
  });
});
