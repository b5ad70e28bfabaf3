import type { AppContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import { nextFeedRunAt, runDueFeeds } from './news.service.ts';

/**
 * The feed import (`news.feed-import`): every enabled feed is read NEWS_FEED_INTERVAL_MS after its
 * last run (a new one at once). A feed's next run is counted from when it last ran, so missed
 * intervals (the process was down, the sandbox clock jumped) are not replayed one by one: a feed is
 * read once and shows what it holds now. Idempotent: an item already imported from a feed (its GUID)
 * is never imported again, and a failed run records its error and imports nothing.
 */
export function newsJobs(ctx: AppContext): Job[] {
  return [
    {
      name: 'news.feed-import',
      nextDueAt: () => nextFeedRunAt(ctx.database.db),
      run: (dueAtMs) => runDueFeeds(ctx, dueAtMs),
    },
  ];
}
