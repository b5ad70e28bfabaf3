import type { AppContext } from '../../platform/context.ts';
import { dateKey, isoDate } from '../../platform/calendar.ts';
import type { Job } from '../../platform/jobs.ts';
import { lastReviewedDate, reviewAllLevels } from './members.service.ts';

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) => isoDate(dateKey(date) + days * DAY_MS);

/**
 * The end-of-day level review (`members.level-review`): when a day ends (midnight in the market's
 * time zone), every investor's level is recomputed from their total assets and stored.
 *
 * Due at the end of the day after the last reviewed one; before the first review, at the end of the
 * day before the current one, so a new installation reviews once and then daily. Missed days are
 * not replayed one by one: a level is a function of total assets now, the past days' figures cannot
 * be recomputed, and stepping an investor through stale intermediate levels would only send them
 * notifications about states that no longer hold — so a catch-up reviews once, for the latest ended
 * day. Idempotent: a date is reviewed once (its run row), and a repeated review changes nothing.
 */
export function memberJobs(ctx: AppContext): Job[] {
  const calendar = ctx.calendar;
  /** Midnight (local) at the start of the day after `date`: when `date` ends. */
  const endOf = (date: string) => calendar.localTime(addDays(date, 1), 0);
  return [
    {
      name: 'members.level-review',
      nextDueAt: async () => {
        const last = await lastReviewedDate(ctx.database.db);
        return last ? endOf(addDays(last, 1)) : endOf(addDays(calendar.tradingDate(ctx.clock.nowMs()), -1));
      },
      run: async () => {
        const nowMs = ctx.clock.nowMs();
        const businessDate = addDays(calendar.tradingDate(nowMs), -1);
        await reviewAllLevels(ctx, { businessDate, nowMs });
      },
    },
  ];
}
