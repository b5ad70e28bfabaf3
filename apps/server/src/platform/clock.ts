/** The source of "now" for every rule that depends on time. Injected so tests and demos can move it. */
export interface Clock {
  readonly mode: 'real' | 'simulated';
  now(): Date;
  nowMs(): number;
}

export class SystemClock implements Clock {
  readonly mode = 'real' as const;
  now(): Date {
    return new Date();
  }
  nowMs(): number {
    return Date.now();
  }
}

/**
 * A sandbox clock: starts at real time (or a given instant) and runs with it, plus an offset that
 * only ever grows, moved by `advance`. Time never goes backwards.
 */
export class SimulatedClock implements Clock {
  readonly mode = 'simulated' as const;
  private offsetMs = 0;
  private readonly startReal: number;
  private readonly startAt: number;

  /**
   * `aheadMs`: how far an earlier process had moved the clock ahead (the sum of its audited
   * advances, `auditedClockAdvanceMs`), so that a restart does not take the sandbox back in time.
   */
  constructor(options: { startAt?: Date; frozen?: boolean; aheadMs?: number } = {}) {
    this.startReal = Date.now();
    this.startAt = options.startAt?.getTime() ?? this.startReal;
    this.frozen = options.frozen ?? false;
    this.offsetMs = options.aheadMs ?? 0;
  }

  /** True when the clock stands still but for `advance` (tests). */
  readonly frozen: boolean;

  nowMs(): number {
    const elapsed = this.frozen ? 0 : Date.now() - this.startReal;
    return this.startAt + elapsed + this.offsetMs;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  /** How far `advance` (or `adopt`) has moved this clock ahead in all. */
  get aheadMs(): number {
    return this.offsetMs;
  }

  /**
   * Moves the clock to `aheadMs` ahead when that is further than it stands (another instance
   * advanced the shared sandbox clock); never back. True when it moved.
   */
  adopt(aheadMs: number): boolean {
    if (!Number.isSafeInteger(aheadMs) || aheadMs <= this.offsetMs) return false;
    this.offsetMs = aheadMs;
    return true;
  }

  advance(ms: number): Date {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`cannot advance the clock by ${ms} ms`);
    this.offsetMs += ms;
    return this.now();
  }
}
