import type { AppContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import { purgeExpired } from '../../platform/retention.ts';
import { getSettings } from './settings.service.ts';

/** How often the clean-up looks for what has expired. */
export const RETENTION_INTERVAL_MS = 10 * 60_000;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The retention clean-up (`settings.retention`): every RETENTION_INTERVAL_MS (and at once after a
 * start), removes Idempotency-Key answers older than `idempotencyRetentionHours`, expired replay
 * nonces, stale rate-limit rows and notifications older than `outboxRetentionDays`, in small
 * batches (platform/retention.ts). Nothing to catch up: one run removes everything expired by then,
 * so after downtime or a jump of the sandbox clock it runs once. A replay of an Idempotency-Key
 * after its answer was removed is a new request (docs/architecture.md, "Retention").
 */
export function retentionJobs(ctx: AppContext): Job[] {
  // Due once at start-up (the instant the job was made), then every interval after its last run.
  const startedAt = ctx.clock.nowMs();
  let lastRunAt: number | null = null;
  return [
    {
      name: 'settings.retention',
      nextDueAt: () => Promise.resolve(lastRunAt === null ? startedAt : lastRunAt + RETENTION_INTERVAL_MS),
      run: async () => {
        const nowMs = ctx.clock.nowMs();
        const settings = await getSettings(ctx.database.db);
        await purgeExpired(ctx.database, {
          idempotencyBefore: nowMs - Number(settings.idempotencyRetentionHours) * HOUR_MS,
          outboxBefore: nowMs - Number(settings.outboxRetentionDays) * DAY_MS,
          nowMs,
        });
        lastRunAt = nowMs;
      },
    },
  ];
}
