import { formatMinor, parseAmount } from '@bourse/shared/money';
import type { AdminLoan, Loan, LoanOffer, LoanRepayment, LoanStatus } from '@bourse/shared/schemas/loans';
import { parseLoanTerms } from '@bourse/shared/schemas/settings-admin';
import { accrueDay, percentToPpm, ppmToPercent } from '../../platform/accrual.ts';
import { appendAudit } from '../../platform/audit.ts';
import { dateKey, isoDate } from '../../platform/calendar.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import { AppError, invariant } from '../../platform/errors.ts';
import type { PostingInput } from '../../platform/ledger/ledger.ts';
import type { MoneyUnit } from '../../platform/money-command.ts';
import { getVerifiedIdentity } from '../kyc/kyc.service.ts';
import { awardCreditPoints } from '../members/members.service.ts';
import { registerPortfolioContributor } from '../portfolio/portfolio.service.ts';
import { getSettings, type SettingKey, type Settings } from '../settings/settings.service.ts';
import { verifyTradingPassword } from '../users/trading-password.service.ts';
import { notifyInvestor, phonesByUserId, userStanding } from '../users/users.service.ts';
import * as repo from './loans.repository.ts';
import type { LoanRow } from './loans.repository.ts';
import { exportRow, type ExportSection } from '../../platform/data-export.ts';

/**
 * Loans (issue 14). Ledger, one balanced entry per movement:
 * - passing principal P: cash +P, loan_book −P, loan +P, loan_receivable −P (`loan:<id>:passed`);
 * - a day's interest i: loan +i, loan_receivable −i (`loan:<id>:interest:<date>`);
 * - a repayment a = interest n + principal p: cash −a, loan −a, loan_receivable +a, loan_book +p,
 *   interest_income +n (`loan:<id>:repayment:<key>@<instant>`).
 * The investor's `loan` account is principal + accrued interest still owed, so it always equals the
 * sum of `principal_outstanding + interest_outstanding` over their passed loans.
 *
 * Interest is simple: each calendar day (exchange time zone) a passed loan accrues on the principal
 * outstanding at the day's end, at the rate fixed when it was passed, from the day it was passed; the
 * fraction of a cent is carried per loan (platform/accrual.ts).
 */

const DAY_MS = 86_400_000;
/** How many days before the due date the investor is reminded to repay. */
export const REMIND_DAYS_BEFORE = 3;
export const LOAN_LEVELS = 5;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return isoDate(dateKey(date) + days * DAY_MS);
}

/** The last calendar day (exchange zone) that has ended at `ms`. */
function lastEndedDay(ctx: AppContext, ms: number): string {
  return addDays(ctx.calendar.tradingDate(ms), -1);
}

/** When a calendar day (exchange zone) ends: local midnight of the next. */
function endOfDay(ctx: AppContext, date: string): number {
  return ctx.calendar.localTime(addDays(date, 1), 0);
}

export interface OperatorAct {
  operator: { operatorId: number; username: string };
  ip: string | null;
}

function toLoan(row: LoanRow): Loan {
  const status = row.status as LoanStatus;
  const principal = Number(row.principalOutstandingMinor);
  const interest = Number(row.interestOutstandingMinor);
  return {
    id: Number(row.id),
    amount: formatMinor(Number(row.amountMinor)),
    termDays: Number(row.termDays),
    purpose: row.purpose,
    status,
    reason: row.reason,
    annualRate: row.ratePpm === null ? null : ppmToPercent(Number(row.ratePpm)),
    createdAt: new Date(Number(row.createdAt)).toISOString(),
    decidedAt: iso(row.decidedAt),
    passedDate: row.passedDate,
    dueDate: row.dueDate,
    principalOutstanding: formatMinor(principal),
    interestOutstanding: formatMinor(interest),
    owed: formatMinor(principal + interest),
    interestAccrued: formatMinor(Number(row.interestAccruedMinor)),
    repaid: formatMinor(Number(row.repaidMinor)),
    repaidAt: iso(row.repaidAt),
    repaidOnTime: row.repaidOnTime === null ? null : Number(row.repaidOnTime) === 1,
    approvals: status === 'pending' ? (row.approvedBy === null ? 0 : 1) : Number(row.approvalsRequired),
    approvalsRequired: Number(row.approvalsRequired),
  };
}

