import type { AppContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import {
  allocateIssue,
  closeIssue,
  issuesDue,
  issuesDueFor,
  listIssue,
  nextDueFor,
  nextWindowChange,
  openIssue,
} from './ipo.service.ts';

/**
 * Moves issues through their subscription window by the clock: `upcoming → open` at the window's
 * start (the draw's seed drawn and its hash published), `open → closed` at its end. Each step is a
 * conditional update on the status, so running twice, or catching up after downtime (an issue whose
 * whole window passed is opened, given its seed, and closed in one run), changes each issue once.
 */
export async function moveWindows(ctx: AppContext, dueAtMs: number): Promise<void> {
  // Each issue in a transaction of its own: one step never waits for another issue's.
  for (const id of await issuesDue(ctx, 'upcoming', dueAtMs)) {
    await ctx.database.transaction((trx) => openIssue(ctx, trx, id));
  }
  for (const id of await issuesDue(ctx, 'open', dueAtMs)) {
    await ctx.database.transaction((trx) => closeIssue(ctx, trx, id));
  }
}

/**
 * Draws every closed issue whose allocation time has come (`closed → allocated`; a draw interrupted
 * halfway is resumed and finished exactly once, see allocateIssue), then lists every allocated issue
 * whose listing time has come (`allocated → listed`).
 */
export async function allocateDue(ctx: AppContext, dueAtMs: number): Promise<void> {
  for (const id of await issuesDueFor(ctx, 'allocation', dueAtMs)) await allocateIssue(ctx, id);
}

export async function listDue(ctx: AppContext, dueAtMs: number): Promise<void> {
  for (const id of await issuesDueFor(ctx, 'listing', dueAtMs)) await listIssue(ctx, id);
}

/** The IPO's scheduled work, registered with the job runner (platform/jobs.ts) with its routes. */
export function ipoJobs(ctx: AppContext): Job[] {
  return [
    {
      name: 'ipo.subscription-window',
      nextDueAt: () => nextWindowChange(ctx),
      run: (dueAtMs) => moveWindows(ctx, dueAtMs),
    },
    {
      name: 'ipo.allocation',
      nextDueAt: () => nextDueFor(ctx, 'allocation'),
      run: (dueAtMs) => allocateDue(ctx, dueAtMs),
    },
    {
      name: 'ipo.listing',
      nextDueAt: () => nextDueFor(ctx, 'listing'),
      run: (dueAtMs) => listDue(ctx, dueAtMs),
    },
  ];
}
