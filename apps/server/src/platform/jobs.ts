import type { Clock } from './clock.ts';
import { LeaseLostError, runFenced, type Fence } from './db/fence.ts';
import { invariant } from './errors.ts';
import { LEASE_RENEW_MS, type Lease } from './lease.ts';

/**
 * A scheduled job: it says when it is next due (from the database, so it survives restarts) and
 * does the work that fell due by a given instant. `run(dueAtMs)` must leave nothing due at or
 * before `dueAtMs` of what it found, so the runner always makes progress. Work another writer
 * commits meanwhile may be due already (a day order placed before an advance of the clock, committed
 * by the order-writer thread after the expiry job read its list): the runner runs the job again for
 * it, up to STALL_LIMIT times in a row at the same instant, then calls the job stuck.
 */
export interface Job {
  readonly name: string;
  /** The earliest instant something is due, or null when nothing is scheduled. */
  nextDueAt(): Promise<number | null>;
  /**
   * Does everything due at or before `dueAtMs`. Under a lease it runs fenced: each transaction it
   * opens through `DatabaseHandle.transaction` first checks `fence`'s token (db/fence.ts), so a job
   * needs nothing of its own to stay exactly-once; the fence is passed for logging and for work
   * outside the database.
   */
  run(dueAtMs: number, fence?: Fence): Promise<void>;
}

export interface JobRun {
  name: string;
  dueAt: string;
}

/** A job that keeps running after this many rounds without progress is a bug. */
const MAX_ROUNDS = 100_000;
/** Runs of one job at one instant in a row after which it is stuck, not waiting for late work. */
export const STALL_LIMIT = 3;

export interface JobRunnerOptions {
  onError?: (job: string, error: unknown) => void;
  /**
   * Scaled out, only the holder of this lease runs jobs (each run fenced by its token); the others
   * try to take it on every round and find nothing to do until the holder stops renewing.
   */
  lease?: Lease;
  /** Keeps a record of each run (`job_runs`), under the run's fence. */
  record?: (run: { name: string; dueAtMs: number; token: number }) => Promise<void>;
  /** How often the holder renews its lease (it lasts LEASE_TTL_MS). */
  renewMs?: number;
}

/**
 * Runs due jobs in the order they fell due: on a timer in the process, and at once after an
 * operator moves the sandbox clock (`POST /api/admin/clock/advance`), so a day of expiries or
 * settlements happens in one call. Rounds never overlap; a second call waits for the first. With a
 * lease, only the instance holding it runs anything, and each run is fenced by the lease's token.
 */
export class JobRunner {
  private readonly jobs: Job[] = [];
  private timer: NodeJS.Timeout | null = null;
  private renewer: NodeJS.Timeout | null = null;
  private running: Promise<JobRun[]> = Promise.resolve([]);
  private readonly onError: (job: string, error: unknown) => void;
  private readonly lease: Lease | undefined;
  private readonly record: JobRunnerOptions['record'];
  private readonly renewMs: number;

  constructor(
    private readonly clock: Clock,
    options: JobRunnerOptions = {},
  ) {
    this.onError = options.onError ?? (() => undefined);
    this.lease = options.lease;
    this.record = options.record;
    this.renewMs = options.renewMs ?? LEASE_RENEW_MS;
  }

  /** The lease jobs run under, if any (tests and the console read its holder). */
  get jobLease(): Lease | undefined {
    return this.lease;
  }

  /** Whether jobs run in this process: no lease, or this instance holds it (as last seen). */
  runsHere(): boolean {
    return !this.lease || this.lease.held() !== null;
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
    // Another instance holds the jobs: nothing to look at until it stops renewing.
    if ((await this.fence()) === undefined) return ran;
    // The job last run, the instant it ran for and how often in a row it was still due there after.
    let stalled = null as { job: Job; at: number; runs: number } | null;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      let earliest: { job: Job; at: number } | null = null;
      for (const job of this.jobs) {
        const at = await job.nextDueAt();
        if (at !== null && at <= nowMs && (earliest === null || at < earliest.at)) earliest = { job, at };
      }
      if (!earliest) return ran;
      const fence = await this.fence();
      if (fence === undefined) return ran;
      const job = earliest.job;
      const at = earliest.at;
      // A run again at the same instant finishes the same due run: recorded once, with the first.
      const again: boolean = stalled !== null && stalled.job === job && stalled.at === at;
      try {
        if (fence) {
          await runFenced(fence, async () => {
            await job.run(at, fence);
            if (!again) await this.record?.({ name: job.name, dueAtMs: at, token: fence.token });
          });
        } else await job.run(at);
      } catch (error) {
        if (error instanceof LeaseLostError) this.lease?.lost();
        throw error;
      }
      const after = await job.nextDueAt();
      if (!again) ran.push({ name: job.name, dueAt: new Date(at).toISOString() });
      if (after !== null && after <= at) {
        // Still due: work committed while it ran (run it again), or a job that does nothing.
        stalled = { job, at, runs: again ? (stalled?.runs ?? 0) + 1 : 1 };
        invariant(stalled.runs < STALL_LIMIT, `job ${job.name} made no progress`);
      } else stalled = null;
    }
    throw new Error('jobs kept falling due: giving up this round');
  }

  /**
   * The fence for the next run: null without a lease, undefined when another instance holds it.
   * The holder renews once its lease is more than `renewMs` old, so a long round keeps it.
   */
  private async fence(): Promise<Fence | null | undefined> {
    if (!this.lease) return null;
    const token = this.lease.held(this.lease.ttlMs - this.renewMs) ?? (await this.lease.acquire());
    return token === null ? undefined : { lease: this.lease.name, token };
  }

  /** Checks for due jobs every `intervalMs` until stop(). */
  start(intervalMs = 1_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runDue().catch((error: unknown) => this.onError('jobs', error));
    }, intervalMs);
    this.timer.unref();
    // The holder also renews while a long run keeps the next round waiting.
    const lease = this.lease;
    if (lease) {
      this.renewer = setInterval(() => {
        if (lease.held() !== null) lease.acquire().catch((error: unknown) => this.onError('jobs', error));
      }, this.renewMs);
      this.renewer.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.renewer) clearInterval(this.renewer);
    this.timer = null;
    this.renewer = null;
    await this.running;
    // A clean stop hands the jobs over at once instead of after the lease's TTL.
    await this.lease?.release().catch((error: unknown) => this.onError('jobs', error));
  }
}
