import type { AppContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import * as repo from './blocktrade.repository.ts';

/**
 * Block trades' scheduled work: an open offer whose window has ended is closed (it already takes no
 * orders after its end; closing it moves it out of the open list for good). Orders placed in the
 * window stay pending for the operators. Idempotent: a second run finds nothing open and ended.
 */
export function blockTradeJobs(ctx: AppContext): Job[] {
  return [
    {
      name: 'blocktrade.close-ended-offers',
      nextDueAt: () => repo.nextOfferEnd(ctx.database.db),
      run: async (dueAtMs) => {
        await ctx.database.transaction((trx) => repo.closeEndedOffers(trx, dueAtMs, ctx.clock.nowMs()));
      },
    },
  ];
}
