import type { AppContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import { lastEndedSession, nextSnapshotDue, snapshotAll } from './portfolio.service.ts';

/**
 * The daily portfolio snapshot (`portfolio.snapshots`): when a session ends (the calendar's close on
 * a business day; local midnight in 24/7 mode, every day), every investor's figures are stored as
 * that date's snapshot, in batches — the home screen's value chart and today's P/L start from them.
 *
 * Idempotent: a date's snapshots are stored once per investor (primary key, insert or ignore) and
 * the date is marked done. After downtime the catch-up stores the latest ended session only: the
 * figures are a function of now, a missed day's cannot be recomputed, and a point with today's value
 * under an old date would be a false one — the chart shows the gap instead.
 */
export function portfolioJobs(ctx: AppContext): Job[] {
  return [
    {
      name: 'portfolio.snapshots',
      nextDueAt: () => nextSnapshotDue(ctx),
      run: async () => {
        await snapshotAll(ctx, lastEndedSession(ctx, ctx.clock.nowMs()));
      },
    },
  ];
}
