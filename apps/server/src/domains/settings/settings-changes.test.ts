import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerOk } from '../../test/expect-ledger.ts';
import { body, createTestApp, DIALECTS, investor, operator, type TestApp } from '../../test/harness.ts';
import { uniqueTestIban } from '../../test/ibans.ts';
import { loosens } from './settings-changes.service.ts';

describe('which settings changes loosen a money control', () => {
  it.each([
    ['fourEyesThreshold', '10000.00', '20000.00', true],
    ['fourEyesThreshold', '10000.00', '0.00', true], // 0 switches four eyes off
    ['fourEyesThreshold', '0.00', '10000.00', false],
    ['fourEyesThreshold', '10000.00', '500.00', false],
    ['withdrawalFee', '1.50', '1.00', true],
    ['withdrawalFee', '1.00', '1.50', false],
    ['minWithdrawal', '50.00', '10.00', true],
    ['commissionRate', '0.0025', '0.002', true],
    ['commissionRate', '0.0025', '0.003', false],
    ['commissionMin', '5.00', '4.99', true],
    ['transactionFeeRate', '0.0001', '0.00005', true],
    ['stampDutyRate', '0.0010', '0', true],
    ['stampDutyRate', '0.0010', '0.001', false], // the same rate spelled differently
    ['maxDeposit', '50000.00', '50000.01', true],
    ['maxDeposit', '50000.00', '40000.00', false],
    ['maxDepositsPerDay', '100000.00', '200000.00', true],
    ['minDeposit', '100.00', '50.00', false], // money coming in: no control
    ['minTransfer', '100.00', '1.00', false],
    ['tPlusOne', 'true', 'false', false], // the exchange's settlement rule
    ['loanLimitLevel1', '5000.00', '5000.01', true], // more lent to an investor of a level
    ['loanLimitLevel5', '100000.00', '50000.00', false],
    ['loanAnnualRate', '8.00', '6.00', false], // the price of a loan, fixed on each when passed
    ['loanTermsDays', '30,90', '30,90,365', false],
  ] as const)('%s %s → %s loosens: %s', (key, from, to, expected) => {
    expect(loosens(key, from, to)).toBe(expected);
  });
});

