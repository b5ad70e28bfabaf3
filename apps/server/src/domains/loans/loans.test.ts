import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accrueDays, DAY_DENOMINATOR } from '../../platform/accrual.ts';
import { hashPassword } from '../../platform/crypto.ts';
import type { SystemAccountKind } from '../../platform/ledger/ledger.ts';
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
import { fundCash, TRADING_PASSWORD } from '../../test/trading-fixture.ts';
import { writeSettings } from '../settings/settings.service.ts';

/**
 * Loans through the API, once per dialect, with the clock moved day by day: application, the
 * operator's decision, daily interest (8 % a year, ACT/365, the fraction of a cent carried), partial
 * and full repayment, every figure to the cent against the arithmetic written here; every bad input
 * refused with nothing changed and the ledger verifying.
 */
const ENV = {
  LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
  SESSION_TTL_HOURS: '2000',
  DUPLICATE_SUBMIT_WINDOW_MS: '0',
  MONEY_WRITES_PER_MINUTE: '100000',
  MARKET_BACKFILL_DAYS: '0',
  MARKET_BACKFILL_INTRADAY_DAYS: '0',
};
const DAY = 86_400_000;
/** 8.00 % a year (the default setting) in ppm. */
const RATE_PPM = 80_000;

for (const dialect of DIALECTS) {
  describe(`loans (${dialect})`, () => {
    let t: TestApp;
    let finance: { token: string; username: string };
    let finance2: { token: string; username: string };
    let tradingPasswordHash: string;

    beforeAll(async () => {
      t = await createTestApp(dialect, ENV);
      tradingPasswordHash = await hashPassword(TRADING_PASSWORD);
    }, 60_000);
    // Operator sessions are short; the tests move the clock by days.
    beforeEach(async () => {
      finance = await operator(t, ['finance']);
      finance2 = await operator(t, ['finance']);
    });
    afterAll(async () => {
      await t.close();
    });

    /** An investor with approved identity, `cash` and the trading password. */
    async function borrower(cash = '500.00') {
      const user = await verifiedInvestor(t, 'Erika Mustermann');
      await fundCash(t, user.userId, cash);
      await t.ctx.database.db.updateTable('users').set({ tradingPasswordHash }).where('id', '=', user.userId).execute();
      return user;
    }
    const apply = (token: string, payload: Record<string, unknown>, key: string | null = randomUUID()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/loans',
        headers: { token, ...(key ? { 'idempotency-key': key } : {}) },
        payload,
      });
    const repay = (token: string, loanId: number, amount: string, password = TRADING_PASSWORD) =>
      t.app.inject({
        method: 'POST',
        url: `/api/loans/${loanId}/repay`,
        headers: { token, 'idempotency-key': randomUUID() },
        payload: { amount, tradingPassword: password },
      });
    const decide = (token: string, loanId: number, decision: 'pass' | 'reject', reason = 'income not shown') =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/loans/${loanId}/${decision}`,
        headers: { token },
        ...(decision === 'reject' ? { payload: { reason } } : {}),
      });
    const get = async <T = Record<string, unknown>>(token: string, url: string) =>
      body<T>(await t.app.inject({ method: 'GET', url, headers: { token } })).data;
    const userMoney = (userId: number) => t.ctx.ledger.userBalances(t.ctx.database.db, userId);
    const system = (kind: SystemAccountKind) => t.ctx.ledger.balance(t.ctx.database.db, { system: kind });
    const systems = async () => ({
      loanBook: await system('loan_book'),
      receivable: await system('loan_receivable'),
      income: await system('interest_income'),
    });
    const interestDays = (loanId: number) =>
      t.ctx.database.db
        .selectFrom('loanInterestDays')
        .select(['day', 'principalMinor', 'interestMinor', 'carryAfter'])
        .where('loanId', '=', loanId)
        .orderBy('day')
        .execute();
    const notices = (userId: number, template: string) =>
      t.ctx.database.db
        .selectFrom('outbox')
        .select(['template', 'params'])
        .where('userId', '=', userId)
        .where('template', '=', template)
        .execute();
    const creditPoints = async (token: string) =>
      (await get<{ creditPoints: number }>(token, '/api/members/standing')).creditPoints;
    const pointEvents = async (token: string) =>
      (await get<{ items: Array<{ rule: string; points: number }> }>(token, '/api/members/points')).items;
    /** Moves the clock a day on and runs what fell due (the interest job at each day's end). */
    async function nextDay(days = 1) {
      t.clock.advance(days * DAY);
      await t.ctx.jobs.runDue();
    }

    it('application → pass → daily interest → partial and full repayment, to the cent', async () => {
      const user = await borrower('500.00');
      const before = await systems();

      const offer = await get(user.token, '/api/loans/offer');
      expect(offer).toMatchObject({
        annualRate: '8.00',
        termsDays: [30, 90, 180, 365],
        level: 1,
        limit: '5000.00',
        available: '5000.00',
        hasPending: false,
        identityVerified: true,
      });

      // Monday 2026-11-23 10:00 in Berlin: the application.
      const applied = await apply(user.token, { amount: '1000.00', termDays: 30, purpose: 'New roof' });
      expect(applied.statusCode, applied.body).toBe(200);
      const loanId = body<{ id: number }>(applied).data.id;
      expect(body(applied).data).toMatchObject({
        status: 'pending',
        amount: '1000.00',
        owed: '0.00',
        approvalsRequired: 1,
      });
      expect((await get(user.token, '/api/loans/offer')).hasPending).toBe(true);
      // The queue shows it with the investor.
      const queue = await get<{ items: Array<Record<string, unknown>> }>(
        finance.token,
        '/api/admin/loans?status=pending',
      );
      expect(queue.items.find((item) => item.id === loanId)).toMatchObject({
        name: 'Erika Mustermann',
        purpose: 'New roof',
      });

      const passed = await decide(finance.token, loanId, 'pass');
      expect(passed.statusCode, passed.body).toBe(200);
      expect(body(passed).data).toMatchObject({
        status: 'passed',
        annualRate: '8.00',
        passedDate: '2026-11-23',
        dueDate: '2026-12-23',
        principalOutstanding: '1000.00',
        interestOutstanding: '0.00',
      });
      // Cash +1,000.00; the loan account holds what is owed.
      expect(await userMoney(user.userId)).toMatchObject({ cash: 1500_00, loan: 1000_00 });
      expect(await systems()).toEqual({
        loanBook: before.loanBook - 1000_00,
        receivable: before.receivable - 1000_00,
        income: before.income,
      });
      expect(await get(user.token, '/api/user/assets')).toMatchObject({
        cash: '1500.00',
        loanOutstanding: '1000.00',
        totalAssets: '1500.00',
        netAssets: '500.00',
      });
      expect(await notices(user.userId, 'notify.loanPassed')).toHaveLength(1);
      await expectLedgerOk(t);

      // One day of interest on 1,000.00 at 8 %: 100,000 × 80,000 = 8,000,000,000 units; one cent is
      // 365,000,000 units, so 21 cents (7,665,000,000) and 335,000,000 carried.
      // Day 2: 8,000,000,000 + 335,000,000 = 8,335,000,000 → 22 cents (8,030,000,000), carry 305,000,000.
      // Day 3: 8,000,000,000 + 305,000,000 = 8,305,000,000 → 22 cents, carry 275,000,000.
      expect(DAY_DENOMINATOR).toBe(365_000_000n);
      await nextDay();
      expect(await interestDays(loanId)).toEqual([
        { day: '2026-11-23', principalMinor: 1000_00, interestMinor: 21, carryAfter: '335000000' },
      ]);
      await nextDay();
      await nextDay();
      expect((await interestDays(loanId)).map((d) => [d.day, Number(d.interestMinor), d.carryAfter])).toEqual([
        ['2026-11-23', 21, '335000000'],
        ['2026-11-24', 22, '305000000'],
        ['2026-11-25', 22, '275000000'],
      ]);
      // The three days sum to the closed form: 3 × 8,000,000,000 = 24,000,000,000 → 65 cents, 275,000,000 left.
      expect(accrueDays(1000_00, RATE_PPM, 3)).toEqual({ interestMinor: 65, carry: 275_000_000n });
      // Running the job again for the same days changes nothing.
      await t.ctx.jobs.runDue();
      expect(await interestDays(loanId)).toHaveLength(3);
      expect(await get(user.token, `/api/loans/${loanId}`)).toMatchObject({
        principalOutstanding: '1000.00',
        interestOutstanding: '0.65',
        owed: '1000.65',
        interestAccrued: '0.65',
      });
      expect(await userMoney(user.userId)).toMatchObject({ cash: 1500_00, loan: 1000_65 });
      await expectLedgerOk(t);

      // Thursday 2026-11-26: a partial repayment of 100.50 pays the 0.65 interest first, then 99.85 principal.
      const partial = await repay(user.token, loanId, '100.50');
      expect(partial.statusCode, partial.body).toBe(200);
      expect(body(partial).data).toMatchObject({
        amount: '100.50',
        interestPaid: '0.65',
        principalPaid: '99.85',
        loan: { status: 'passed', principalOutstanding: '900.15', interestOutstanding: '0.00', owed: '900.15' },
      });
      expect(await userMoney(user.userId)).toMatchObject({ cash: 1399_50, loan: 900_15 });
      expect(await systems()).toEqual({
        loanBook: before.loanBook - 1000_00 + 99_85,
        receivable: before.receivable - 1000_00 - 65 + 100_50,
        income: before.income + 65,
      });
      expect(await notices(user.userId, 'notify.loanRepaymentReceived')).toHaveLength(1);
      await expectLedgerOk(t);

      // Day 4 on the principal left: 90,015 × 80,000 = 7,201,200,000 + 275,000,000 carried
      // = 7,476,200,000 → 20 cents (7,300,000,000), carry 176,200,000.
      await nextDay();
      expect((await interestDays(loanId)).at(-1)).toEqual({
        day: '2026-11-26',
        principalMinor: 900_15,
        interestMinor: 20,
        carryAfter: '176200000',
      });
      expect(await get(user.token, `/api/loans/${loanId}`)).toMatchObject({ owed: '900.35', interestAccrued: '0.85' });

      // More than owed is refused, nothing changes.
      const above = await repay(user.token, loanId, '900.36');
      expect(above.statusCode).toBe(422);
      expect(body(above)).toMatchObject({ error: 'LOAN_REPAY_ABOVE_OWED' });
      expect(await userMoney(user.userId)).toMatchObject({ cash: 1399_50, loan: 900_35 });

      // Friday 2026-11-27: the rest, 900.35 = 0.20 interest + 900.15 principal; repaid, on time.
      const pointsBefore = await creditPoints(user.token);
      const full = await repay(user.token, loanId, '900.35');
      expect(full.statusCode, full.body).toBe(200);
      expect(body(full).data).toMatchObject({
        interestPaid: '0.20',
        principalPaid: '900.15',
        loan: { status: 'repaid', owed: '0.00', repaid: '1000.85', interestAccrued: '0.85', repaidOnTime: true },
      });
      // 500.00 + 1,000.00 − 100.50 − 900.35 = 499.15: the 0.85 interest is what the loan cost.
      expect(await userMoney(user.userId)).toMatchObject({ cash: 499_15, loan: 0 });
      expect(await systems()).toEqual({
        loanBook: before.loanBook,
        receivable: before.receivable,
        income: before.income + 85,
      });
      expect(await get(user.token, '/api/user/assets')).toMatchObject({
        loanOutstanding: '0.00',
        totalAssets: '499.15',
        netAssets: '499.15',
      });
      expect(await notices(user.userId, 'notify.loanRepaid')).toHaveLength(1);
      // Repaid on time: the rule loan_repaid_on_time (+50 by default) applies, once.
      expect(await creditPoints(user.token)).toBe(pointsBefore + 50);
      expect((await pointEvents(user.token))[0]).toMatchObject({ rule: 'loan_repaid_on_time', points: 50 });
      // A repaid loan accrues no more and cannot be repaid again.
      await nextDay();
      expect(await interestDays(loanId)).toHaveLength(4);
      const again = await repay(user.token, loanId, '0.01');
      expect(body(again)).toMatchObject({ error: 'LOAN_NOT_OUTSTANDING' });
      const records = await get<{ items: Array<{ id: number; status: string }> }>(user.token, '/api/loans');
      expect(records.items.map((l) => [l.id, l.status])).toEqual([[loanId, 'repaid']]);
      await expectLedgerOk(t);
    });

    it('catches up missed days one by one, each once, and reminds once before the due date', async () => {
      const user = await borrower('100.00');
      const res = await apply(user.token, { amount: '2500.00', termDays: 30, purpose: 'Car repair' });
      const loanId = body<{ id: number }>(res).data.id;
      expect((await decide(finance.token, loanId, 'pass')).statusCode).toBe(200);
      const { passedDate, dueDate } = await get<{ passedDate: string; dueDate: string }>(
        user.token,
        `/api/loans/${loanId}`,
      );
      expect(Date.parse(dueDate) - Date.parse(passedDate)).toBe(30 * DAY);

      // Ten days pass with nothing run; one run accrues them in order.
      t.clock.advance(10 * DAY);
      await t.ctx.jobs.runDue();
      const days = await interestDays(loanId);
      expect(days).toHaveLength(10);
      expect(days[0]?.day).toBe(passedDate);
      expect(days.map((d) => d.day)).toEqual([...days.map((d) => d.day)].sort());
      // Ten days at one principal sum to the closed form, carry included.
      const closed = accrueDays(2500_00, RATE_PPM, 10);
      expect(days.reduce((sum, d) => sum + Number(d.interestMinor), 0)).toBe(closed.interestMinor);
      expect(days.at(-1)?.carryAfter).toBe(String(closed.carry));
      expect((await userMoney(user.userId)).loan).toBe(2500_00 + closed.interestMinor);
      await t.ctx.jobs.runDue();
      expect(await interestDays(loanId)).toHaveLength(10);

      // Three days before the due date the investor is reminded, once.
      t.clock.advance(18 * DAY);
      await t.ctx.jobs.runDue();
      await t.ctx.jobs.runDue();
      const reminders = await notices(user.userId, 'notify.loanRepaymentDue');
      expect(reminders).toHaveLength(1);
      expect(JSON.parse(reminders[0]?.params ?? '{}')).toMatchObject({ dueDate });

      // Repaid in full four days after the due date: late, so loan_repaid_late (−100 by default) applies.
      t.clock.advance(6 * DAY);
      await t.ctx.jobs.runDue();
      const pointsBefore = await creditPoints(user.token);
      const owed = (await get<{ owed: string }>(user.token, `/api/loans/${loanId}`)).owed;
      const late = await repay(user.token, loanId, owed);
      expect(late.statusCode, late.body).toBe(200);
      expect(body(late).data).toMatchObject({ loan: { status: 'repaid', repaidOnTime: false } });
      expect(await creditPoints(user.token)).toBe(Math.max(0, pointsBefore - 100));
      expect((await pointEvents(user.token))[0]).toMatchObject({ rule: 'loan_repaid_late' });
      expect(await userMoney(user.userId)).toMatchObject({ loan: 0 });
      await expectLedgerOk(t);
    });

    it('refuses bad applications, changing nothing', async () => {
      const user = await borrower('100.00');
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [{ amount: '0', termDays: 30, purpose: 'x' }, 400, 'AMOUNT_NOT_POSITIVE'],
        [{ amount: '0.00', termDays: 30, purpose: 'x' }, 400, 'AMOUNT_NOT_POSITIVE'],
        [{ amount: '-5.00', termDays: 30, purpose: 'x' }, 400, 'VALIDATION_FAILED'],
        [{ amount: '0.001', termDays: 30, purpose: 'x' }, 400, 'VALIDATION_FAILED'],
        [{ amount: '1e20', termDays: 30, purpose: 'x' }, 400, 'VALIDATION_FAILED'],
        [{ termDays: 30, purpose: 'x' }, 400, 'VALIDATION_FAILED'],
        [{ amount: '5000.01', termDays: 30, purpose: 'x' }, 422, 'LOAN_ABOVE_LIMIT'],
        [{ amount: '100.00', termDays: 45, purpose: 'x' }, 422, 'LOAN_TERM_NOT_OFFERED'],
        [{ amount: '100.00', termDays: 30, purpose: '  ' }, 400, 'VALIDATION_FAILED'],
      ];
      for (const [payload, status, error] of cases) {
        const res = await apply(user.token, payload);
        expect([res.statusCode, body(res).error], JSON.stringify(payload)).toEqual([status, error]);
      }
      const limitMessage = await apply(user.token, { amount: '5000.01', termDays: 30, purpose: 'x' });
      expect(body(limitMessage).msg).toContain('5000.00');
      expect((await get<{ total: number }>(user.token, '/api/loans')).total).toBe(0);

      // The limit follows the member level (level 3: 20,000.00 by default).
      await t.ctx.database.db.updateTable('users').set({ level: 3 }).where('id', '=', user.userId).execute();
      expect(await get(user.token, '/api/loans/offer')).toMatchObject({ level: 3, limit: '20000.00' });
      const level3 = await apply(user.token, { amount: '20000.01', termDays: 30, purpose: 'x' });
      expect(body(level3)).toMatchObject({ error: 'LOAN_ABOVE_LIMIT' });
      await t.ctx.database.db.updateTable('users').set({ level: 1 }).where('id', '=', user.userId).execute();

      // Identity not verified.
      const unverified = await investor(t);
      const kyc = await apply(unverified.token, { amount: '100.00', termDays: 30, purpose: 'x' });
      expect(body(kyc)).toMatchObject({ error: 'KYC_REQUIRED' });

      // One pending at a time; the same request again under its key is the same application, replayed.
      const key = randomUUID();
      const first = await apply(user.token, { amount: '100.00', termDays: 90, purpose: 'Holiday' }, key);
      expect(first.statusCode).toBe(200);
      const replay = await apply(user.token, { amount: '100.00', termDays: 90, purpose: 'Holiday' }, key);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(body(replay).data.id).toBe(body(first).data.id);
      const keyless = await apply(user.token, { amount: '50.00', termDays: 90, purpose: 'Holiday' }, null);
      expect(body(keyless)).toMatchObject({ error: 'IDEMPOTENCY_KEY_REQUIRED' });
      const second = await apply(user.token, { amount: '50.00', termDays: 90, purpose: 'Holiday' });
      expect([second.statusCode, body(second).error]).toEqual([409, 'LOAN_ALREADY_PENDING']);
      // The partial unique index holds even past the service's check.
      await expect(
        t.ctx.database.db
          .insertInto('loans')
          .values({
            userId: user.userId,
            amountMinor: 1,
            termDays: 30,
            purpose: 'x',
            requestKey: 'k',
            createdAt: 0,
            updatedAt: 0,
          })
          .execute(),
      ).rejects.toThrow();
      expect(await userMoney(user.userId)).toMatchObject({ cash: 100_00, loan: 0 });
      await expectLedgerOk(t);
    });

    it('refuses bad decisions and repayments, changing nothing; four eyes at the threshold', async () => {
      await t.ctx.database.transaction((trx) =>
        writeSettings(trx, [['fourEyesThreshold', '2000.00']], { operatorId: null, nowMs: t.clock.nowMs() }),
      );
      const user = await borrower('10.00');
      const res = await apply(user.token, { amount: '3000.00', termDays: 90, purpose: 'Studies' });
      const loanId = body<{ id: number; approvalsRequired: number }>(res).data.id;
      expect(body(res).data.approvalsRequired).toBe(2);
      const balancesBefore = await userMoney(user.userId);
      const systemsBefore = await systems();

      // The first approval only records; the same operator again is refused; nothing is paid yet.
      expect(body(await decide(finance.token, loanId, 'pass')).data).toMatchObject({ status: 'pending', approvals: 1 });
      const same = await decide(finance.token, loanId, 'pass');
      expect([same.statusCode, body(same).error]).toEqual([409, 'FOUR_EYES_REQUIRED']);
      expect(await userMoney(user.userId)).toEqual(balancesBefore);
      expect(await systems()).toEqual(systemsBefore);
      // A second operator completes it.
      expect(body(await decide(finance2.token, loanId, 'pass')).data).toMatchObject({ status: 'passed' });
      expect(await userMoney(user.userId)).toMatchObject({ cash: 3010_00, loan: 3000_00 });

      // Deciding twice: refused, nothing posted.
      for (const decision of ['pass', 'reject'] as const) {
        const twice = await decide(finance.token, loanId, decision);
        expect([twice.statusCode, body(twice).error]).toEqual([409, 'LOAN_NOT_PENDING']);
      }
      expect(await userMoney(user.userId)).toMatchObject({ cash: 3010_00, loan: 3000_00 });

      // Repayments: wrong password, above owed, not enough cash, zero, over-precise, someone else's.
      await t.ctx.database.db.updateTable('users').set({ level: 1 }).where('id', '=', user.userId).execute();
      const wrong = await repay(user.token, loanId, '10.00', '000000');
      expect(body(wrong)).toMatchObject({ error: 'TRADING_PASSWORD_WRONG' });
      const above = await repay(user.token, loanId, '3000.01');
      expect(body(above)).toMatchObject({ error: 'LOAN_REPAY_ABOVE_OWED' });
      // Spend cash so that it no longer covers the debt: move 3,000.00 out through a withdrawal-like hold.
      await t.ctx.database.transaction((trx) =>
        t.ctx.ledger.hold(trx, {
          userId: user.userId,
          amountMinor: 3000_00,
          reason: 'test',
          idempotencyKey: `t:${loanId}`,
        }),
      );
      const poor = await repay(user.token, loanId, '10.01');
      expect([poor.statusCode, body(poor).error]).toEqual([422, 'INSUFFICIENT_FUNDS']);
      for (const amount of ['0', '0.001', '1e20', '-1.00']) {
        const bad = await repay(user.token, loanId, amount);
        expect(bad.statusCode, amount).toBe(400);
      }
      const other = await borrower('10.00');
      expect(body(await repay(other.token, loanId, '1.00'))).toMatchObject({ error: 'LOAN_NOT_FOUND' });
      expect(await userMoney(user.userId)).toMatchObject({ cash: 10_00, frozen: 3000_00, loan: 3000_00 });
      await expectLedgerOk(t);

      // A rejection keeps the reason and tells the investor; the investor may then apply again.
      const next = await borrower('10.00');
      const pending = body<{ id: number }>(await apply(next.token, { amount: '100.00', termDays: 30, purpose: 'x' }))
        .data.id;
      const rejected = await decide(finance.token, pending, 'reject', 'too many loans');
      expect(body(rejected).data).toMatchObject({ status: 'rejected', reason: 'too many loans' });
      expect(await notices(next.userId, 'notify.loanRejected')).toHaveLength(1);
      expect(await userMoney(next.userId)).toMatchObject({ cash: 10_00, loan: 0 });
      expect((await apply(next.token, { amount: '100.00', termDays: 30, purpose: 'x' })).statusCode).toBe(200);
      const audit = await t.ctx.database.db
        .selectFrom('auditLog')
        .select('action')
        .where('target', 'in', [String(loanId), String(pending)])
        .where('action', 'like', 'loan.%')
        .execute();
      expect(audit.map((a) => a.action).sort()).toEqual(['loan.approve', 'loan.pass', 'loan.reject']);
      await t.ctx.database.transaction((trx) =>
        writeSettings(trx, [['fourEyesThreshold', '10000.00']], { operatorId: null, nowMs: t.clock.nowMs() }),
      );
    });

    it('checks the limit again at the decision: a lowered limit refuses the pass, nothing is paid', async () => {
      const user = await borrower('10.00');
      const res = await apply(user.token, { amount: '4000.00', termDays: 90, purpose: 'Roof' });
      expect(res.statusCode, res.body).toBe(200);
      const loanId = body<{ id: number }>(res).data.id;
      const balancesBefore = await userMoney(user.userId);
      const systemsBefore = await systems();
      // Level 1's limit lowered to 3,000.00 after the application.
      await t.ctx.database.transaction((trx) =>
        writeSettings(trx, [['loanLimitLevel1', '3000.00']], { operatorId: null, nowMs: t.clock.nowMs() }),
      );
      const pass = await decide(finance.token, loanId, 'pass');
      expect([pass.statusCode, body(pass).error]).toEqual([422, 'LOAN_ABOVE_LIMIT']);
      expect(body(pass).msg).toContain('3000.00');
      expect(await userMoney(user.userId)).toEqual(balancesBefore);
      expect(await systems()).toEqual(systemsBefore);
      expect(await get(user.token, `/api/loans/${loanId}`)).toMatchObject({ status: 'pending' });
      // The operator rejects it instead.
      expect(body(await decide(finance.token, loanId, 'reject', 'above the current limit')).data).toMatchObject({
        status: 'rejected',
      });
      await t.ctx.database.transaction((trx) =>
        writeSettings(trx, [['loanLimitLevel1', '5000.00']], { operatorId: null, nowMs: t.clock.nowMs() }),
      );
      await expectLedgerOk(t);
    });
  });
}
