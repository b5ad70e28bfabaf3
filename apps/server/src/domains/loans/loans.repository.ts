import type { Selectable } from 'kysely';
import type { Db, Dialect, Trx } from '../../platform/db/database.ts';
import type { LoanInterestDaysTable, LoanRepaymentsTable, LoansTable } from '../../platform/db/schema.ts';

/** The loans domain's SQL: applications and loans, their days of interest and their repayments. */

export type LoanRow = Selectable<LoansTable>;
export type LoanInterestDayRow = Selectable<LoanInterestDaysTable>;
export type LoanRepaymentRow = Selectable<LoanRepaymentsTable>;

export function insertLoan(
  trx: Trx,
  values: {
    userId: number;
    amountMinor: number;
    termDays: number;
    purpose: string;
    approvalsRequired: number;
    requestKey: string;
    nowMs: number;
  },
): Promise<LoanRow> {
  const { nowMs, ...rest } = values;
  return trx
    .insertInto('loans')
    .values({ ...rest, createdAt: nowMs, updatedAt: nowMs })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findLoan(db: Db | Trx, loanId: number): Promise<LoanRow | undefined> {
  return db.selectFrom('loans').selectAll().where('id', '=', loanId).executeTakeFirst();
}

export function findUserLoan(db: Db | Trx, userId: number, loanId: number): Promise<LoanRow | undefined> {
  return db.selectFrom('loans').selectAll().where('id', '=', loanId).where('userId', '=', userId).executeTakeFirst();
}

/** The loan, locked for a decision, a day of interest or a repayment (PostgreSQL; SQLite writers are serialized). */
export function lockLoan(trx: Trx, dialect: Dialect, loanId: number): Promise<LoanRow | undefined> {
  const query = trx.selectFrom('loans').selectAll().where('id', '=', loanId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export function findPendingOfUser(db: Db | Trx, userId: number): Promise<LoanRow | undefined> {
  return db
    .selectFrom('loans')
    .selectAll()
    .where('userId', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** The principal an investor still owes on passed loans. */
export async function principalOwedByUser(db: Db | Trx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('loans')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('principalOutstandingMinor'), eb.lit(0)).as('total'))
    .where('userId', '=', userId)
    .where('status', '=', 'passed')
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function pageUserLoans(
  db: Db,
  filter: { userId: number; status?: string | undefined; page: number; pageSize: number },
): Promise<{ rows: LoanRow[]; total: number }> {
  let base = db.selectFrom('loans').where('userId', '=', filter.userId);
  if (filter.status) base = base.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The console's lists: the pending queue oldest first, any other status newest first. */
export async function pageLoans(
  db: Db,
  filter: { status?: string | undefined; page: number; pageSize: number },
): Promise<{ rows: LoanRow[]; total: number }> {
  let base = db.selectFrom('loans');
  if (filter.status) base = base.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', filter.status === 'pending' ? 'asc' : 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function recordFirstApproval(trx: Trx, loanId: number, operatorId: number, nowMs: number) {
  await trx
    .updateTable('loans')
    .set({ approvedBy: operatorId, approvedAt: nowMs, updatedAt: nowMs })
    .where('id', '=', loanId)
    .where('status', '=', 'pending')
    .execute();
}

/** Passes a pending application; false (nothing changed) when it is no longer pending. */
export async function markPassed(
  trx: Trx,
  loanId: number,
  values: {
    ratePpm: number;
    passedDate: string;
    dueDate: string;
    principalMinor: number;
    nextAccrualAt: number;
    remindAt: number;
    decidedBy: number;
    nowMs: number;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('loans')
    .set({
      status: 'passed',
      ratePpm: values.ratePpm,
      passedDate: values.passedDate,
      dueDate: values.dueDate,
      principalOutstandingMinor: values.principalMinor,
      nextAccrualAt: values.nextAccrualAt,
      remindAt: values.remindAt,
      decidedBy: values.decidedBy,
      decidedAt: values.nowMs,
      updatedAt: values.nowMs,
    })
    .where('id', '=', loanId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markRejected(
  trx: Trx,
  loanId: number,
  values: { reason: string; decidedBy: number; nowMs: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('loans')
    .set({
      status: 'rejected',
      reason: values.reason,
      decidedBy: values.decidedBy,
      decidedAt: values.nowMs,
      updatedAt: values.nowMs,
    })
    .where('id', '=', loanId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The earliest end of a day some passed loan has not accrued yet. */
export async function nextAccrualDue(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('loans')
    .select((eb) => eb.fn.min<number>('nextAccrualAt').as('at'))
    .where('status', '=', 'passed')
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/** Passed loans with a day ended at or before `atMs` still to accrue, in id order. */
export async function loansToAccrue(db: Db, atMs: number): Promise<number[]> {
  const rows = await db
    .selectFrom('loans')
    .select('id')
    .where('status', '=', 'passed')
    .where('nextAccrualAt', '<=', atMs)
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

export async function insertInterestDay(
  trx: Trx,
  values: {
    loanId: number;
    day: string;
    principalMinor: number;
    ratePpm: number;
    interestMinor: number;
    carryAfter: string;
    createdAt: number;
  },
): Promise<void> {
  await trx.insertInto('loanInterestDays').values(values).execute();
}

/** Records one day's interest on the loan row, only if the day before was the last one accrued. */
export async function applyInterestDay(
  trx: Trx,
  loanId: number,
  values: {
    expectedThrough: string | null;
    day: string;
    interestMinor: number;
    carry: string;
    nextAccrualAt: number;
    nowMs: number;
  },
): Promise<boolean> {
  let query = trx
    .updateTable('loans')
    .set((eb) => ({
      interestOutstandingMinor: eb('interestOutstandingMinor', '+', values.interestMinor),
      interestAccruedMinor: eb('interestAccruedMinor', '+', values.interestMinor),
      carry: values.carry,
      accruedThrough: values.day,
      nextAccrualAt: values.nextAccrualAt,
      updatedAt: values.nowMs,
    }))
    .where('id', '=', loanId)
    .where('status', '=', 'passed');
  query =
    values.expectedThrough === null
      ? query.where('accruedThrough', 'is', null)
      : query.where('accruedThrough', '=', values.expectedThrough);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function interestDaysOf(db: Db | Trx, loanId: number): Promise<LoanInterestDayRow[]> {
  return db.selectFrom('loanInterestDays').selectAll().where('loanId', '=', loanId).orderBy('day').execute();
}

export async function insertRepayment(
  trx: Trx,
  values: {
    loanId: number;
    userId: number;
    amountMinor: number;
    interestMinor: number;
    principalMinor: number;
    requestKey: string;
    createdAt: number;
  },
): Promise<void> {
  await trx.insertInto('loanRepayments').values(values).execute();
}

/** Takes a repayment off the loan; when nothing is left owed it becomes `repaid`. */
export async function applyRepayment(
  trx: Trx,
  loanId: number,
  values: {
    interestMinor: number;
    principalMinor: number;
    repaid: { atMs: number; onTime: boolean } | null;
    nowMs: number;
  },
): Promise<void> {
  await trx
    .updateTable('loans')
    .set((eb) => ({
      interestOutstandingMinor: eb('interestOutstandingMinor', '-', values.interestMinor),
      principalOutstandingMinor: eb('principalOutstandingMinor', '-', values.principalMinor),
      repaidMinor: eb('repaidMinor', '+', values.interestMinor + values.principalMinor),
      updatedAt: values.nowMs,
      ...(values.repaid
        ? {
            status: 'repaid',
            repaidAt: values.repaid.atMs,
            repaidOnTime: values.repaid.onTime ? 1 : 0,
            nextAccrualAt: null,
            remindAt: null,
          }
        : {}),
    }))
    .where('id', '=', loanId)
    .where('status', '=', 'passed')
    .execute();
}

export function repaymentsOf(db: Db | Trx, loanId: number): Promise<LoanRepaymentRow[]> {
  return db.selectFrom('loanRepayments').selectAll().where('loanId', '=', loanId).orderBy('id').execute();
}

/** The earliest repayment reminder not yet sent. */
export async function nextReminderDue(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('loans')
    .select((eb) => eb.fn.min<number>('remindAt').as('at'))
    .where('status', '=', 'passed')
    .where('remindedAt', 'is', null)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

export function loansToRemind(db: Db | Trx, atMs: number): Promise<LoanRow[]> {
  return db
    .selectFrom('loans')
    .selectAll()
    .where('status', '=', 'passed')
    .where('remindedAt', 'is', null)
    .where('remindAt', '<=', atMs)
    .orderBy('id')
    .execute();
}

/** Marks the reminder sent; false when it already was (a concurrent run). */
export async function markReminded(trx: Trx, loanId: number, nowMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('loans')
    .set({ remindedAt: nowMs, updatedAt: nowMs })
    .where('id', '=', loanId)
    .where('remindedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every loan row of one investor, for their data export. */
export function loansOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('loans').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

/** Every loan repayment row of one investor, for their data export. */
export function repaymentsOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('loanRepayments').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

/** How many of one user's loans are waiting for a decision or not yet repaid. */
export async function countOpenLoans(db: Db | Trx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('loans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('status', 'in', ['pending', 'passed'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
