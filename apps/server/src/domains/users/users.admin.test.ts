import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, DIALECTS, investor, operator, type TestApp } from '../../test/harness.ts';

describe.each(DIALECTS)('console users and settings on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_PER_IP_PER_MINUTE: '100000' });
  });
  afterAll(async () => {
    await t.close();
  });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: { token }, ...(payload ? { payload } : {}) });

  it('finds users by phone, with % and _ taken literally, and shows one in detail', async () => {
    const user = await investor(t);
    const support = await operator(t, ['support']);
    const found = body(
      await call('GET', `/api/admin/users?q=${encodeURIComponent(user.phone.slice(-6))}`, support.token),
    ).data;
    expect(found.items.map((u: { phone: string }) => u.phone)).toContain(user.phone);
    expect(body(await call('GET', '/api/admin/users?q=%25', support.token)).data.total).toBe(0);
    expect(body(await call('GET', '/api/admin/users?q=_', support.token)).data.total).toBe(0);
    const id = found.items.find((u: { phone: string }) => u.phone === user.phone).id;
    // The balances and sessions are for the roles that see investors' money (support: see below).
    const finance = await operator(t, ['finance']);
    const detail = body(await call('GET', `/api/admin/users/${id}`, finance.token)).data;
    expect(detail.user).toMatchObject({ phone: user.phone, status: 'active' });
    expect(detail.balances).toEqual({
      cash: '0.00',
      frozen: '0.00',
      fund: '0.00',
      fundPending: '0.00',
      redeemPending: '0.00',
      loan: '0.00',
    });
    expect(detail.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(detail)).not.toContain('passwordHash');
    expect((await call('GET', '/api/admin/users/999999', support.token)).statusCode).toBe(404);
  });

  it("shows support an investor's contact data only: no balances, entries, cards, lots, orders or session addresses", async () => {
    const user = await investor(t);
    const support = await operator(t, ['support']);
    const found = body(
      await call('GET', `/api/admin/users?q=${encodeURIComponent(user.phone.slice(-6))}`, support.token),
    ).data;
    const id: number = found.items.find((u: { phone: string }) => u.phone === user.phone).id;
    // Money in the account, so there is something not to show.
    await t.ctx.database.transaction((trx) =>
      t.ctx.ledger.post(trx, {
        idempotencyKey: `support-test:${id}`,
        kind: 'deposit',
        postings: [
          { account: { system: 'bank_clearing' }, amountMinor: -12_345 },
          { account: { userId: id, kind: 'cash' }, amountMinor: 12_345 },
        ],
      }),
    );

    const seen = await call('GET', `/api/admin/users/${id}`, support.token);
    expect(seen.statusCode).toBe(200);
    const contact = body(seen).data;
    expect(Object.keys(contact)).toEqual(['user']);
    expect(contact.user).toEqual({
      id,
      phone: user.phone,
      nickname: expect.any(String),
      kycStatus: 'none',
      status: 'active',
      level: expect.any(Number),
      creditPoints: expect.any(Number),
      createdAt: expect.any(String),
    });
    expect(seen.body).not.toContain('123.45');
    expect(seen.body).not.toContain('127.0.0.1');
    for (const url of [`/api/admin/users/${id}/positions`, `/api/admin/orders?userId=${id}`, '/api/admin/orders']) {
      const refused = await call('GET', url, support.token);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).not.toContain('123.45');
    }

    // The roles that deal with money keep the whole page; an operator with support and finance too.
    for (const roles of [['admin'], ['finance'], ['compliance'], ['support', 'finance']] as const) {
      const op = await operator(t, [...roles]);
      const full = body(await call('GET', `/api/admin/users/${id}`, op.token)).data;
      expect(Object.keys(full).sort(), roles.join()).toEqual(['balances', 'cards', 'entries', 'sessions', 'user']);
      expect(full.balances.cash).toBe('123.45');
      expect(full.entries).toHaveLength(1);
      expect(full.sessions[0].ip).toBe('127.0.0.1');
      expect((await call('GET', `/api/admin/users/${id}/positions`, op.token)).statusCode).toBe(200);
      expect((await call('GET', `/api/admin/orders?userId=${id}`, op.token)).statusCode).toBe(200);
    }
  });

  it('freezes with a reason (signing the user out) and unfreezes; only admin and compliance may', async () => {
    const user = await investor(t);
    const compliance = await operator(t, ['compliance']);
    const finance = await operator(t, ['finance']);
    const id = body(await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token: user.token } })).data
      .id;
    expect((await call('POST', `/api/admin/users/${id}/freeze`, finance.token, { reason: 'x' })).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/users/${id}/freeze`, compliance.token, {})).statusCode).toBe(400);
    const frozen = await call('POST', `/api/admin/users/${id}/freeze`, compliance.token, {
      reason: 'court order 12/26',
    });
    expect(body(frozen).data.status).toBe('frozen');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token: user.token } })).statusCode,
    ).toBe(401);
    expect(
      (await call('POST', `/api/admin/users/${id}/freeze`, compliance.token, { reason: 'again' })).statusCode,
    ).toBe(409);
    expect(
      body(await call('POST', `/api/admin/users/${id}/unfreeze`, compliance.token, { reason: 'order lifted' })).data
        .status,
    ).toBe('active');
    const admin = await operator(t, ['admin']);
    const audit = body(await call('GET', '/api/admin/audit', admin.token)).data.items as Array<{
      action: string;
      target: string;
    }>;
    expect(audit.filter((a) => a.action.startsWith('user.') && a.target === String(id)).map((a) => a.action)).toEqual([
      'user.unfreeze',
      'user.freeze',
    ]);
  });

  it('reads and updates fee and limit settings with validation, audited with before and after', async () => {
    const fin = await operator(t, ['finance']);
    const before = body(await call('GET', '/api/admin/settings', fin.token)).data;
    expect(before.minDeposit).toBe('100.00');
    for (const bad of [
      { minDeposit: 100 },
      { minDeposit: '-1' },
      { commissionRate: '1.5' },
      { commissionRate: '0.1234567' },
      { unknown: '1' },
    ]) {
      expect((await call('PUT', '/api/admin/settings', fin.token, bad)).statusCode).toBe(400);
    }
    const updated = await call('PUT', '/api/admin/settings', fin.token, { minDeposit: '50.00', withdrawalFee: '1.50' });
    expect(body(updated).data).toMatchObject({
      minDeposit: '50.00',
      withdrawalFee: '1.50',
      minWithdrawal: before.minWithdrawal,
    });
    expect(body(await t.app.inject({ method: 'GET', url: '/api/stock/getconfig' })).data.minDeposit).toBe('50.00');
    const admin = await operator(t, ['admin']);
    const items = body(await call('GET', '/api/admin/audit', admin.token)).data.items as Array<{ action: string }>;
    expect(items.find((a) => a.action === 'settings.update')).toMatchObject({
      action: 'settings.update',
      details: { minDeposit: { from: '100.00', to: '50.00' } },
    });
    const support = await operator(t, ['support']);
    expect((await call('PUT', '/api/admin/settings', support.token, { minDeposit: '1.00' })).statusCode).toBe(403);
  });
});
