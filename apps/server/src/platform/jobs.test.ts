import { describe, expect, it } from 'vitest';
import { SimulatedClock } from './clock.ts';
import { JobRunner, type Job } from './jobs.ts';

/** A job with a list of due times; running it consumes those at or before the given instant. */
function scheduled(name: string, dueTimes: number[], ran: string[]): Job {
  const pending = [...dueTimes].sort((a, b) => a - b);
  return {
    name,
    nextDueAt: () => Promise.resolve(pending[0] ?? null),
    run: (dueAtMs) => {
      while (pending.length > 0 && (pending[0] as number) <= dueAtMs) ran.push(`${name}@${pending.shift()}`);
      return Promise.resolve();
    },
  };
}

describe('job runner', () => {
  it('runs what fell due, earliest first across jobs, and nothing that is not due yet', async () => {
    const clock = new SimulatedClock({ startAt: new Date(1_000), frozen: true });
    const jobs = new JobRunner(clock);
    const ran: string[] = [];
    jobs.register(scheduled('expire', [1_500, 3_000, 9_000], ran));
    jobs.register(scheduled('settle', [2_000, 2_500], ran));
    expect(await jobs.runDue()).toEqual([]);
    clock.advance(2_000); // now 3,000
    const done = await jobs.runDue();
    expect(ran).toEqual(['expire@1500', 'settle@2000', 'settle@2500', 'expire@3000']);
    expect(done.map((run) => run.name)).toEqual(['expire', 'settle', 'settle', 'expire']);
    clock.advance(10_000);
    await jobs.runDue();
    expect(ran.at(-1)).toBe('expire@9000');
  });

  it('refuses a job that makes no progress instead of looping', async () => {
    const clock = new SimulatedClock({ startAt: new Date(10_000), frozen: true });
    const jobs = new JobRunner(clock);
    jobs.register({ name: 'stuck', nextDueAt: () => Promise.resolve(5_000), run: () => Promise.resolve() });
    await expect(jobs.runDue()).rejects.toThrow(/made no progress/);
  });

  it('runs a job again for work committed while it ran, due at the same instant, and counts it once', async () => {
    // The day-order expiry read its list; meanwhile the order-writer thread committed an order placed
    // before the clock moved, due at the same close (seen in the SQLite crash run as a 500 answer).
    const clock = new SimulatedClock({ startAt: new Date(10_000), frozen: true });
    const jobs = new JobRunner(clock);
    const ran: string[] = [];
    const pending = [5_000];
    let late = true;
    jobs.register({
      name: 'expire',
      nextDueAt: () => Promise.resolve(pending[0] ?? null),
      run: async (dueAtMs) => {
        const found = pending.filter((at) => at <= dueAtMs);
        pending.splice(0, found.length);
        ran.push(...found.map((at) => `expire@${at}`));
        if (late) {
          late = false;
          pending.unshift(5_000); // committed after the list was read
        }
      },
    });
    const done = await jobs.runDue();
    expect(ran).toEqual(['expire@5000', 'expire@5000']);
    expect(done.map((run) => `${run.name}@${Date.parse(run.dueAt)}`)).toEqual(['expire@5000']);
    expect(pending).toEqual([]);
  });

  it('registers a job once, and forgets it when asked', async () => {
    const clock = new SimulatedClock({ startAt: new Date(10_000), frozen: true });
    const jobs = new JobRunner(clock);
    const ran: string[] = [];
    const stop = jobs.register(scheduled('once', [1], ran));
    expect(() => jobs.register(scheduled('once', [2], ran))).toThrow();
    stop();
    expect(await jobs.runDue()).toEqual([]);
    expect(ran).toEqual([]);
  });
});
