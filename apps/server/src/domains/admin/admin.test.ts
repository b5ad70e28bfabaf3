import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  countRows,
  createTestApp,
  DIALECTS,
  investor,
  operator,
  register,
  totpNow,
  type TestApp,
} from '../../test/harness.ts';
import { createOperator } from './operators.service.ts';
import { fundedTrader } from '../../test/trading-fixture.ts';
import type { LedgerTotals } from '@bourse/shared/schemas/admin';

describe.each(DIALECTS)('operator console on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_PER_IP_PER_MINUTE: '100000' });
  });
  afterAll(async () => {
    await t.close();
  });

  const adminGet = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { token } });
  const adminPost = (url: string, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { token }, ...(payload ? { payload } : {}) });

  describe('sign-in with password and TOTP', () => {
    it('signs in with a current code, refuses a wrong code, a wrong password and a reused code alike', async () => {
      const { totpSecret } = await createOperator(t.ctx.database.db, {
        username: 'finance1',
        password: 'Finance123',
        roles: ['finance'],
        nowMs: t.clock.nowMs(),
      });
      const attempt = (password: string, totp: string) =>
        t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'finance1', password, totp } });

      const code = await totpNow(t, totpSecret);
      const wrongCode = code === '000000' ? '000001' : '000000';
      const badTotp = await attempt('Finance123', wrongCode);
      expect(badTotp.statusCode).toBe(401);
      expect(body(badTotp).error).toBe('TOTP_INVALID');
      const badPassword = await attempt('Wrong12345', code);
      expect(badPassword.body).toBe(badTotp.body);

      const ok = await attempt('Finance123', code);
      expect(ok.statusCode).toBe(200);
      expect(body(ok).data.operator).toMatchObject({ username: 'finance1', roles: ['finance'] });
      const reused = await attempt('Finance123', code);
      expect(body(reused).error).toBe('TOTP_INVALID');

      // The next period's code is accepted once the clock reaches it.
      t.clock.advance(30_000);
      expect((await attempt('Finance123', await totpNow(t, totpSecret))).statusCode).toBe(200);
    });

    it('refuses a malformed TOTP field with 400', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'x', password: 'y', totp: '12ab' },
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).error).toBe('VALIDATION_FAILED');
    });

    it('an investor token is not an operator token (401); a missing role is 403', async () => {
      const { token } = await investor(t);
      const res = await adminGet('/api/admin/invitations', token);
      expect(res.statusCode).toBe(401);
      expect(body(res).code).toBe(401);
      const support = await operator(t, ['support']);
      const audit = await adminGet('/api/admin/audit', support.token);
      expect(audit.statusCode).toBe(403);
      expect(body(audit).error).toBe('FORBIDDEN');
      expect((await adminGet('/api/admin/invitations', support.token)).statusCode).toBe(200);
    });

    it('logs out, after which the token is refused', async () => {
      const op = await operator(t, ['admin']);
      expect((await adminPost('/api/admin/logout', op.token)).statusCode).toBe(200);
      expect((await adminGet('/api/admin/me', op.token)).statusCode).toBe(401);
    });
  });

  describe('invitation codes', () => {
    it('creates random codes of at least 64 bits, counts uses, disables; each action is audited', async () => {
      const op = await operator(t, ['admin']);
      const auditBefore = await countRows(t, 'auditLog');
      const created = await adminPost('/api/admin/invitations', op.token, { note: 'spring campaign', maxUses: 2 });
      expect(created.statusCode).toBe(200);
      const inv = body(created).data;
      // 14 characters of a 32-letter alphabet: 70 bits.
      expect(inv.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{14}$/);
      expect(inv).toMatchObject({
        note: 'spring campaign',
        maxUses: 2,
        uses: 0,
        status: 'active',
        createdBy: op.username,
      });

      const other = body(await adminPost('/api/admin/invitations', op.token, {})).data;
      expect(other.code).not.toBe(inv.code);
      expect(other.maxUses).toBeNull();

      expect((await register(t, { inviteCode: inv.code })).response.statusCode).toBe(200);
      const list = body<{ items: Array<{ code: string }>; total: number }>(
        await adminGet('/api/admin/invitations?page=1&pageSize=50', op.token),
      ).data;
      expect(list.items.find((i) => i.code === inv.code)).toMatchObject({ uses: 1, maxUses: 2 });
      expect(list.total).toBeGreaterThanOrEqual(2);

      const disabled = await adminPost(`/api/admin/invitations/${inv.code}/disable`, op.token);
      expect(body(disabled).data.status).toBe('disabled');
      const twice = await adminPost(`/api/admin/invitations/${inv.code}/disable`, op.token);
      expect(twice.statusCode).toBe(409);
      expect(body(twice).error).toBe('INVITE_ALREADY_DISABLED');
      const missing = await adminPost('/api/admin/invitations/NOPE/disable', op.token);
      expect(missing.statusCode).toBe(404);
      expect((await register(t, { inviteCode: inv.code })).response.statusCode).toBe(422);

      expect(await countRows(t, 'auditLog')).toBe(auditBefore + 3);
      const audit = body<{ items: Array<{ action: string }> }>(await adminGet('/api/admin/audit', op.token)).data.items;
      expect(audit.slice(0, 3).map((a) => a.action)).toEqual([
        'invitation.disable',
        'invitation.create',
        'invitation.create',
      ]);
      expect(audit[2]).toMatchObject({
        operator: op.username,
        target: inv.code,
        details: { note: 'spring campaign', maxUses: 2 },
      });
    });

    it('refuses bad input and changes nothing', async () => {
      const op = await operator(t, ['admin']);
      const before = await countRows(t, 'invitations');
      for (const payload of [
        { maxUses: 0 },
        { maxUses: -1 },
        { maxUses: 1.5 },
        { maxUses: '3' },
        { note: 'x'.repeat(201) },
        { extra: 1 },
      ]) {
        const res = await adminPost('/api/admin/invitations', op.token, payload);
        expect(res.statusCode).toBe(400);
      }
      expect(await countRows(t, 'invitations')).toBe(before);
    });
  });

  it('gives the ledger totals by kind in one read (sum 0, no investor negative) to admin and finance only', async () => {
    const trader = await fundedTrader(t, '1234.56');
    const finance = await operator(t, ['finance']);
    const res = await adminGet('/api/admin/ledger/totals', finance.token);
    expect(res.statusCode, res.body).toBe(200);
    const totals = body<LedgerTotals>(res).data;
    expect(totals.totalMinor).toBe(0);
    expect(totals.negative).toEqual([]);
    const cash = totals.byKind.find((k) => k.kind === 'cash');
    const clearing = totals.byKind.find((k) => k.kind === 'bank_clearing');
    expect(cash).toMatchObject({ system: false });
    expect(cash!.balanceMinor).toBeGreaterThanOrEqual(123_456);
    expect(clearing).toMatchObject({ system: true, accounts: 1 });
    expect(clearing!.balanceMinor).toBe(-cash!.balanceMinor);
    expect(totals.accounts).toBe(totals.byKind.reduce((n, k) => n + k.accounts, 0));
    // The investors' accounts cannot go below zero (a CHECK on both dialects), so `negative` is the
    // reader's second line of defence; the sum moves with any posting that does not balance.
    await t.ctx.database.db
      .updateTable('ledgerAccounts')
      .set({ balanceMinor: clearing!.balanceMinor - 7 })
      .where('kind', '=', 'bank_clearing')
      .execute();
    expect(body<LedgerTotals>(await adminGet('/api/admin/ledger/totals', finance.token)).data.totalMinor).toBe(-7);
    await t.ctx.database.db
      .updateTable('ledgerAccounts')
      .set({ balanceMinor: clearing!.balanceMinor })
      .where('kind', '=', 'bank_clearing')
      .execute();
    const support = await operator(t, ['support']);
    expect((await adminGet('/api/admin/ledger/totals', support.token)).statusCode).toBe(403);
    const investorToken = trader.token;
    expect((await adminGet('/api/admin/ledger/totals', investorToken)).statusCode).toBe(401);
  });

  it('verifies the ledger for admin and finance operators, audited; support may not', async () => {
    const finance = await operator(t, ['finance']);
    const res = await adminPost('/api/admin/ledger/verify', finance.token);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ ok: true, problems: [] });
    const support = await operator(t, ['support']);
    expect((await adminPost('/api/admin/ledger/verify', support.token)).statusCode).toBe(403);
    const admin = await operator(t, ['admin']);
    const audit = body<{ items: Array<{ action: string; operator: string }> }>(
      await adminGet('/api/admin/audit', admin.token),
    ).data.items;
    expect(audit.find((a) => a.action === 'ledger.verify')).toMatchObject({ operator: finance.username });
  });

  it('keeps the audit log append-only in the database itself', async () => {
    await operator(t, ['admin']);
    await expect(sql`update audit_log set action = 'tampered'`.execute(t.ctx.database.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log`.execute(t.ctx.database.db)).rejects.toThrow(/append-only/);
  });

  it('lets operators read the notifier outbox', async () => {
    const { phone } = await investor(t);
    await t.app.inject({ method: 'POST', url: '/api/user/forgotPassword/code', payload: { phone } });
    const op = await operator(t, ['support']);
    const items = body(await adminGet('/api/admin/outbox', op.token)).data.items;
    expect(items[0]).toMatchObject({ channel: 'sms', recipient: phone, template: 'notify.resetCodeSms' });
  });

  it('moves the simulated clock for admins and audits it', async () => {
    const op = await operator(t, ['admin']);
    const before = t.clock.nowMs();
    const bad = await adminPost('/api/admin/clock/advance', op.token, { ms: -5 });
    expect(bad.statusCode).toBe(400);
    expect(t.clock.nowMs()).toBe(before);
    const res = await adminPost('/api/admin/clock/advance', op.token, { ms: 3_600_000 });
    expect(res.statusCode).toBe(200);
    expect(Date.parse(body(res).data.now)).toBe(before + 3_600_000);
    const audit = body(await adminGet('/api/admin/audit', op.token)).data.items[0];
    expect(audit).toMatchObject({ action: 'clock.advance', operator: op.username, details: { ms: 3_600_000 } });
  });

  it('requires an operator session on every /api/admin route but sign-in', async () => {
    const routes: Array<{ method: string; url: string }> = [];
    const probe = await createTestApp(dialect);
    try {
      for (const route of probe.app.apiRoutes) {
        if (!route.url.startsWith('/api/admin/') || route.url === '/api/admin/login') continue;
        expect(route.auth).toBe('operator');
        expect(route.roles.length).toBeGreaterThan(0);
        routes.push({ method: route.method, url: route.url.replace(/:\w+/g, 'X') });
      }
      expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
        'DELETE /api/admin/calendar/holidays/X',
        'DELETE /api/admin/news/X',
        'DELETE /api/admin/news/feeds/X',
        'DELETE /api/admin/support/canned/X',
        'GET /api/admin/announcements',
        'GET /api/admin/audit',
        'GET /api/admin/blocktrade/offers',
        'GET /api/admin/blocktrade/orders',
        'GET /api/admin/calendar/holidays',
        'GET /api/admin/closures',
        'GET /api/admin/exchanges',
        'GET /api/admin/fund/rates',
        'GET /api/admin/instruments',
        'GET /api/admin/instruments/X',
        'GET /api/admin/invitations',
        'GET /api/admin/ipo',
        'GET /api/admin/ipo/X',
        'GET /api/admin/ipo/X/results',
        'GET /api/admin/kyc',
        'GET /api/admin/kyc/X/images/X',
        'GET /api/admin/ledger/totals',
        'GET /api/admin/loans',
        'GET /api/admin/me',
        'GET /api/admin/members/rules',
        'GET /api/admin/members/tiers',
        'GET /api/admin/members/users/X',
        'GET /api/admin/news',
        'GET /api/admin/news/X',
        'GET /api/admin/news/feeds',
        'GET /api/admin/orders',
        'GET /api/admin/outbox',
        'GET /api/admin/payments',
        'GET /api/admin/settings',
        'GET /api/admin/settings/changes',
        'GET /api/admin/support/attachments/X',
        'GET /api/admin/support/canned',
        'GET /api/admin/support/conversations',
        'GET /api/admin/support/conversations/X',
        'GET /api/admin/users',
        'GET /api/admin/users/X',
        'GET /api/admin/users/X/messages',
        'GET /api/admin/users/X/positions',
        'GET /api/admin/withdrawals',
        'POST /api/admin/announcements',
        'POST /api/admin/announcements/audience',
        'POST /api/admin/blocktrade/offers',
        'POST /api/admin/blocktrade/offers/X/cancel',
        'POST /api/admin/blocktrade/orders/X/approve',
        'POST /api/admin/blocktrade/orders/X/reject',
        'POST /api/admin/calendar/holidays',
        'POST /api/admin/clock/advance',
        'POST /api/admin/closures/X/complete',
        'POST /api/admin/closures/X/reject',
        'POST /api/admin/fund/rates',
        'POST /api/admin/instruments',
        'POST /api/admin/instruments/X/import',
        'POST /api/admin/invitations',
        'POST /api/admin/invitations/X/disable',
        'POST /api/admin/ipo',
        'POST /api/admin/ipo/X/allocate',
        'POST /api/admin/ipo/X/cancel',
        'POST /api/admin/kyc/X/approve',
        'POST /api/admin/kyc/X/resubmit',
        'POST /api/admin/ledger/verify',
        'POST /api/admin/loans/X/pass',
        'POST /api/admin/loans/X/reject',
        'POST /api/admin/logout',
        'POST /api/admin/news',
        'POST /api/admin/news/X/publish',
        'POST /api/admin/news/X/unpublish',
        'POST /api/admin/news/feeds',
        'POST /api/admin/news/feeds/X/run',
        'POST /api/admin/news/preview',
        'POST /api/admin/settings/changes/X/approve',
        'POST /api/admin/settings/changes/X/reject',
        'POST /api/admin/support/canned',
        'POST /api/admin/support/conversations/X/assign',
        'POST /api/admin/support/conversations/X/attachments',
        'POST /api/admin/support/conversations/X/close',
        'POST /api/admin/support/conversations/X/messages',
        'POST /api/admin/support/conversations/X/read',
        'POST /api/admin/support/conversations/X/typing',
        'POST /api/admin/users/X/freeze',
        'POST /api/admin/users/X/unfreeze',
        'POST /api/admin/withdrawals/X/pay',
        'POST /api/admin/withdrawals/X/reject',
        'PUT /api/admin/blocktrade/offers/X',
        'PUT /api/admin/exchanges/X',
        'PUT /api/admin/instruments/X',
        'PUT /api/admin/ipo/X',
        'PUT /api/admin/members/rules/X',
        'PUT /api/admin/members/tiers',
        'PUT /api/admin/news/X',
        'PUT /api/admin/news/feeds/X',
        'PUT /api/admin/settings',
        'PUT /api/admin/support/canned/X',
      ]);
      for (const route of routes) {
        const res = await probe.app.inject({ method: route.method as 'GET', url: route.url, payload: {} });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    } finally {
      await probe.close();
    }
  });
});

describe('real clock', () => {
  it('has no clock to advance: 404', async () => {
    const t = await createTestApp('sqlite', { CLOCK_MODE: 'real' });
    try {
      // The harness always injects a simulated clock; swap in a real one before anything is signed in,
      // so the operator's session is made and checked on the same clock (not a fixed date's session
      // judged by today's time, which expired 8 hours after the harness's start date).
      const { SystemClock } = await import('../../platform/clock.ts');
      (t.ctx as { clock: unknown }).clock = new SystemClock();
      const op = await operator(t, ['admin']);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/clock/advance',
        headers: { token: op.token },
        payload: { ms: 1000 },
      });
      expect(res.statusCode).toBe(404);
      expect(body(res).error).toBe('CLOCK_NOT_SIMULATED');
    } finally {
      await t.close();
    }
  });
});
