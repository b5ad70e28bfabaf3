import type { AppContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import {
  accrualDueAt,
  accrueFundDay,
  CONFIRM_BATCH,
  confirmDueOrders,
  nextAccrualDay,
  nextConfirmationDue,
} from './balance.service.ts';

/**
 * The balance product's scheduled work, both idempotent per due time and caught up in order after
 * downtime:
 * - `balance.confirmations`: at the start of its confirmation date (T+1, the market's zone) a
 *   purchase moves from fund_pending into the fund and a redemption is paid into cash; each order
 *   once (its status is updated conditionally), in transactions of CONFIRM_BATCH orders.
 * - `balance.accrual`: at the end of each calendar day (weekends and holidays included: a
 *   money-market fund earns every day) that day's interest, one transaction per day, days in order.
 */
export function balanceJobs(ctx: AppContext): Job[] {
  return [
    {
      name: 'balance.confirmations',
      nextDueAt: () => nextConfirmationDue(ctx),
      run: async (dueAtMs) => {
        for (;;) {
          const taken = await ctx.database.transaction((trx) => confirmDueOrders(ctx, trx, dueAtMs));
          if (taken < CONFIRM_BATCH) return;
        }
      },
    },
    {
      name: 'balance.accrual',
      nextDueAt: async () => {
        const day = await nextAccrualDay(ctx.database.db);
        return day === null ? null : accrualDueAt(ctx, day);
      },
      run: async (dueAtMs) => {
        for (;;) {
          const day = await nextAccrualDay(ctx.database.db);
          if (day === null || accrualDueAt(ctx, day) > dueAtMs) return;
          await ctx.database.transaction((trx) => accrueFundDay(ctx, trx, day));
        }
      },
    },
  ];
}
