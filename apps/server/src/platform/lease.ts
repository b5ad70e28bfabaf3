import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { DatabaseHandle } from './db/database.ts';
import type { Fence } from './db/fence.ts';

export { LeaseLostError, runFenced, type Fence } from './db/fence.ts';

/** How long a lease lasts without renewal, and how often its holder renews it. */
export const LEASE_TTL_MS = 10_000;
export const LEASE_RENEW_MS = 3_000;

/** A name for this process as a lease holder: host, process id and a random part (unique per start). */
export function holderId(): string {
  return `${hostname().slice(0, 60)}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export interface LeaseOptions {
  holder: string;
  ttlMs?: number;
  /** Real time in epoch ms (never the sandbox clock: leases measure how long a process is silent). */
  now?: () => number;
}

/**
 * A lease held in the database (`job_leases`), so that some work runs on one instance at a time:
 * `acquire()` takes a free or expired lease (incrementing its fencing token) or renews this holder's
 * own, and answers the token, or null while another instance holds it. Between calls, `held()`
 * answers the token only while the last successful acquisition has not run out. Work done under it
 * runs fenced (`runFenced`): its transactions re-check the token before they write.
 *
 * Instances compare their own clocks with the stored expiry: they must agree to well within the TTL
 * (NTP does). The same table and statements serve SQLite (one process) and PostgreSQL.
 */
export class Lease {
  readonly holder: string;
  readonly ttlMs: number;
  private readonly now: () => number;
  private token: number | null = null;
  private validUntil = 0;

  constructor(
    private readonly database: DatabaseHandle,
    readonly name: string,
    options: LeaseOptions,
  ) {
    this.holder = options.holder;
    this.ttlMs = options.ttlMs ?? LEASE_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** Takes or renews the lease; the fencing token while this holder has it, null otherwise. */
  async acquire(): Promise<number | null> {
    const startedAt = this.now();
    const expiresAt = startedAt + this.ttlMs;
    const db = this.database.db;
    const inserted = await db
      .insertInto('jobLeases')
      .values({ name: this.name, holder: this.holder, fencingToken: 1, expiresAt })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('fencingToken')
      .executeTakeFirst();
    let token = inserted ? Number(inserted.fencingToken) : null;
    if (token === null) {
      // Ours: renew with the same token. Someone else's that ran out: take it over with the next one.
      // The WHERE is evaluated on the current row, so of two instances racing for an expired lease
      // one updates and the other finds it no longer expired.
      const updated = await db
        .updateTable('jobLeases')
        .set((eb) => ({
          fencingToken: eb
            .case()
            .when('holder', '=', this.holder)
            .then(eb.ref('fencingToken'))
            .else(eb('fencingToken', '+', 1))
            .end(),
          holder: this.holder,
          expiresAt,
        }))
        .where('name', '=', this.name)
        .where((eb) => eb.or([eb('holder', '=', this.holder), eb('expiresAt', '<=', startedAt)]))
        .returning('fencingToken')
        .executeTakeFirst();
      token = updated ? Number(updated.fencingToken) : null;
    }
    this.token = token;
    // Counted from before the statement was sent: the stored expiry is never earlier than ours.
    this.validUntil = token === null ? 0 : expiresAt;
    return token;
  }

  /** The token while the lease is believed held (its last acquisition has not run out), else null. */
  held(marginMs = 0): number | null {
    return this.token !== null && this.now() + marginMs < this.validUntil ? this.token : null;
  }

  /** The fence for work under the lease, while it is held. */
  fence(): Fence | null {
    const token = this.held();
    return token === null ? null : { lease: this.name, token };
  }

  /** Gives the lease up (a clean stop), so another instance takes it at once instead of after the TTL. */
  async release(): Promise<void> {
    if (this.token === null) return;
    this.token = null;
    this.validUntil = 0;
    await this.database.db
      .updateTable('jobLeases')
      .set({ expiresAt: 0 })
      .where('name', '=', this.name)
      .where('holder', '=', this.holder)
      .execute();
  }

  /** Forgets the lease locally (after a LeaseLostError): the next acquire() asks the database again. */
  lost(): void {
    this.token = null;
    this.validUntil = 0;
  }
}

/**
 * Keeps trying for a lease every `pollMs` (a free or expired one is taken within that) and renews it
 * once it is `renewMs` old: calls `onGained` when this instance becomes the holder and `onLost` when
 * it stops being one (renewal refused, or failing until less than `renewMs` of it is left).
 * Leadership of the market simulator (bootstrap.ts) runs on one.
 */
export class LeaseKeeper {
  private timer: NodeJS.Timeout | null = null;
  private leading = false;
  private turn: Promise<void> = Promise.resolve();

  constructor(
    readonly lease: Lease,
    private readonly handlers: {
      onGained: () => Promise<void> | void;
      onLost: () => Promise<void> | void;
      onError?: (error: unknown) => void;
    },
    private readonly renewMs = LEASE_RENEW_MS,
    private readonly pollMs = 1_000,
  ) {}

  get isLeading(): boolean {
    return this.leading;
  }

  /** One attempt: acquire or renew, then tell the handlers if leadership changed. */
  check(): Promise<void> {
    this.turn = this.turn.then(async () => {
      try {
        // The holder renews once the lease is renewMs old; the others ask on every poll.
        if (this.lease.held(this.lease.ttlMs - this.renewMs) === null) await this.lease.acquire();
      } catch (error) {
        // The database is unreachable: keep leading only while the last renewal has not run out.
        this.handlers.onError?.(error);
      }
      const holds = this.lease.held(this.renewMs) !== null;
      if (holds && !this.leading) {
        this.leading = true;
        await this.handlers.onGained();
      } else if (!holds && this.leading) {
        this.leading = false;
        await this.handlers.onLost();
      }
    });
    return this.turn;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(
      () => void this.check().catch((error: unknown) => this.handlers.onError?.(error)),
      this.pollMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.turn.catch(() => undefined);
    if (this.leading) {
      this.leading = false;
      await this.handlers.onLost();
    }
    await this.lease.release();
  }
}

/** Records a job's run for one due time in `job_runs`, under the run's fence. */
export function jobRunRecorder(database: DatabaseHandle, holder: string, now: () => number = Date.now) {
  return (run: { name: string; dueAtMs: number; token: number }): Promise<void> =>
    database.transaction(async (trx) => {
      await trx
        .insertInto('jobRuns')
        .values({ job: run.name, dueAt: run.dueAtMs, holder, fencingToken: run.token, ranAt: now() })
        .execute();
    });
}