// ── settings ────────────────────────────────────────────────────────────────────────────────────────

/** The loan terms of the settings: rate in ppm, terms in days, the principal limit of a member level. */
export function loanTerms(settings: Settings, level: number) {
  const ratePpm = percentToPpm(settings.loanAnnualRate);
  invariant(ratePpm !== null, 'the stored loan rate is a percentage');
  const termsDays = parseLoanTerms(settings.loanTermsDays);
  invariant(termsDays !== null, 'the stored loan terms are a list of days');
  const clamped = Math.min(LOAN_LEVELS, Math.max(1, Math.trunc(level)));
  const limitMinor = parseAmount(settings[`loanLimitLevel${clamped}` as SettingKey]) ?? 0;
  return { ratePpm, termsDays, level: clamped, limitMinor };
}

/** What the investor may apply for now: rate, terms, their level's limit and what is left of it. */
export async function getLoanOffer(ctx: AppContext, userId: number): Promise<LoanOffer> {
  const db = ctx.database.db;
  const [settings, standing, owed, pending, identity] = await Promise.all([
    getSettings(db),
    userStanding(db, userId),
    repo.principalOwedByUser(db, userId),
    repo.findPendingOfUser(db, userId),
    getVerifiedIdentity(db, userId),
  ]);
  const terms = loanTerms(settings, standing.level);
  return {
    annualRate: ppmToPercent(terms.ratePpm),
    termsDays: terms.termsDays,
    level: terms.level,
    limit: formatMinor(terms.limitMinor),
    available: formatMinor(Math.max(0, terms.limitMinor - owed)),
    hasPending: pending !== undefined,
    identityVerified: identity !== null,
    currency: ctx.ledger.currency,
  };
}

// ── the investor ────────────────────────────────────────────────────────────────────────────────────

function positiveAmount(text: string): number {
  const minor = parseAmount(text);
  if (minor === null) throw new AppError('VALIDATION_FAILED', { detail: 'amount' });
  if (minor <= 0) throw new AppError('AMOUNT_NOT_POSITIVE');
  return minor;
}

/** The application's rules, read through `db` (committed data before the unit, the unit's transaction in it). */
async function checkApplication(
  db: Db | Trx,
  input: { userId: number; amountMinor: number; termDays: number },
): Promise<{ approvalsRequired: number }> {
  if (!(await getVerifiedIdentity(db, input.userId))) throw new AppError('KYC_REQUIRED');
  const [settings, standing, owed, pending] = await Promise.all([
    getSettings(db),
    userStanding(db, input.userId),
    repo.principalOwedByUser(db, input.userId),
    repo.findPendingOfUser(db, input.userId),
  ]);
  if (pending) throw new AppError('LOAN_ALREADY_PENDING');
  const terms = loanTerms(settings, standing.level);
  if (!terms.termsDays.includes(input.termDays)) {
    throw new AppError('LOAN_TERM_NOT_OFFERED', { terms: terms.termsDays.join(', ') });
  }
  const available = Math.max(0, terms.limitMinor - owed);
  if (input.amountMinor > available) throw new AppError('LOAN_ABOVE_LIMIT', { limit: formatMinor(available) });
  const threshold = parseAmount(settings.fourEyesThreshold) ?? 0;
  return { approvalsRequired: threshold > 0 && input.amountMinor >= threshold ? 2 : 1 };
}

/**
 * An investor applies for a loan (a keyed write that moves no money: the pipeline gives it replay and
 * duplicate-submit protection like every investor write): identity verified, amount > 0 and within
 * what the member level's limit leaves, a term on offer, no other application pending (also a partial
 * unique index, for a race). How many operators must pass it is fixed now.
 */
