import { auditedClockAdvanceMs } from './audit.ts';
import type { SimulatedClock } from './clock.ts';
import type { Db } from './db/database.ts';
import type { JobRun, JobRunner } from './jobs.ts';
import type { RealtimeHub } from './realtime-hub.ts';

/** Sent (empty) after an advance committed: every instance re-reads the audited total. */
export const CLOCK_ADVANCED_NOTICE = 'clock-advanced';
/** Sent by the jobs lease holder once it ran what fell due: `{ aheadMs, runs }`. */
export const CLOCK_SETTLED_NOTICE = 'clock-settled';

/**
 * How long an advance waits for the jobs to run elsewhere before it answers anyway: as long as the
 * bank test's client waits (a day of jobs under load on PostgreSQL takes minutes, docs/reliability.md).
 */
export const CLOCK_SETTLE_TIMEOUT_MS = 5 * 60_000;
/** How often an instance re-reads the audited total anyway (a notice lost while Redis reconnected). */
export const CLOCK_RECONCILE_MS = 5_000;

interface Settled {
  aheadMs: number;
  runs: JobRun[];
  /** A job failed on the holder (it logged why): the advance answers an error, as on one instance. */
  failed?: boolean;
}

const sleep = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));

/**
 * The sandbox clock shared by every API instance (issue 18). Each process keeps its own
 * SimulatedClock; what they share is the audited total of the `clock.advance` lines, which the
 * advancing instance writes in the advance's transaction. After the commit it sends a notice on the
 * hub: every instance re-reads the total and moves its clock to it (never back), and the instance
 * holding the jobs lease runs what fell due, then answers with what ran. The advance request waits
 * for that answer (or runs the jobs itself when it holds, or takes over, the lease), so when it
 * returns, every job due by the new time has run, wherever it ran. A notice lost while Redis
 * reconnects is made up by a re-read every CLOCK_RECONCILE_MS.
 */
export class ClockSync {
  private readonly stops: Array<() => void> = [];
  private readonly waiters = new Set<{ aheadMs: number; resolve: (settled: Settled) => void }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly clock: SimulatedClock,
    private readonly db: Db,
    private readonly hub: RealtimeHub,
    private readonly jobs: JobRunner,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Listens to the other instances' advances, and re-reads the total every `reconcileMs`. */
  start(reconcileMs = CLOCK_RECONCILE_MS): void {
    if (this.timer) return;
    this.stops.push(
      this.hub.onNotice(CLOCK_ADVANCED_NOTICE, () => {
        this.follow().catch(this.onError);
      }),
      this.hub.onNotice(CLOCK_SETTLED_NOTICE, (message) => {
        const settled = JSON.parse(message) as Settled;
        for (const waiter of this.waiters) if (settled.aheadMs >= waiter.aheadMs) waiter.resolve(settled);
      }),
    );
    this.timer = setInterval(() => {
      this.adoptAudited().catch(this.onError);
    }, reconcileMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const stop of this.stops.splice(0)) stop();
  }

  /** Moves this clock to the audited total if that is further; answers where it stands. */
  async adoptAudited(): Promise<number> {
    this.clock.adopt(await auditedClockAdvanceMs(this.db));
    return this.clock.aheadMs;
  }

  /** On another instance's advance: catch up, and, holding the jobs, run them and say so. */
  private async follow(): Promise<void> {
    const aheadMs = await this.adoptAudited();
    let settled: Settled;
    try {
      settled = { aheadMs, runs: await this.jobs.runDue() };
    } catch (error) {
      settled = { aheadMs, runs: [], failed: true };
      this.onError(error);
    }
    if (this.jobs.runsHere()) this.hub.notify(CLOCK_SETTLED_NOTICE, JSON.stringify(settled));
  }

  /**
   * After this instance's advance committed: tells every instance, then waits until the jobs due by
   * the new time have run — here if this instance holds the jobs lease (or takes it over from a
   * holder that died), else on the holder, which answers with its runs. Answers what ran; after
   * `timeoutMs` without an answer, what ran so far (the holder still runs the rest on its timer).
   */
  async advanced(timeoutMs = CLOCK_SETTLE_TIMEOUT_MS): Promise<JobRun[]> {
    const aheadMs = await this.adoptAudited();
    let resolveSettled!: (settled: Settled) => void;
    const settled = new Promise<Settled>((resolve) => (resolveSettled = resolve));
    const waiter = { aheadMs, resolve: resolveSettled };
    this.waiters.add(waiter);
    try {
      this.hub.notify(CLOCK_ADVANCED_NOTICE, '');
      const runs: JobRun[] = [];
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        runs.push(...(await this.jobs.runDue()));
        if (this.jobs.runsHere()) return runs;
        const answer = await Promise.race([settled, sleep(Math.min(500, Math.max(0, deadline - Date.now())))]);
        if (answer?.failed) throw new Error('a scheduled job failed on the instance holding the jobs lease');
        if (answer) return [...runs, ...answer.runs];
        if (Date.now() >= deadline) return runs;
      }
    } finally {
      this.waiters.delete(waiter);
    }
  }
}
