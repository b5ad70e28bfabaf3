import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerOk as expectLedgerOkOf } from '../../test/expect-ledger.ts';
import { body, createTestApp, DIALECTS, investor, operator, type TestApp } from '../../test/harness.ts';
import { uniqueTestIban } from '../../test/ibans.ts';
import { signWebhook, SIGNATURE_HEADER } from '../../platform/payment-provider.ts';

const WEBHOOK_SECRET = 'test-webhook-secret-of-at-least-32-characters';

describe.each(DIALECTS)('wallet on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
      SANDBOX_WEBHOOK_DELAY_MS: '0',
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, token: string, payload: unknown, key: string | null = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { token, ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload as object,
    });
  const assets = async (token: string) =>
    body(await t.app.inject({ method: 'GET', url: '/api/user/assets', headers: { token } })).data;
  const expectLedgerOk = () => expectLedgerOkOf(t);
  /** Deposits through the sandbox checkout: create, approve on the provider's page, webhook. */
  async function deposit(token: string, amount: string) {
    const res = await post('/api/wallet/deposits', token, { amount, method: 'quick' });
    expect(res.statusCode).toBe(200);
    const { checkoutUrl, id } = body(res).data;
    const reference = String(checkoutUrl).split('/').pop();
    expect((await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/approve` })).statusCode).toBe(
      200,
    );
    await t.ctx.sandbox!.flush();
    return { id, reference: reference! };
  }
  async function fundedInvestor(amount: string) {
    const user = await investor(t);
    await deposit(user.token, amount);
    const userId = body(await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token: user.token } }))
      .data.id as number;
    // A bound card as a fixture: binding through the API needs an approved identity (tested with KYC).
    const card = await t.ctx.database.db
      .insertInto('bankCards')
      .values({
        userId,
        bankName: 'Musterbank',
        branch: 'Berlin',
        holderName: 'Erika Mustermann',
        iban: uniqueTestIban(),
        createdAt: t.clock.nowMs(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tp = await post(
      '/api/user/tradingPassword',
      user.token,
      { password: '135790', confirmPassword: '135790', loginPassword: user.password },
      null,
    );
    expect(tp.statusCode).toBe(200);
    return { ...user, userId, cardId: Number(card.id) };
  }

  describe('deposits through the sandbox provider', () => {
    it('credits cash exactly once after the payer approves on the checkout page', async () => {
      const { token } = await investor(t);
      const created = await post(
        '/api/wallet/deposits',
        token,
        { amount: '250.50', method: 'quick' },
        'deposit-key-0001',
      );
      expect(created.statusCode).toBe(200);
      const payment = body(created).data;
      expect(payment).toMatchObject({ type: 'deposit', amount: '250.50', status: 'pending' });
      expect(payment.checkoutUrl).toMatch(/^\/sandbox\/checkout\/sbx_[0-9a-f]{24}$/);

      const page = await t.app.inject({ method: 'GET', url: payment.checkoutUrl });
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('250.50 EUR');
      expect((await assets(token)).available).toBe('0.00');

      const reference = payment.checkoutUrl.split('/').pop();
      const approved = await t.app.inject({
        method: 'POST',
        url: `/api/payments/sandbox/${reference}/approve`,
        headers: { accept: 'text/html' },
      });
      expect(approved.statusCode).toBe(303);
      await t.ctx.sandbox!.flush();
      expect(await assets(token)).toMatchObject({
        cash: '250.50',
        available: '250.50',
        withdrawable: '250.50',
        totalAssets: '250.50',
      });
      const again = await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/approve` });
      expect(again.statusCode).toBe(409);

      const records = body(
        await t.app.inject({ method: 'GET', url: '/api/wallet/records?direction=in&period=today', headers: { token } }),
      ).data;
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ type: 'deposit', direction: 'in', amount: '250.50', status: 'succeeded' });
      await expectLedgerOk();
    });

    it('replays the stored answer for the same key and body, refuses the key with another body, and a quick resubmit', async () => {
      const { token } = await investor(t);
      const first = await post('/api/wallet/deposits', token, { amount: '100.00', method: 'quick' }, 'same-key-00001');
      const replay = await post('/api/wallet/deposits', token, { amount: '100.00', method: 'quick' }, 'same-key-00001');
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toBe(first.body);
      const other = await post('/api/wallet/deposits', token, { amount: '101.00', method: 'quick' }, 'same-key-00001');
      expect(other.statusCode).toBe(409);
      expect(body(other).error).toBe('IDEMPOTENCY_KEY_REUSED');
      const quick = await post('/api/wallet/deposits', token, { amount: '100.00', method: 'quick' }, 'other-key-0001');
      expect(quick.statusCode).toBe(409);
      expect(body(quick).error).toBe('DUPLICATE_SUBMIT');
      t.clock.advance(1_001);
      expect(
        (await post('/api/wallet/deposits', token, { amount: '100.00', method: 'quick' }, 'other-key-0001')).statusCode,
      ).toBe(200);
      const payments = await t.ctx.database.db
        .selectFrom('payments')
        .select('id')
        .where('requestKey', 'in', ['same-key-00001', 'other-key-0001'])
        .execute();
      expect(payments).toHaveLength(2);
      const missing = await post('/api/wallet/deposits', token, { amount: '100.00', method: 'quick' }, null);
      expect(body(missing).error).toBe('IDEMPOTENCY_KEY_REQUIRED');
    });

    it('does nothing on a declined payment', async () => {
      const { token } = await investor(t);
      const payment = body(await post('/api/wallet/deposits', token, { amount: '120.00', method: 'quick' })).data;
      const reference = payment.checkoutUrl.split('/').pop();
      await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/decline` });
      await t.ctx.sandbox!.flush();
      expect((await assets(token)).cash).toBe('0.00');
      const records = body(await t.app.inject({ method: 'GET', url: '/api/wallet/records', headers: { token } })).data;
      expect(records[0]).toMatchObject({ status: 'failed' });
    });

    it('refuses webhooks with a missing or foreign signature; the provider’s own credits once', async () => {
      const { token } = await investor(t);
      const payment = body(await post('/api/wallet/deposits', token, { amount: '300.00', method: 'quick' })).data;
      const reference = payment.checkoutUrl.split('/').pop();
      const event = JSON.stringify({
        id: `evt_${randomUUID().replaceAll('-', '')}`,
        type: 'payment.succeeded',
        created: Math.floor(t.clock.nowMs() / 1000),
        data: { reference, merchantReference: String(payment.id), amount: '300.00', currency: 'EUR' },
      });
      const send = (signature: string | undefined) =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          headers: { 'content-type': 'application/json', ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) },
          payload: event,
        });
      const now = Math.floor(t.clock.nowMs() / 1000);
      for (const signature of [undefined, signWebhook('wrong-secret-wrong-secret-wrong-secret', event, now)]) {
        const res = await send(signature);
        expect(res.statusCode).toBe(401);
        expect(body(res).error).toBe('WEBHOOK_SIGNATURE_INVALID');
      }
      expect((await assets(token)).cash).toBe('0.00');

      // The sandbox's own signature, made by approving: then the same signed event again.
      await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/approve` });
      await t.ctx.sandbox!.flush();
      expect((await assets(token)).cash).toBe('300.00');
      const delivered = await t.ctx.database.db
        .selectFrom('paymentEvents')
        .selectAll()
        .where('paymentId', '=', payment.id)
        .executeTakeFirstOrThrow();
      expect(delivered.type).toBe('payment.succeeded');
      await expectLedgerOk();
    });

    it('refuses an authentic event that is too old, and applies a replayed event once', async () => {
      const { token } = await investor(t);
      const payment = body(await post('/api/wallet/deposits', token, { amount: '150.00', method: 'quick' })).data;
      const reference = payment.checkoutUrl.split('/').pop();
      const event = JSON.stringify({
        id: 'evt_replayed_0000000000000001',
        type: 'payment.succeeded',
        created: Math.floor(t.clock.nowMs() / 1000),
        data: { reference, merchantReference: String(payment.id), amount: '150.00', currency: 'EUR' },
      });
      const send = (timestamp: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signWebhook(WEBHOOK_SECRET, event, timestamp),
          },
          payload: event,
        });
      const now = Math.floor(t.clock.nowMs() / 1000);
      const old = await send(now - 301);
      expect(old.statusCode).toBe(401);
      expect(body(old).error).toBe('WEBHOOK_SIGNATURE_INVALID');
      expect((await assets(token)).cash).toBe('0.00');

      const first = await send(now);
      expect(body(first).data).toEqual({ received: true, outcome: 'applied' });
      const replay = await send(now + 5);
      expect(replay.statusCode).toBe(200);
      expect(body(replay).data.outcome).toBe('duplicate');
      expect((await assets(token)).cash).toBe('150.00');
      const tampered = event.replace('150.00', '1500.00');
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(WEBHOOK_SECRET, event, now) },
        payload: tampered,
      });
      expect(forged.statusCode).toBe(401);
      await expectLedgerOk();
    });

    it('pulls money from a bound card: pending until the bank confirms; minimum and card ownership checked', async () => {
      const user = await fundedInvestor('100.00');
      const other = await fundedInvestor('100.00');
      const below = await post('/api/wallet/transfers', user.token, { cardId: user.cardId, amount: '99.99' });
      expect(body(below)).toMatchObject({ error: 'AMOUNT_BELOW_MINIMUM' });
      t.clock.advance(1_001);
      const foreign = await post('/api/wallet/transfers', user.token, { cardId: other.cardId, amount: '250.00' });
      expect(foreign.statusCode).toBe(404);
      expect(body(foreign).error).toBe('CARD_NOT_FOUND');
      t.clock.advance(1_001);
      const transfer = body(
        await post('/api/wallet/transfers', user.token, { cardId: user.cardId, amount: '250.00' }),
      ).data;
      expect(transfer).toMatchObject({ type: 'transfer', status: 'pending', amount: '250.00' });
      const page = await t.app.inject({ method: 'GET', url: transfer.checkoutUrl });
      expect(page.body).toContain('DE89 •••• 3000');
      expect((await assets(user.token)).available).toBe('100.00');
      await t.app.inject({
        method: 'POST',
        url: `/api/payments/sandbox/${transfer.checkoutUrl.split('/').pop()}/approve`,
      });
      await t.ctx.sandbox!.flush();
      expect((await assets(user.token)).available).toBe('350.00');
      const records = body(
        await t.app.inject({ method: 'GET', url: '/api/wallet/records?direction=in', headers: { token: user.token } }),
      ).data;
      expect(records[0]).toMatchObject({ type: 'transfer', status: 'succeeded', amount: '250.00' });
      await expectLedgerOk();
    });

    it('refuses bad amounts with a clear error and creates nothing', async () => {
      const { token } = await investor(t);
      const before = await t.ctx.database.db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const cases: Array<[unknown, number, string]> = [
        [100, 400, 'VALIDATION_FAILED'],
        ['-5.00', 400, 'VALIDATION_FAILED'],
        ['0', 400, 'AMOUNT_NOT_POSITIVE'],
        ['0.00', 400, 'AMOUNT_NOT_POSITIVE'],
        ['10.123', 400, 'VALIDATION_FAILED'],
        ['1e309', 400, 'VALIDATION_FAILED'],
        ['1234567890123', 400, 'VALIDATION_FAILED'],
        ['99.99', 422, 'AMOUNT_BELOW_MINIMUM'],
      ];
      for (const [amount, status, error] of cases) {
        const res = await post('/api/wallet/deposits', token, { amount, method: 'quick' });
        expect(res.statusCode, String(amount)).toBe(status);
        expect(body(res).error).toBe(error);
      }
      expect(body(await post('/api/wallet/deposits', token, { amount: '99.99', method: 'quick' }, null)).error).toBe(
        'IDEMPOTENCY_KEY_REQUIRED',
      );
      const after = await t.ctx.database.db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });

  describe('trading password', () => {
    it('is set with the login password, must match, and locks after 5 wrong entries', async () => {
      const user = await fundedInvestor('500.00');
      const mismatch = await post(
        '/api/user/tradingPassword',
        user.token,
        { password: '111111', confirmPassword: '111112', loginPassword: user.password },
        null,
      );
      expect(body(mismatch).error).toBe('PASSWORD_MISMATCH');
      const noReauth = await post(
        '/api/user/tradingPassword',
        user.token,
        { password: '111111', confirmPassword: '111111' },
        null,
      );
      expect(body(noReauth).error).toBe('REAUTH_REQUIRED');
      const letters = await post(
        '/api/user/tradingPassword',
        user.token,
        { password: 'abcdef', confirmPassword: 'abcdef', loginPassword: user.password },
        null,
      );
      expect(letters.statusCode).toBe(400);

      const attempt = (tradingPassword: string) =>
        post('/api/wallet/withdrawals', user.token, { cardId: user.cardId, amount: '60.00', tradingPassword });
      for (let i = 0; i < 4; i++) {
        t.clock.advance(1_001);
        expect(body(await attempt('000000')).error).toBe('TRADING_PASSWORD_WRONG');
      }
      t.clock.advance(1_001);
      expect(body(await attempt('000000')).error).toBe('TRADING_PASSWORD_LOCKED');
      t.clock.advance(1_001);
      expect(body(await attempt('135790')).error).toBe('TRADING_PASSWORD_LOCKED');
      expect((await assets(user.token)).frozen).toBe('0.00');
      t.clock.advance(15 * 60_000);
      expect((await attempt('135790')).statusCode).toBe(200);
    });

    it('stores a wrong password’s refusal as the answer: the same key replays it without counting again', async () => {
      const user = await fundedInvestor('500.00');
      t.clock.advance(1_001);
      const key = randomUUID();
      const wrong = { cardId: user.cardId, amount: '60.00', tradingPassword: '000000' };
      const first = await post('/api/wallet/withdrawals', user.token, wrong, key);
      expect(body(first).error).toBe('TRADING_PASSWORD_WRONG');
      // Four replays would lock the password if each were counted (five wrong entries lock it).
      for (let i = 0; i < 4; i++) {
        const replay = await post('/api/wallet/withdrawals', user.token, wrong, key);
        expect(replay.statusCode).toBe(422);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(replay.body).toBe(first.body);
      }
      t.clock.advance(1_001);
      const right = await post('/api/wallet/withdrawals', user.token, { ...wrong, tradingPassword: '135790' });
      expect(right.statusCode).toBe(200);
      expect((await assets(user.token)).frozen).toBe('60.00');
      await expectLedgerOk();
    });

    it('gives simultaneous withdrawals under one key one hold, and every answer the same', async () => {
      const user = await fundedInvestor('500.00');
      t.clock.advance(1_001);
      const key = randomUUID();
      const payload = { cardId: user.cardId, amount: '70.00', tradingPassword: '135790' };
      const results = await Promise.all([1, 2, 3].map(() => post('/api/wallet/withdrawals', user.token, payload, key)));
      const answered = results.filter((r) => r.statusCode === 200);
      expect(answered.length).toBeGreaterThanOrEqual(1);
      for (const r of answered) expect(r.body).toBe(answered[0]!.body);
      for (const r of results.filter((res) => res.statusCode !== 200)) expect(body(r).error).toBe('CONFLICT');
      expect(await assets(user.token)).toMatchObject({ frozen: '70.00', available: '430.00' });
      await expectLedgerOk();
    });
  });

  describe('withdrawals', () => {
    it('holds the amount, and an operator pays it: bank clearing gets it, the investor is told', async () => {
      const user = await fundedInvestor('1000.00');
      const res = await post('/api/wallet/withdrawals', user.token, {
        cardId: user.cardId,
        amount: '400.00',
        tradingPassword: '135790',
      });
      expect(res.statusCode).toBe(200);
      const w = body(res).data;
      expect(w).toMatchObject({ amount: '400.00', fee: '0.00', status: 'pending' });
      expect(await assets(user.token)).toMatchObject({
        cash: '1000.00',
        frozen: '400.00',
        available: '600.00',
        withdrawable: '600.00',
        totalAssets: '1000.00',
      });
      await expectLedgerOk();

      const fin = await operator(t, ['finance']);
      const queue = body(
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/withdrawals?status=pending',
          headers: { token: fin.token },
        }),
      ).data;
      expect(queue.items.find((i: { id: number }) => i.id === w.id)).toMatchObject({
        card: { ibanMasked: 'DE89 •••• 3000' },
      });
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${w.id}/pay`,
        headers: { token: fin.token },
      });
      expect(paid.statusCode).toBe(200);
      expect(await assets(user.token)).toMatchObject({ cash: '600.00', frozen: '0.00', totalAssets: '600.00' });
      // The payment is also in the investor's message centre, after the deposit's.
      const inbox = body(
        await t.app.inject({ method: 'GET', url: '/api/messages', headers: { token: user.token, lang: 'en' } }),
      ).data;
      expect(inbox.items.map((m: { title: string; body: string }) => [m.title, m.body])).toEqual([
        ['Deposits and withdrawals', 'Your withdrawal of 400.00 has been paid to your bank account.'],
        ['Deposits and withdrawals', '1000.00 has been credited to your cash.'],
      ]);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/admin/withdrawals/${w.id}/pay`,
            headers: { token: fin.token },
          })
        ).statusCode,
      ).toBe(409);
      const sms = await t.ctx.database.db
        .selectFrom('outbox')
        .select('template')
        .where('userId', '=', user.userId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(sms.template).toBe('notify.withdrawalPaid');
      const out = body(
        await t.app.inject({ method: 'GET', url: '/api/wallet/records?direction=out', headers: { token: user.token } }),
      ).data;
      expect(out[0]).toMatchObject({ type: 'withdrawal', status: 'paid', amount: '400.00' });
      await expectLedgerOk();
    });

    it('returns everything to cash when the operator rejects, with the reason', async () => {
      const user = await fundedInvestor('300.00');
      const w = body(
        await post('/api/wallet/withdrawals', user.token, {
          cardId: user.cardId,
          amount: '300.00',
          tradingPassword: '135790',
        }),
      ).data;
      const fin = await operator(t, ['finance']);
      const noReason = await t.app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${w.id}/reject`,
        headers: { token: fin.token },
        payload: {},
      });
      expect(noReason.statusCode).toBe(400);
      const rejected = await t.app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${w.id}/reject`,
        headers: { token: fin.token },
        payload: { reason: 'IBAN closed' },
      });
      expect(body(rejected).data).toMatchObject({ status: 'rejected', reason: 'IBAN closed' });
      expect(await assets(user.token)).toMatchObject({ available: '300.00', frozen: '0.00' });
      const support = await operator(t, ['support']);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/admin/withdrawals/${w.id}/pay`,
            headers: { token: support.token },
          })
        ).statusCode,
      ).toBe(403);
      await expectLedgerOk();
    });

    it('needs two different operators to pay a withdrawal at or above the four-eyes threshold', async () => {
      const admin = await operator(t, ['admin']);
      const setThreshold = (value: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/admin/settings',
          headers: { token: admin.token },
          payload: { fourEyesThreshold: value },
        });
      expect((await setThreshold('500.00')).statusCode).toBe(200);
      try {
        const user = await fundedInvestor('800.00');
        const big = body(
          await post('/api/wallet/withdrawals', user.token, {
            cardId: user.cardId,
            amount: '500.00',
            tradingPassword: '135790',
          }),
        ).data;
        const first = await operator(t, ['finance']);
        const second = await operator(t, ['finance']);
        const pay = (token: string) =>
          t.app.inject({ method: 'POST', url: `/api/admin/withdrawals/${big.id}/pay`, headers: { token } });
        const approved = body(await pay(first.token)).data;
        expect(approved).toMatchObject({ status: 'pending', approvals: 1, approvalsRequired: 2 });
        expect(await assets(user.token)).toMatchObject({ frozen: '500.00' });
        const again = await pay(first.token);
        expect(again.statusCode).toBe(409);
        expect(body(again).error).toBe('FOUR_EYES_REQUIRED');
        expect(body(await pay(second.token)).data).toMatchObject({
          status: 'paid',
          approvals: 2,
          approvalsRequired: 2,
        });
        expect(await assets(user.token)).toMatchObject({ frozen: '0.00', cash: '300.00' });
        const audit = body(
          await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { token: admin.token } }),
        ).data.items as Array<{ action: string; target: string; operator: string }>;
        const lines = audit.filter((a) => a.target === String(big.id)).map((a) => `${a.action} ${a.operator}`);
        expect(lines).toEqual([`withdrawal.pay ${second.username}`, `withdrawal.approve ${first.username}`]);

        // Below the threshold one operator suffices.
        const small = body(
          await post('/api/wallet/withdrawals', user.token, {
            cardId: user.cardId,
            amount: '100.00',
            tradingPassword: '135790',
          }),
        ).data;
        expect(
          body(
            await t.app.inject({
              method: 'POST',
              url: `/api/admin/withdrawals/${small.id}/pay`,
              headers: { token: first.token },
            }),
          ).data.status,
        ).toBe('paid');
        await expectLedgerOk();
      } finally {
        // Raising the threshold loosens four eyes: it takes effect once a second operator approves.
        const restore = body(await setThreshold('10000.00')).data;
        const other = await operator(t, ['finance']);
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/settings/changes/${restore.pendingChange.id}/approve`,
          headers: { token: other.token },
        });
      }
    });

    it('refuses bad withdrawals and changes nothing', async () => {
      const user = await fundedInvestor('200.00');
      const other = await fundedInvestor('200.00');
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [{ amount: '200.01' }, 422, 'AMOUNT_EXCEEDS_WITHDRAWABLE'],
        [{ amount: '0' }, 400, 'AMOUNT_NOT_POSITIVE'],
        [{ amount: '49.99' }, 422, 'AMOUNT_BELOW_MINIMUM'],
        [{ amount: 60 }, 400, 'VALIDATION_FAILED'],
        [{ cardId: other.cardId }, 404, 'CARD_NOT_FOUND'],
        [{ tradingPassword: '999999' }, 422, 'TRADING_PASSWORD_WRONG'],
        [{ tradingPassword: undefined }, 400, 'VALIDATION_FAILED'],
      ];
      for (const [change, status, error] of cases) {
        t.clock.advance(1_001);
        const res = await post('/api/wallet/withdrawals', user.token, {
          cardId: user.cardId,
          amount: '60.00',
          tradingPassword: '135790',
          ...change,
        });
        expect(res.statusCode, JSON.stringify(change)).toBe(status);
        expect(body(res).error).toBe(error);
      }
      expect(await assets(user.token)).toMatchObject({ available: '200.00', frozen: '0.00' });
      await expectLedgerOk();
    });
  });

  it('lets exactly one of 20 simultaneous withdrawals of the whole balance through', async () => {
    const racing = await createTestApp(dialect, {
      LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
      SANDBOX_WEBHOOK_DELAY_MS: '0',
      DUPLICATE_SUBMIT_WINDOW_MS: '0',
    });
    const saved = t;
    t = racing;
    try {
      const user = await fundedInvestor('500.00');
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          post('/api/wallet/withdrawals', user.token, {
            cardId: user.cardId,
            amount: '500.00',
            tradingPassword: '135790',
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(
        results
          .filter((r) => r.statusCode !== 200)
          .every((r) => ['AMOUNT_EXCEEDS_WITHDRAWABLE', 'INSUFFICIENT_FUNDS'].includes(body(r).error!)),
      ).toBe(true);
      expect(await assets(user.token)).toMatchObject({ available: '0.00', frozen: '500.00' });
      await expectLedgerOk();
    } finally {
      t = saved;
      await racing.close();
    }
  });
});