export function applyForLoan(
  ctx: AppContext,
  input: { userId: number; amount: string; termDays: number; purpose: string },
): MoneyUnit<Loan> {
  return {
    check: async () => {
      await checkApplication(ctx.database.db, { ...input, amountMinor: positiveAmount(input.amount) });
    },
    unit: async (trx, _events, key) => {
      const amountMinor = positiveAmount(input.amount);
      const { approvalsRequired } = await checkApplication(trx, { ...input, amountMinor });
      try {
        const row = await repo.insertLoan(trx, {
          userId: input.userId,
          amountMinor,
          termDays: input.termDays,
          purpose: input.purpose.trim(),
          approvalsRequired,
          requestKey: key.key,
          nowMs: ctx.clock.nowMs(),
        });
        return toLoan(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('LOAN_ALREADY_PENDING');
        throw error;
      }
    },
  };
}

/** The investor's loans (records), newest first. */
export async function listOwnLoans(
  ctx: AppContext,
  filter: { userId: number; status?: LoanStatus | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await repo.pageUserLoans(ctx.database.db, filter);
  return { items: rows.map(toLoan), total, page: filter.page, pageSize: filter.pageSize };
}

/** One of the investor's loans; someone else's looks exactly like none (404). */
export async function getOwnLoan(ctx: AppContext, userId: number, loanId: number): Promise<Loan> {
  const row = await repo.findUserLoan(ctx.database.db, userId, loanId);
  if (!row) throw new AppError('LOAN_NOT_FOUND');
  return toLoan(row);
}

/**
 * An investor repays part or all of a passed loan from cash: the trading password (before the
 * transaction, failures counted apart), then in the transaction the loan locked, its ended days
 * accrued, the amount split interest first — never more than owed (LOAN_REPAY_ABOVE_OWED), never
 * more than free cash (INSUFFICIENT_FUNDS) — and posted. When nothing is left the loan is `repaid`,
 * on time when repaid on or before its due date (the answer's `loan.repaidOnTime`), and the credit
 * point rule `loan_repaid_on_time` or `loan_repaid_late` applies once for the loan.
 */
export function repayLoan(
  ctx: AppContext,
  input: { userId: number; loanId: number; amount: string; tradingPassword: string },
): MoneyUnit<LoanRepayment> {
  const outstanding = (row: LoanRow | undefined): LoanRow => {
    if (!row || Number(row.userId) !== input.userId) throw new AppError('LOAN_NOT_FOUND');
    if (row.status !== 'passed') throw new AppError('LOAN_NOT_OUTSTANDING');
    return row;
  };
  return {
    check: async () => {
      positiveAmount(input.amount);
      outstanding(await repo.findUserLoan(ctx.database.db, input.userId, input.loanId));
      await verifyTradingPassword(ctx, input.userId, input.tradingPassword);
    },
    unit: async (trx, _events, key) => {
      const nowMs = ctx.clock.nowMs();
      const amountMinor = positiveAmount(input.amount);
      let row = outstanding(await repo.lockLoan(trx, ctx.database.dialect, input.loanId));
      // Days that ended before now accrue on the principal they ended with, before this repayment changes it.
      row = await accrueLoanThrough(ctx, trx, row, lastEndedDay(ctx, nowMs));
      const principal = Number(row.principalOutstandingMinor);
      const interest = Number(row.interestOutstandingMinor);
      const owed = principal + interest;
      if (amountMinor > owed) throw new AppError('LOAN_REPAY_ABOVE_OWED', { owed: formatMinor(owed) });
      const cash = await ctx.ledger.balance(trx, { userId: input.userId, kind: 'cash' });
      if (amountMinor > cash) throw new AppError('INSUFFICIENT_FUNDS');
      const interestPaid = Math.min(amountMinor, interest);
      const principalPaid = amountMinor - interestPaid;
      const postings: PostingInput[] = [
        { account: { userId: input.userId, kind: 'cash' }, amountMinor: -amountMinor },
        { account: { userId: input.userId, kind: 'loan' }, amountMinor: -amountMinor },
        { account: { system: 'loan_receivable' }, amountMinor },
      ];
      if (principalPaid > 0) postings.push({ account: { system: 'loan_book' }, amountMinor: principalPaid });
      if (interestPaid > 0) postings.push({ account: { system: 'interest_income' }, amountMinor: interestPaid });
      await ctx.ledger.post(trx, {
        idempotencyKey: `loan:${row.id}:repayment:${key.key}@${nowMs}`,
        kind: 'loan.repayment',
        referenceType: 'loan',
        referenceId: Number(row.id),
        postings,
      });
      await repo.insertRepayment(trx, {
        loanId: Number(row.id),
        userId: input.userId,
        amountMinor,
        interestMinor: interestPaid,
        principalMinor: principalPaid,
        requestKey: key.key,
        createdAt: nowMs,
      });
      const done = amountMinor === owed;
      const dueDate = row.dueDate;
      invariant(dueDate !== null, 'a passed loan has a due date');
      const onTime = ctx.calendar.tradingDate(nowMs) <= dueDate;
      await repo.applyRepayment(trx, Number(row.id), {
        interestMinor: interestPaid,
        principalMinor: principalPaid,
        repaid: done ? { atMs: nowMs, onTime } : null,
        nowMs,
      });
      const after = await repo.findLoan(trx, Number(row.id));
      invariant(after, 'the loan is never deleted');
      // A loan repaid in full earns credit points on time and costs some after its due date, once per loan.
      if (done) {
        await awardCreditPoints(trx, {
          userId: input.userId,
          rule: onTime ? 'loan_repaid_on_time' : 'loan_repaid_late',
          reference: `loan:${row.id}`,
          nowMs,
        });
      }
      await notifyInvestor(
        ctx,
        trx,
        input.userId,
        done ? 'notify.loanRepaid' : 'notify.loanRepaymentReceived',
        done
          ? { amount: formatMinor(Number(after.amountMinor)), paid: formatMinor(amountMinor) }
          : { paid: formatMinor(amountMinor), owed: formatMinor(owed - amountMinor), dueDate },
      );
      return {
        loan: toLoan(after),
        amount: formatMinor(amountMinor),
        interestPaid: formatMinor(interestPaid),
        principalPaid: formatMinor(principalPaid),
      };
    },
  };
}

// ── interest ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Accrues a passed loan's interest day by day, in order, up to and including `throughDate`, in the
 * caller's transaction with the loan locked: one interest row per day (unique per loan and day), one
 * journal entry per day with interest (`loan:<id>:interest:<date>`), the carry kept on the loan. Days
 * already accrued are skipped, so a second run changes nothing. Returns the loan as it is after.
 */
export async function accrueLoanThrough(
  ctx: AppContext,
  trx: Trx,
  start: LoanRow,
  throughDate: string,
): Promise<LoanRow> {
  let row = start;
  const nowMs = ctx.clock.nowMs();
  while (row.status === 'passed') {
    invariant(row.passedDate !== null && row.ratePpm !== null, 'a passed loan has its terms');
    const day = row.accruedThrough === null ? row.passedDate : addDays(row.accruedThrough, 1);
    if (day > throughDate) break;
    const principal = Number(row.principalOutstandingMinor);
    const ratePpm = Number(row.ratePpm);
    const { interestMinor, carry } = accrueDay(principal, ratePpm, BigInt(row.carry));
    await repo.insertInterestDay(trx, {
      loanId: Number(row.id),
      day,
      principalMinor: principal,
      ratePpm,
      interestMinor,
      carryAfter: String(carry),
      createdAt: nowMs,
    });
    if (interestMinor > 0) {
      await ctx.ledger.post(trx, {
        idempotencyKey: `loan:${row.id}:interest:${day}`,
        kind: 'loan.interest',
        referenceType: 'loan',
        referenceId: Number(row.id),
        postings: [
          { account: { userId: Number(row.userId), kind: 'loan' }, amountMinor: interestMinor },
          { account: { system: 'loan_receivable' }, amountMinor: -interestMinor },
        ],
      });
    }
    const nextAccrualAt = endOfDay(ctx, addDays(day, 1));
    const moved = await repo.applyInterestDay(trx, Number(row.id), {
      expectedThrough: row.accruedThrough,
      day,
      interestMinor,
      carry: String(carry),
      nextAccrualAt,
      nowMs,
    });
    invariant(moved, 'the locked loan accrues one day at a time');
    row = {
      ...row,
      interestOutstandingMinor: Number(row.interestOutstandingMinor) + interestMinor,
      interestAccruedMinor: Number(row.interestAccruedMinor) + interestMinor,
      carry: String(carry),
      accruedThrough: day,
      nextAccrualAt,
      updatedAt: nowMs,
    };
  }
  return row;
}

/** The interest job's due time: the earliest end of a day some passed loan has not accrued. */
export function nextAccrualDue(ctx: AppContext): Promise<number | null> {
  return repo.nextAccrualDue(ctx.database.db);
}

/** Passed loans with a day ended by `dueAtMs` still to accrue, in id order. */
export function loansToAccrue(ctx: AppContext, dueAtMs: number): Promise<number[]> {
  return repo.loansToAccrue(ctx.database.db, dueAtMs);
}

/**
 * Accrues one loan through the last day ended at `dueAtMs`, in the caller's transaction with the loan
 * locked; a loan rejected or repaid meanwhile is left alone, a day already accrued is not accrued again.
 */
export async function accrueLoan(ctx: AppContext, trx: Trx, loanId: number, dueAtMs: number): Promise<void> {
  const row = await repo.lockLoan(trx, ctx.database.dialect, loanId);
  if (row?.status === 'passed') await accrueLoanThrough(ctx, trx, row, lastEndedDay(ctx, dueAtMs));
}

/** The reminder job's due time: the earliest reminder not sent yet. */
export function nextReminderDue(ctx: AppContext): Promise<number | null> {
  return repo.nextReminderDue(ctx.database.db);
}

/** Passed loans whose repayment reminder fell due by `dueAtMs` and was not sent. */
export async function loansToRemind(ctx: AppContext, dueAtMs: number): Promise<number[]> {
  return (await repo.loansToRemind(ctx.database.db, dueAtMs)).map((row) => Number(row.id));
}

/** Sends one loan's repayment reminder (`notify.loanRepaymentDue`), once, in the caller's transaction. */
export async function remindLoan(ctx: AppContext, trx: Trx, loanId: number): Promise<void> {
  const row = await repo.lockLoan(trx, ctx.database.dialect, loanId);
  if (row?.status !== 'passed' || row.dueDate === null || row.remindedAt !== null) return;
  if (!(await repo.markReminded(trx, loanId, ctx.clock.nowMs()))) return;
  await notifyInvestor(ctx, trx, Number(row.userId), 'notify.loanRepaymentDue', {
    owed: formatMinor(Number(row.principalOutstandingMinor) + Number(row.interestOutstandingMinor)),
    dueDate: row.dueDate,
  });
}

// ── the console ─────────────────────────────────────────────────────────────────────────────────────

/** The console's lists: `pending` is the queue (oldest first), `passed` the loan book; each with its investor. */
export async function listLoansForConsole(
  ctx: AppContext,
  filter: { status?: LoanStatus | undefined; page: number; pageSize: number },
): Promise<{ items: AdminLoan[]; total: number; page: number; pageSize: number }> {
  const db = ctx.database.db;
  const { rows, total } = await repo.pageLoans(db, filter);
  const userIds = [...new Set(rows.map((row) => Number(row.userId)))];
  const [phones, identities] = await Promise.all([
    phonesByUserId(db, userIds),
    Promise.all(userIds.map(async (id) => [id, await getVerifiedIdentity(db, id)] as const)),
  ]);
  const names = new Map(identities.map(([id, identity]) => [id, identity?.realName ?? '']));
  return {
    items: rows.map((row) => ({
      ...toLoan(row),
      userId: Number(row.userId),
      phone: phones.get(Number(row.userId)) ?? '',
      name: names.get(Number(row.userId)) ?? '',
    })),
    total,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/**
 * An operator decides a pending application, in the caller's (unkeyed money command's) transaction,
 * audited, the investor notified. Pass: with two different operators where it required two (the
 * first only records the approval; the same operator again is FOUR_EYES_REQUIRED); then the rate in
 * force is fixed, the due date set (the trading date + the term) and the principal paid into cash.
 * Reject: with the reason. A decided application is LOAN_NOT_PENDING and nothing is posted.
 */
export async function decideLoan(
  ctx: AppContext,
  trx: Trx,
  input: OperatorAct & { loanId: number; decision: 'pass' | 'reject'; reason?: string | undefined },
): Promise<Loan> {
  const { operator } = input;
  const nowMs = ctx.clock.nowMs();
  const row = await repo.lockLoan(trx, ctx.database.dialect, input.loanId);
  if (!row) throw new AppError('LOAN_NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('LOAN_NOT_PENDING');
  const amountMinor = Number(row.amountMinor);
  const userId = Number(row.userId);
  const audit = (action: string, details: Record<string, unknown>) =>
    appendAudit(trx, {
      operatorId: operator.operatorId,
      operatorUsername: operator.username,
      action,
      target: String(row.id),
      details: { userId, amount: formatMinor(amountMinor), termDays: Number(row.termDays), ...details },
      ip: input.ip,
      atMs: nowMs,
    });

  if (input.decision === 'reject') {
    const reason = input.reason ?? '';
    invariant(reason.length > 0, 'a rejection has a reason');
    const moved = await repo.markRejected(trx, Number(row.id), { reason, decidedBy: operator.operatorId, nowMs });
    invariant(moved, 'the locked application is pending');
    await notifyInvestor(ctx, trx, userId, 'notify.loanRejected', { amount: formatMinor(amountMinor), reason });
    await audit('loan.reject', { reason });
    const after = await repo.findLoan(trx, Number(row.id));
    invariant(after, 'the loan is never deleted');
    return toLoan(after);
  }

  // The limit again at the decision: the investor's level or the settings may have changed since the
  // application. Above it nothing is approved or paid; the operator rejects it with a reason.
  const [settings, standing, owed] = await Promise.all([
    getSettings(trx),
    userStanding(trx, userId),
    repo.principalOwedByUser(trx, userId),
  ]);
  const available = Math.max(0, loanTerms(settings, standing.level).limitMinor - owed);
  if (amountMinor > available) throw new AppError('LOAN_ABOVE_LIMIT', { limit: formatMinor(available) });

  if (Number(row.approvalsRequired) >= 2) {
    if (row.approvedBy === null) {
      await repo.recordFirstApproval(trx, Number(row.id), operator.operatorId, nowMs);
      await audit('loan.approve', { approvals: 1 });
      return toLoan({ ...row, approvedBy: operator.operatorId, approvedAt: nowMs });
    }
    if (Number(row.approvedBy) === operator.operatorId) throw new AppError('FOUR_EYES_REQUIRED');
  }
  const { ratePpm } = loanTerms(settings, standing.level);
  const passedDate = ctx.calendar.tradingDate(nowMs);
  const dueDate = addDays(passedDate, Number(row.termDays));
  const moved = await repo.markPassed(trx, Number(row.id), {
    ratePpm,
    passedDate,
    dueDate,
    principalMinor: amountMinor,
    nextAccrualAt: endOfDay(ctx, passedDate),
    remindAt: ctx.calendar.localTime(addDays(dueDate, -REMIND_DAYS_BEFORE), 0),
    decidedBy: operator.operatorId,
    nowMs,
  });
  invariant(moved, 'the locked application is pending');
  await ctx.ledger.post(trx, {
    idempotencyKey: `loan:${row.id}:passed`,
    kind: 'loan.disbursed',
    referenceType: 'loan',
    referenceId: Number(row.id),
    postings: [
      { account: { userId, kind: 'cash' }, amountMinor },
      { account: { system: 'loan_book' }, amountMinor: -amountMinor },
      { account: { userId, kind: 'loan' }, amountMinor },
      { account: { system: 'loan_receivable' }, amountMinor: -amountMinor },
    ],
  });
  await notifyInvestor(ctx, trx, userId, 'notify.loanPassed', {
    amount: formatMinor(amountMinor),
    rate: ppmToPercent(ratePpm),
    dueDate,
  });
  await audit('loan.pass', { rate: ppmToPercent(ratePpm), passedDate, dueDate });
  const after = await repo.findLoan(trx, Number(row.id));
  invariant(after, 'the loan is never deleted');
  return toLoan(after);
}

// ── the portfolio ───────────────────────────────────────────────────────────────────────────────────

/** Registers the loans' part of the investor's figures: the ledger's `loan` account (principal + interest owed). */
export function registerLoansPortfolio(ctx: AppContext): void {
  registerPortfolioContributor(ctx, {
    name: 'loans',
    async contribute(db, userId) {
      return { loanMinor: await ctx.ledger.balance(db, { userId, kind: 'loan' }) };
    },
  });
}

/** The investor's loans and repayments for their data export. */
export async function exportFor(db: Db, userId: number): Promise<ExportSection> {
  const [loans, repayments] = await Promise.all([repo.loansOfUser(db, userId), repo.repaymentsOfUser(db, userId)]);
  return {
    loans: loans.map((row) => exportRow(row, ['requestKey', 'decidedBy', 'approvedBy'])),
    loanRepayments: repayments.map((row) => exportRow(row, ['requestKey'])),
  };
}

/** How many of the investor's loans are applied for or outstanding (an account closes with none). */
export function openLoanCount(db: Db | Trx, userId: number): Promise<number> {
  return repo.countOpenLoans(db, userId);
}