describe.each(DIALECTS)('settings changes need a second operator when they loosen a money control (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_PER_IP_PER_MINUTE: '100000', SANDBOX_WEBHOOK_DELAY_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  type Op = Awaited<ReturnType<typeof operator>>;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: { token }, ...(payload ? { payload } : {}) });
  const putSettings = (op: Op, payload: Record<string, string>) =>
    call('PUT', '/api/admin/settings', op.token, payload);
  const settings = async (op: Op) => body(await call('GET', '/api/admin/settings', op.token)).data;
  const decide = (op: Op, id: number, decision: 'approve' | 'reject', payload?: object) =>
    call('POST', `/api/admin/settings/changes/${id}/${decision}`, op.token, payload);
  const audit = async (target: string) => {
    const admin = await operator(t, ['admin']);
    const items = body(await call('GET', '/api/admin/audit?pageSize=200', admin.token)).data.items as Array<{
      action: string;
      operator: string;
      target: string | null;
      details: Record<string, unknown> | null;
    }>;
    return items.filter((item) => item.action.startsWith('settings.') && item.target === target);
  };
  /** Puts the threshold back to its default through two operators, whatever it is now. */
  async function resetThreshold() {
    const [a, b] = [await operator(t, ['finance']), await operator(t, ['finance'])];
    const res = body(await putSettings(a, { fourEyesThreshold: '10000.00' })).data;
    if (res.pendingChange) expect((await decide(b, res.pendingChange.id, 'approve')).statusCode).toBe(200);
    expect((await settings(a)).fourEyesThreshold).toBe('10000.00');
  }

  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { token, 'idempotency-key': randomUUID() }, payload });
  /** An investor with cash (deposited through the sandbox), a bound card and a trading password. */
  async function fundedInvestor(amount: string) {
    const user = await investor(t);
    const created = await post('/api/wallet/deposits', user.token, { amount, method: 'quick' });
    expect(created.statusCode).toBe(200);
    const reference = String(body(created).data.checkoutUrl).split('/').pop();
    await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/approve` });
    await t.ctx.sandbox!.flush();
    const userId = body(await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token: user.token } }))
      .data.id as number;
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
    const tp = await t.app.inject({
      method: 'POST',
      url: '/api/user/tradingPassword',
      headers: { token: user.token },
      payload: { password: '135790', confirmPassword: '135790', loginPassword: user.password },
    });
    expect(tp.statusCode).toBe(200);
    return { ...user, cardId: Number(card.id) };
  }
  async function withdraw(user: { token: string; cardId: number }, amount: string) {
    t.clock.advance(1_001); // past the duplicate-submit window
    const res = await post('/api/wallet/withdrawals', user.token, {
      cardId: user.cardId,
      amount,
      tradingPassword: '135790',
    });
    expect(res.statusCode).toBe(200);
    return body(res).data as { id: number };
  }
  const pay = (op: Op, id: number) => call('POST', `/api/admin/withdrawals/${id}/pay`, op.token);

  it('the bypass from the review: one operator raises the threshold, then cannot pay 10,500.00 alone', async () => {
    const alone = await operator(t, ['finance']);
    const raised = await putSettings(alone, { fourEyesThreshold: '20000.00' });
    expect(raised.statusCode).toBe(200);
    const answer = body(raised).data;
    // Not in force: the answer says it waits for a second operator.
    expect(answer.fourEyesThreshold).toBe('10000.00');
    expect(answer.pendingChange).toMatchObject({
      status: 'pending',
      proposedBy: alone.username,
      changes: [{ key: 'fourEyesThreshold', from: '10000.00', to: '20000.00' }],
      decidedBy: null,
    });
    expect((await settings(alone)).fourEyesThreshold).toBe('10000.00');

    const user = await fundedInvestor('11000.00');
    const big = await withdraw(user, '10500.00');
    expect(body(await pay(alone, big.id)).data).toMatchObject({
      status: 'pending',
      approvals: 1,
      approvalsRequired: 2,
    });
    const again = await pay(alone, big.id);
    expect(again.statusCode).toBe(409);
    expect(body(again).error).toBe('FOUR_EYES_REQUIRED');
    // Nor can the proposer approve their own change.
    const self = await decide(alone, answer.pendingChange.id, 'approve');
    expect(self.statusCode).toBe(409);
    expect(body(self).error).toBe('SETTINGS_CHANGE_SELF_APPROVAL');
    expect((await settings(alone)).fourEyesThreshold).toBe('10000.00');
    const [proposed] = await audit(String(answer.pendingChange.id));
    expect(proposed).toMatchObject({
      action: 'settings.change.propose',
      operator: alone.username,
      details: { fourEyesThreshold: { from: '10000.00', to: '20000.00' } },
    });
    // The withdrawal is still held, and a second operator pays it.
    const second = await operator(t, ['finance']);
    expect(body(await pay(second, big.id)).data).toMatchObject({ status: 'paid', approvals: 2, approvalsRequired: 2 });
    // Left pending: reject it so the next tests start from the default.
    expect((await decide(second, answer.pendingChange.id, 'reject', { reason: 'not agreed' })).statusCode).toBe(200);
    await expectLedgerOk(t);
  });

  it('keeps the approvals a withdrawal required when it was requested; a second operator’s approval applies the change', async () => {
    const first = await operator(t, ['finance']);
    const second = await operator(t, ['admin']);
    const user = await fundedInvestor('22000.00');
    const before = await withdraw(user, '10500.00');

    const proposed = body(await putSettings(first, { fourEyesThreshold: '20000.00' })).data.pendingChange;
    const listed = body(await call('GET', '/api/admin/settings/changes?status=pending', second.token)).data;
    expect(listed.items.map((c: { id: number }) => c.id)).toContain(proposed.id);
    const approved = await decide(second, proposed.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(body(approved).data).toMatchObject({
      status: 'approved',
      proposedBy: first.username,
      decidedBy: second.username,
    });
    expect((await settings(first)).fourEyesThreshold).toBe('20000.00');
    expect((await audit(String(proposed.id))).map((line) => `${line.action} ${line.operator}`)).toEqual([
      `settings.change.approve ${second.username}`,
      `settings.change.propose ${first.username}`,
    ]);

    try {
      // Requested under the old threshold: still two operators.
      expect(body(await pay(first, before.id)).data).toMatchObject({ status: 'pending', approvalsRequired: 2 });
      expect((await pay(first, before.id)).statusCode).toBe(409);
      // Requested under the new one: one operator suffices.
      const after = await withdraw(user, '10500.00');
      expect(body(await pay(first, after.id)).data).toMatchObject({ status: 'paid', approvalsRequired: 1 });
      expect(body(await pay(second, before.id)).data).toMatchObject({ status: 'paid', approvals: 2 });
      // Decided once only.
      const twice = await decide(second, proposed.id, 'approve');
      expect(twice.statusCode).toBe(409);
      expect(body(twice).error).toBe('SETTINGS_CHANGE_NOT_PENDING');
      await expectLedgerOk(t);
    } finally {
      await resetThreshold();
    }
  });

  it('applies tightening at once and holds only the loosening part of a mixed change', async () => {
    const fin = await operator(t, ['finance']);
    const other = await operator(t, ['finance']);
    const tight = await putSettings(fin, { withdrawalFee: '2.00', commissionRate: '0.003', maxDeposit: '40000.00' });
    expect(body(tight).data).toMatchObject({
      withdrawalFee: '2.00',
      commissionRate: '0.003',
      maxDeposit: '40000.00',
      pendingChange: null,
    });
    const mixed = body(
      await putSettings(fin, { withdrawalFee: '3.00', commissionRate: '0.001', minDeposit: '20.00' }),
    ).data;
    expect(mixed).toMatchObject({ withdrawalFee: '3.00', commissionRate: '0.003', minDeposit: '20.00' });
    expect(mixed.pendingChange.changes).toEqual([{ key: 'commissionRate', from: '0.003', to: '0.001' }]);
    const updates = (await audit(null as unknown as string)).filter((line) => line.action === 'settings.update');
    expect(updates[0]).toMatchObject({
      operator: fin.username,
      details: { withdrawalFee: { from: '2.00', to: '3.00' }, minDeposit: { from: '100.00', to: '20.00' } },
    });
    expect(updates[0]!.details).not.toHaveProperty('commissionRate');

    // A rejection keeps the settings; the reason is recorded.
    const rejected = await decide(other, mixed.pendingChange.id, 'reject', { reason: 'too cheap' });
    expect(body(rejected).data).toMatchObject({ status: 'rejected', decidedBy: other.username, reason: 'too cheap' });
    expect((await settings(fin)).commissionRate).toBe('0.003');
    expect((await audit(String(mixed.pendingChange.id)))[0]).toMatchObject({
      action: 'settings.change.reject',
      operator: other.username,
      details: { reason: 'too cheap', changes: { commissionRate: { from: '0.003', to: '0.001' } } },
    });

    // Put everything back: the loosening parts through a second operator.
    const back = body(
      await putSettings(fin, {
        withdrawalFee: '0.00',
        commissionRate: '0.0025',
        maxDeposit: '50000.00',
        minDeposit: '100.00',
      }),
    ).data;
    expect((await decide(other, back.pendingChange.id, 'approve')).statusCode).toBe(200);
    expect(await settings(fin)).toMatchObject({
      withdrawalFee: '0.00',
      commissionRate: '0.0025',
      maxDeposit: '50000.00',
      minDeposit: '100.00',
    });
  });

  it('refuses a change that no longer matches the settings, and operators without the role', async () => {
    const a = await operator(t, ['finance']);
    const b = await operator(t, ['finance']);
    const one = body(await putSettings(a, { stampDutyRate: '0.0005' })).data.pendingChange;
    const two = body(await putSettings(a, { stampDutyRate: '0.0002' })).data.pendingChange;
    expect((await decide(b, one.id, 'approve')).statusCode).toBe(200);
    const stale = await decide(b, two.id, 'approve');
    expect(stale.statusCode).toBe(409);
    expect(body(stale).error).toBe('SETTINGS_CHANGE_STALE');
    expect((await settings(a)).stampDutyRate).toBe('0.0005');
    expect((await decide(a, two.id, 'reject')).statusCode).toBe(200); // the proposer may withdraw their own
    const support = await operator(t, ['support']);
    expect((await call('GET', '/api/admin/settings/changes', support.token)).statusCode).toBe(403);
    expect((await decide(support, two.id, 'approve')).statusCode).toBe(403);
    expect((await decide(b, 999_999, 'approve')).statusCode).toBe(404);
    // Back to the default (raising a tax rate tightens: at once).
    expect(body(await putSettings(a, { stampDutyRate: '0.0010' })).data.pendingChange).toBeNull();
  });
});
