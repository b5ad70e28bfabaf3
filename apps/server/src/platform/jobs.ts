import type { Clock } from './clock.ts';
import { invariant } from './errors.ts';

/**
 * A scheduled job: it says when it is next due (from the database, so it survives restarts) and
 * does the work that fell due by a given instant. `run(dueAtMs)` must leave nothing due at or
 * before `dueAtMs`, so the runner always makes progress.
 */
export interface Job {
  readonly name: string;
  /** The earliest instant something is due, or null when nothing is scheduled. */
  nextDueAt(): Promise<number | null>;
  /** Does everything due at or before `dueAtMs`. */
  run(dueAtMs: number): Promise<void>;
}

export interface JobRun {
  name: string;
  dueAt: string;
}

/** A job that keeps running after this many rounds without progress is a bug. */
const MAX_ROUNDS = 100_000;

/**
 * Runs due jobs in the order they fell due: on a timer in the process, and at once after an
 * operator moves the sandbox clock (`POST /api/admin/clock/advance`), so a day of expiries or
 * settlements happens in one call. Rounds never overlap; a second call waits for the first.
 */
export class JobRunner {
  private readonly jobs: Job[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<JobRun[]> = Promise.resolve([]);
  private readonly onError: (job: string, error: unknown) => void;

  constructor(
    private readonly clock: Clock,
    options: { onError?: (job: string, error: unknown) => void } = {},
  ) {
    this.onError = options.onError ?? (() => undefined);
  }

  register(job: Job): () => void {
    invariant(!this.jobs.some((j) => j.name === job.name), `job ${job.name} is registered once`);
    this.jobs.push(job);
    return () => {
      const index = this.jobs.indexOf(job);
      if (index >= 0) this.jobs.splice(index, 1);
    };
  }

  /** Runs every job due by now, earliest first; returns what ran. */
  runDue(): Promise<JobRun[]> {
    const next = this.running.then(() => this.round());
    this.running = next.catch(() => []);
    return next;
  }

  private async round(): Promise<JobRun[]> {
    const nowMs = this.clock.nowMs();
    const ran: JobRun[] = [];
    for (let round = 0; round < MAX_ROUNDS; round++) {
      let earliest: { job: Job; at: number } | null = null;
      for (const job of this.jobs) {
        const at = await job.nextDueAt();
        if (at !== null && at <= nowMs && (earliest === null || at < earliest.at)) earliest = { job, at };
      }
      if (!earliest) return ran;
      await earliest.job.run(earliest.at);
      const after = await earliest.job.nextDueAt();
      invariant(after === null || after > earliest.at, `job ${earliest.job.name} made no progress`);
      ran.push({ name: earliest.job.name, dueAt: new Date(earliest.at).toISOString() });
    }
    throw new Error('jobs kept falling due: giving up this round');
  }

  /** Checks for due jobs every `intervalMs` until stop(). */
  start(intervalMs = 1_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runDue().catch((error: unknown) => this.onError('jobs', error));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
