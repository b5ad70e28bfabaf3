import type { AppContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import {
  accrueLoan,
  loansToAccrue,
  loansToRemind,
  nextAccrualDue,
  nextReminderDue,
  remindLoan,
} from './loans.service.ts';

/**
 * Loans' scheduled work, each idempotent per due time and caught up day by day:
 * - `loans.interest`, at the end of each calendar day (exchange time zone): every passed loan accrues
 *   the days that ended, in order, one transaction per loan; a day already accrued (the unique
 *   loan/day row and the loan's `accrued_through`) is never accrued twice.
 * - `loans.repayment-reminder`: some days before the due date the investor is told what is owed,
 *   once per loan (`reminded_at`).
 */
export function loanJobs(ctx: AppContext): Job[] {
  return [
    {
      name: 'loans.interest',
      nextDueAt: () => nextAccrualDue(ctx),
      run: async (dueAtMs) => {
        for (const loanId of await loansToAccrue(ctx, dueAtMs)) {
          await ctx.database.transaction((trx) => accrueLoan(ctx, trx, loanId, dueAtMs));
        }
      },
    },
    {
      name: 'loans.repayment-reminder',
      nextDueAt: () => nextReminderDue(ctx),
      run: async (dueAtMs) => {
        for (const loanId of await loansToRemind(ctx, dueAtMs)) {
          await ctx.database.transaction((trx) => remindLoan(ctx, trx, loanId));
        }
      },
    },
  ];
}
