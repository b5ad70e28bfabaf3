import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerOk } from '../../test/expect-ledger.ts';
import {
  body,
  createTestApp,
  DIALECTS,
  investor,
  operator,
  verifiedInvestor,
  type TestApp,
} from '../../test/harness.ts';
import { fundCash } from '../../test/trading-fixture.ts';
import { awardCreditPoints } from './members.service.ts';

/**
 * Credit points and member level through the API, once per dialect: the rules awarding and deducting
 * once per event, inactive rules, the KYC and first-deposit hooks, the end-of-day level review with
 * its notification, the console's rules and tiers with every bad input refused (nothing changed).
 */
const ENV = {
  LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
  SESSION_TTL_HOURS: '2000',
  DUPLICATE_SUBMIT_WINDOW_MS: '0',
  SANDBOX_WEBHOOK_DELAY_MS: '0',
  PAYMENT_WEBHOOK_SECRET: 'test-webhook-secret-of-at-least-32-characters',
  MARKET_BACKFILL_DAYS: '0',
  MARKET_BACKFILL_INTRADAY_DAYS: '0',
};
const DAY = 86_400_000;

for (const dialect of DIALECTS) {
  describe(`credit points and member level (${dialect})`, () => {
    let t: TestApp;
    let admin: { token: string };
    let support: { token: string };

    beforeAll(async () => {
      t = await createTestApp(dialect, ENV);
      admin = await operator(t, ['admin']);
      support = await operator(t, ['support']);
      // The first review (of the day before the harness's start) runs now, before any scenario.
      await t.ctx.jobs.runDue();
    }, 60_000);
    afterAll(async () => {
      await t.close();
    });

    const db = () => t.ctx.database.db;
    const get = async (token: string, url: string, lang = 'en') =>
      t.app.inject({ method: 'GET', url, headers: { token, lang } });
    const put = (token: string, url: string, payload: unknown, lang = 'en') =>
      t.app.inject({ method: 'PUT', url, headers: { token, lang }, payload: payload as object });
    const userIdOf = async (token: string) => body<{ id: number }>(await get(token, '/api/user/info')).data.id;
    const pointsOf = async (userId: number) =>
      Number(
        (await db().selectFrom('users').select('creditPoints').where('id', '=', userId).executeTakeFirstOrThrow())
          .creditPoints,
      );
    const levelOf = async (userId: number) =>
      Number((await db().selectFrom('users').select('level').where('id', '=', userId).executeTakeFirstOrThrow()).level);
    const events = (userId: number) =>
      db().selectFrom('creditPointEvents').selectAll().where('userId', '=', userId).orderBy('id').execute();
    const levelMessages = (userId: number) =>
      db()
        .selectFrom('outbox')
        .select(['params', 'body'])
        .where('userId', '=', userId)
        .where('template', '=', 'notify.memberLevelChanged')
        .orderBy('id')
        .execute();
    async function count(table: 'auditLog' | 'creditPointEvents' | 'memberLevelChanges' | 'outbox') {
      const row = await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
    const award = (userId: number, rule: Parameters<typeof awardCreditPoints>[1]['rule'], reference: string) =>
      t.ctx.database.transaction((trx) => awardCreditPoints(trx, { userId, rule, reference, nowMs: t.clock.nowMs() }));
    async function setRule(code: string, patch: Record<string, unknown>) {
      const res = await put(admin.token, `/api/admin/members/rules/${code}`, patch);
      expect(res.statusCode, res.body).toBe(200);
      return body(res).data;
    }

    /** Deposits through the sandbox checkout: create, approve on the provider's page, webhook. */
    async function deposit(token: string, amount: string) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/wallet/deposits',
        headers: { token, 'idempotency-key': randomUUID() },
        payload: { amount, method: 'quick' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const reference = String(body(res).data.checkoutUrl).split('/').pop();
      const approved = await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/approve` });
      expect(approved.statusCode).toBe(200);
      await t.ctx.sandbox!.flush();
    }

    describe('points', () => {
      it('identity approval awards identity_verified once, in the approval’s transaction', async () => {
        const user = await verifiedInvestor(t, 'Erika Mustermann');
        expect(await pointsOf(user.userId)).toBe(100);
        const [event] = await events(user.userId);
        expect(event).toMatchObject({
          ruleCode: 'identity_verified',
          points: 100,
          balanceAfter: 100,
          reference: 'once',
        });
        expect(event?.source).toMatch(/^kyc:\d+$/);
        // Offered again with another reference: the rule counts once per investor.
        expect(await award(user.userId, 'identity_verified', 'kyc:999')).toMatchObject({
          awarded: false,
          skipped: 'duplicate',
          creditPoints: 100,
        });
        expect(await pointsOf(user.userId)).toBe(100);
        const info = body(await get(user.token, '/api/user/info')).data;
        expect(info.creditPoints).toBe(100);
      });

      it('the first deposit earns first_deposit; the second deposit earns nothing; the ledger verifies', async () => {
        const user = await investor(t);
        const userId = await userIdOf(user.token);
        await deposit(user.token, '500.00');
        expect(await pointsOf(userId)).toBe(100);
        expect((await events(userId)).map((e) => [e.ruleCode, e.points, e.source?.startsWith('payment:')])).toEqual([
          ['first_deposit', 100, true],
        ]);
        await deposit(user.token, '700.00');
        expect(await pointsOf(userId)).toBe(100);
        expect(await events(userId)).toHaveLength(1);
        const assets = body(await get(user.token, '/api/user/assets')).data;
        expect(assets).toMatchObject({ cash: '1200.00', creditPoints: 100 });
        await expectLedgerOk(t);
      });

      it('loan rules count once per reference; a deduction stops at zero and records what it took', async () => {
        const user = await investor(t);
        const userId = await userIdOf(user.token);
        // 50 for an on-time repayment, once per loan.
        expect(await award(userId, 'loan_repaid_on_time', 'loan:1')).toEqual({
          awarded: true,
          points: 50,
          creditPoints: 50,
        });
        expect(await award(userId, 'loan_repaid_on_time', 'loan:1')).toMatchObject({
          awarded: false,
          skipped: 'duplicate',
        });
        expect(await award(userId, 'loan_repaid_on_time', 'loan:2')).toEqual({
          awarded: true,
          points: 50,
          creditPoints: 100,
        });
        // −100 for a late one: 100 − 100 = 0.
        expect(await award(userId, 'loan_repaid_late', 'loan:3')).toEqual({
          awarded: true,
          points: -100,
          creditPoints: 0,
        });
        // Another late repayment with nothing left: the event is kept with 0 applied, the total stays 0.
        expect(await award(userId, 'loan_repaid_late', 'loan:4')).toEqual({
          awarded: true,
          points: 0,
          creditPoints: 0,
        });
        await award(userId, 'loan_repaid_on_time', 'loan:5');
        // 50 left; a late repayment takes only those 50.
        expect(await award(userId, 'loan_repaid_late', 'loan:6')).toEqual({
          awarded: true,
          points: -50,
          creditPoints: 0,
        });
        expect((await events(userId)).map((e) => [e.ruleCode, e.points, e.balanceAfter])).toEqual([
          ['loan_repaid_on_time', 50, 50],
          ['loan_repaid_on_time', 50, 100],
          ['loan_repaid_late', -100, 0],
          ['loan_repaid_late', 0, 0],
          ['loan_repaid_on_time', 50, 50],
          ['loan_repaid_late', -50, 0],
        ]);

        // The investor's history: newest first, paged.
        const page1 = body(await get(user.token, '/api/members/points?page=1&pageSize=4')).data;
        expect(page1.total).toBe(6);
        expect(page1.items.map((e: { rule: string; points: number }) => [e.rule, e.points])).toEqual([
          ['loan_repaid_late', -50],
          ['loan_repaid_on_time', 50],
          ['loan_repaid_late', 0],
          ['loan_repaid_late', -100],
        ]);
        const page2 = body(await get(user.token, '/api/members/points?page=2&pageSize=4')).data;
        expect(page2.items).toHaveLength(2);
        // Another investor sees none of them.
        const other = await investor(t);
        expect(body(await get(other.token, '/api/members/points')).data).toMatchObject({ items: [], total: 0 });
      });

      it('two first deposits racing each other award first_deposit once', async () => {
        const user = await investor(t);
        const userId = await userIdOf(user.token);
        const results = await Promise.all(
          ['payment:race-a', 'payment:race-b', 'payment:race-c'].map((reference) =>
            award(userId, 'first_deposit', reference),
          ),
        );
        expect(results.filter((result) => result.awarded)).toHaveLength(1);
        expect(await pointsOf(userId)).toBe(100);
        expect(await events(userId)).toHaveLength(1);
      });

      it('an inactive rule awards nothing, not even later under the same reference once active again', async () => {
        const user = await investor(t);
        const userId = await userIdOf(user.token);
        await setRule('first_deposit', { active: false });
        await deposit(user.token, '300.00');
        expect(await pointsOf(userId)).toBe(0);
        expect(await events(userId)).toEqual([]);
        await setRule('first_deposit', { active: true });
        // The second deposit is not the first: nothing, even with the rule active again.
        await deposit(user.token, '400.00');
        expect(await pointsOf(userId)).toBe(0);
        // An edited rule awards its new points.
        await setRule('loan_repaid_on_time', { points: 75 });
        expect(await award(userId, 'loan_repaid_on_time', 'loan:9')).toEqual({
          awarded: true,
          points: 75,
          creditPoints: 75,
        });
        await setRule('loan_repaid_on_time', { points: 50 });
        await expectLedgerOk(t);
      });
    });

    describe('the console', () => {
      it('lists the seeded rules and tiers', async () => {
        const rules = body(await get(admin.token, '/api/admin/members/rules')).data;
        expect(rules.map((r: { code: string; deducts: boolean }) => [r.code, r.deducts])).toEqual([
          ['first_deposit', false],
          ['identity_verified', false],
          ['loan_repaid_late', true],
          ['loan_repaid_on_time', false],
        ]);
        const tiers = body(await get(admin.token, '/api/admin/members/tiers')).data;
        expect(tiers.map((tier: { minTotalAssets: string }) => tier.minTotalAssets)).toEqual([
          '0.00',
          '10000.00',
          '50000.00',
          '200000.00',
          '1000000.00',
        ]);
        expect((await get(support.token, '/api/admin/members/rules')).statusCode).toBe(403);
      });

      it('edits a rule, audited with what changed; an edit that changes nothing writes nothing', async () => {
        const audits = await count('auditLog');
        const rule = await setRule('identity_verified', { points: 120 });
        expect(rule).toMatchObject({ code: 'identity_verified', points: 120, active: true });
        expect(rule.updatedBy).toMatch(/^op_/);
        const line = await db()
          .selectFrom('auditLog')
          .selectAll()
          .where('action', '=', 'members.rule.update')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(JSON.parse(line.details!)).toEqual({ changes: { points: { from: 100, to: 120 } } });
        expect(await count('auditLog')).toBe(audits + 1);
        await setRule('identity_verified', { points: 120 });
        expect(await count('auditLog')).toBe(audits + 1);
        await setRule('identity_verified', { points: 100 });
      });

      it('refuses bad rule edits with a localized reason and changes nothing', async () => {
        const audits = await count('auditLog');
        const before = body(await get(admin.token, '/api/admin/members/rules')).data;
        const cases: Array<[string, unknown, number, string]> = [
          ['no_such_rule', { points: 10 }, 404, 'MEMBER_RULE_NOT_FOUND'],
          ['first_deposit', { points: 1.5 }, 400, 'MEMBER_RULE_POINTS_INVALID'],
          ['first_deposit', { points: 0 }, 400, 'MEMBER_RULE_POINTS_INVALID'],
          ['first_deposit', { points: -10 }, 400, 'MEMBER_RULE_POINTS_INVALID'],
          ['first_deposit', { points: 10_001 }, 400, 'MEMBER_RULE_POINTS_INVALID'],
          ['loan_repaid_late', { points: 10 }, 400, 'MEMBER_RULE_POINTS_INVALID'],
          ['first_deposit', { points: '10' }, 400, 'VALIDATION_FAILED'],
          ['first_deposit', { points: 10, extra: 1 }, 400, 'UNKNOWN_FIELD'],
        ];
        for (const [code, patch, status, error] of cases) {
          const res = await put(admin.token, `/api/admin/members/rules/${code}`, patch);
          expect([res.statusCode, body(res).error], `${code} ${JSON.stringify(patch)}`).toEqual([status, error]);
        }
        const german = await put(admin.token, '/api/admin/members/rules/loan_repaid_late', { points: 5 }, 'de');
        expect(body(german).msg).toBe('Die Punkte dieser Regel müssen eine ganze Zahl von -10000 bis -1 sein.');
        const english = await put(admin.token, '/api/admin/members/rules/first_deposit', { points: 0.5 });
        expect(body(english).msg).toBe('Points for this rule must be a whole number from 1 to 10000.');
        expect(body(await get(admin.token, '/api/admin/members/rules')).data).toEqual(before);
        expect(await count('auditLog')).toBe(audits);
        // Support may not change rules.
        expect((await put(support.token, '/api/admin/members/rules/first_deposit', { points: 10 })).statusCode).toBe(
          403,
        );
      });

      it('edits the tiers, audited; refuses tiers that are not five increasing amounts from 0.00', async () => {
        const tiers = (minimums: string[]) => ({
          tiers: minimums.map((minTotalAssets, index) => ({ level: index + 1, minTotalAssets })),
        });
        const before = body(await get(admin.token, '/api/admin/members/tiers')).data;
        const audits = await count('auditLog');
        const bad: unknown[] = [
          tiers(['0.00', '10000.00', '10000.00', '200000.00', '1000000.00']), // not increasing
          tiers(['0.00', '50000.00', '10000.00', '200000.00', '1000000.00']), // decreasing
          tiers(['1.00', '10000.00', '50000.00', '200000.00', '1000000.00']), // level 1 above 0
          tiers(['0.00', '10000.00', '50000.00', '200000.00']), // four levels
          tiers(['0.00', '10000.001', '50000.00', '200000.00', '1000000.00']), // over-precise
          tiers(['0.00', '1e20', '50000.00', '200000.00', '1000000.00']), // absurd
          tiers(['0.00', '-10.00', '50000.00', '200000.00', '1000000.00']), // negative
          { tiers: [1, 2, 3, 4, 6].map((level) => ({ level, minTotalAssets: `${level * 1000}.00` })) }, // level 6
          { tiers: [1, 2, 2, 4, 5].map((level) => ({ level, minTotalAssets: `${level * 1000}.00` })) }, // level twice
        ];
        for (const payload of bad) {
          const res = await put(admin.token, '/api/admin/members/tiers', payload);
          expect([res.statusCode, body(res).error], JSON.stringify(payload)).toEqual([400, 'MEMBER_TIERS_INVALID']);
        }
        const french = await put(admin.token, '/api/admin/members/tiers', bad[0], 'fr');
        expect(body(french).msg).toContain('niveaux 1 à 5');
        expect(body(await get(admin.token, '/api/admin/members/tiers')).data).toEqual(before);
        expect(await count('auditLog')).toBe(audits);

        const res = await put(
          admin.token,
          '/api/admin/members/tiers',
          tiers(['0.00', '5000.00', '50000.00', '200000.00', '1000000.00']),
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(body(res).data[1]).toMatchObject({ level: 2, minTotalAssets: '5000.00' });
        const line = await db()
          .selectFrom('auditLog')
          .selectAll()
          .where('action', '=', 'members.tiers.update')
          .executeTakeFirstOrThrow();
        expect(JSON.parse(line.details!)).toEqual({ changes: { level2: { from: '10000.00', to: '5000.00' } } });
        // Restore.
        await put(
          admin.token,
          '/api/admin/members/tiers',
          tiers(['0.00', '10000.00', '50000.00', '200000.00', '1000000.00']),
        );
      });

      it('shows an investor’s points and level history on the user page', async () => {
        const user = await verifiedInvestor(t, 'Max Mustermann');
        const res = await get(admin.token, `/api/admin/members/users/${user.userId}`);
        expect(res.statusCode).toBe(200);
        expect(body(res).data).toMatchObject({
          userId: user.userId,
          creditPoints: 100,
          level: 1,
          points: [{ rule: 'identity_verified', points: 100, balanceAfter: 100 }],
          levels: [],
        });
        expect((await get(admin.token, '/api/admin/members/users/999999')).statusCode).toBe(404);
        expect((await get(support.token, `/api/admin/members/users/${user.userId}`)).statusCode).toBe(403);
        expect((await get(user.token, '/api/admin/members/rules')).statusCode).toBe(401);
      });
    });
    describe('levels', () => {
      it('reviews more investors than one batch holds (1,100 at 500 a batch)', async () => {
        const nowMs = t.clock.nowMs();
        const rows = Array.from({ length: 1_100 }, (_, i) => ({
          phone: `+4915${String(900_000_000 + i)}`,
          passwordHash: 'x',
          nickname: `bulk${i}`,
          lang: 'de',
          inviteCode: 'BULK',
          createdAt: nowMs,
          updatedAt: nowMs,
        }));
        for (let i = 0; i < rows.length; i += 100) {
          await db()
            .insertInto('users')
            .values(rows.slice(i, i + 100))
            .execute();
        }
        const last = await db()
          .selectFrom('users')
          .select('id')
          .where('phone', '=', rows[rows.length - 1]!.phone)
          .executeTakeFirstOrThrow();
        const lastId = Number(last.id);
        // The last of them holds 200,000.00: level 4; everyone else of them stays at 1.
        await fundCash(t, lastId, '200000.00');
        const { reviewAllLevels } = await import('./members.service.ts');
        const outcome = await reviewAllLevels(t.ctx, { businessDate: '2026-11-22', nowMs });
        expect(outcome.usersChecked).toBeGreaterThanOrEqual(1_100);
        expect(await levelOf(lastId)).toBe(4);
        expect(await levelMessages(lastId)).toHaveLength(1);
        // Put back at level 1 so the scenario below sees only its own investors change.
        await t.ctx.database.transaction((trx) =>
          t.ctx.ledger.post(trx, {
            idempotencyKey: `members-test:${lastId}:out`,
            kind: 'withdrawal',
            postings: [
              { account: { userId: lastId, kind: 'cash' }, amountMinor: -20_000_000 },
              { account: { system: 'bank_clearing' }, amountMinor: 20_000_000 },
            ],
          }),
        );
        await reviewAllLevels(t.ctx, { businessDate: '2026-11-22', nowMs });
        expect(await levelOf(lastId)).toBe(1);
      }, 60_000);

      it('the end-of-day review sets levels from total assets, notifies changes only, once per day', async () => {
        const rich = await investor(t);
        const richId = await userIdOf(rich.token);
        const modest = await investor(t);
        const modestId = await userIdOf(modest.token);
        // 60,000.00 reaches level 3 (50,000.00); 9,999.99 stays at level 1 (level 2 from 10,000.00).
        await fundCash(t, richId, '60000.00');
        await fundCash(t, modestId, '9999.99');

        const standingBefore = body(await get(rich.token, '/api/members/standing')).data;
        expect(standingBefore).toMatchObject({
          level: 1,
          totalAssets: '60000.00',
          nextLevel: { level: 2, minTotalAssets: '10000.00', missing: '0.00' },
        });

        const changesBefore = await count('memberLevelChanges');
        // To the end of today (local midnight): the review of today runs.
        const today = t.ctx.calendar.tradingDate(t.clock.nowMs());
        const endOfToday = t.ctx.calendar.localTime(
          new Date(Date.parse(`${today}T00:00:00Z`) + DAY).toISOString().slice(0, 10),
          0,
        );
        t.clock.advance(endOfToday - t.clock.nowMs() + 1_000);
        const ran = await t.ctx.jobs.runDue();
        expect(ran.map((run) => run.name)).toContain('members.level-review');

        expect(await levelOf(richId)).toBe(3);
        expect(await levelOf(modestId)).toBe(1);
        const messages = await levelMessages(richId);
        expect(messages).toHaveLength(1);
        expect(JSON.parse(messages[0]!.params ?? 'null')).toEqual({ from: 1, to: 3 });
        expect(await levelMessages(modestId)).toEqual([]);
        const history = await db().selectFrom('memberLevelChanges').selectAll().where('userId', '=', richId).execute();
        expect(history).toMatchObject([
          { fromLevel: 1, toLevel: 3, totalAssetsMinor: 6_000_000, reason: 'daily_review', businessDate: today },
        ]);
        expect(await count('memberLevelChanges')).toBe(changesBefore + 1);

        const standing = body(await get(rich.token, '/api/members/standing')).data;
        expect(standing).toMatchObject({
          level: 3,
          levelName: 'Gold',
          totalAssets: '60000.00',
          reviewedOn: today,
          nextLevel: { level: 4, name: 'Platinum', minTotalAssets: '200000.00', missing: '140000.00' },
        });
        const german = body(await get(rich.token, '/api/members/standing', 'de')).data;
        expect(german.tiers.map((tier: { name: string }) => tier.name)).toEqual([
          'Basis',
          'Silber',
          'Gold',
          'Platin',
          'Diamant',
        ]);
        expect(standing.tiers.map((tier: { reached: boolean }) => tier.reached)).toEqual([
          true,
          true,
          true,
          false,
          false,
        ]);

        // Run again the same day: nothing is due; a forced second review of the date changes nothing.
        expect((await t.ctx.jobs.runDue()).map((run) => run.name)).not.toContain('members.level-review');
        const outboxBefore = await count('outbox');
        const { reviewAllLevels } = await import('./members.service.ts');
        expect(await reviewAllLevels(t.ctx, { businessDate: today, nowMs: t.clock.nowMs() })).toMatchObject({
          levelsChanged: 0,
        });
        expect(await count('outbox')).toBe(outboxBefore);
        expect(await count('memberLevelChanges')).toBe(changesBefore + 1);

        // Three days pass unreviewed; the catch-up reviews once, for the latest ended day.
        // One cent more takes the modest investor to 10,000.00: level 2.
        await t.ctx.database.transaction((trx) =>
          t.ctx.ledger.post(trx, {
            idempotencyKey: `members-test:${modestId}:more`,
            kind: 'deposit',
            postings: [
              { account: { system: 'bank_clearing' }, amountMinor: -1 },
              { account: { userId: modestId, kind: 'cash' }, amountMinor: 1 },
            ],
          }),
        );
        t.clock.advance(3 * DAY);
        const runs = (await t.ctx.jobs.runDue()).filter((run) => run.name === 'members.level-review');
        expect(runs).toHaveLength(1);
        expect(await levelOf(modestId)).toBe(2);
        expect((await levelMessages(modestId)).map((m) => JSON.parse(m.params ?? 'null'))).toEqual([
          { from: 1, to: 2 },
        ]);
        expect(await levelMessages(richId)).toHaveLength(1);
        const lastRun = await db()
          .selectFrom('memberLevelRuns')
          .selectAll()
          .orderBy('businessDate', 'desc')
          .executeTakeFirstOrThrow();
        expect(lastRun.businessDate).toBe(
          new Date(Date.parse(`${t.ctx.calendar.tradingDate(t.clock.nowMs())}T00:00:00Z`) - DAY)
            .toISOString()
            .slice(0, 10),
        );
        await expectLedgerOk(t);
      });
    });
  });
}
