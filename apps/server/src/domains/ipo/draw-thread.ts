import { Worker } from 'node:worker_threads';
import type { MessageKind } from '@bourse/shared/schemas/messages';
import { SimulatedClock, type Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { AppContext } from '../../platform/context.ts';
import { DRAW } from '../../platform/db/write-lock.ts';
import { deserializeError, type SerializedError } from '../../platform/thread-errors.ts';
import { publishMessageVia } from '../messages/messages.service.ts';

/**
 * An IPO draw on its own thread (docs/adr/0007-order-writer-thread.md, "The draw"). On a SQLite file
 * the draw's transactions used to run on the main thread: each chunk of 2,500 settlements is a
 * hundred or more milliseconds of JavaScript and SQLite, and between two chunks Node takes in about
 * one new connection per turn of its event loop — an investor opening the app during a 100,000
 * subscription draw waited for the whole draw (docs/performance.md, "Updates without index
 * writes"). Here a worker thread with its own connection to the file runs the same `settleDraw`,
 * taking the shared write lock as holder 4 (giving way to the main thread's waiting writes as the
 * order writer does), while the main thread goes on answering. On PostgreSQL and in-memory
 * databases the draw stays on the main thread: there the statements run in the database server.
 */

/** What a draw thread is started with (structured-cloned): the database and the app's settings. */
export interface DrawThreadSetup {
  file: string;
  lock: SharedArrayBuffer;
  config: Config;
  clockMode: Clock['mode'];
  /** Whether the main thread's database has a checkpointer thread (then this connection never checkpoints). */
  checkpointThread: boolean;
}

/** The main thread asks the thread for one draw (one at a time). */
export interface DrawRequest {
  type: 'draw';
  issueId: number;
  chunkSize?: number | undefined;
  /** The main thread's clock when the draw was asked for. */
  startedAtMs: number;
  /** Whether that clock runs with real time (every clock but a frozen sandbox clock's, in tests). */
  clockRuns: boolean;
  /** The caller watches each chunk (`afterChunk`): after each, the thread waits for `continue`. */
  stepped: boolean;
}

/** The main thread closes the thread: it closes its connection and answers `closed`. */
export interface DrawClose {
  type: 'close';
}

/** The main thread's word to a stepped draw: go on with the next chunk. */
export interface DrawContinue {
  type: 'continue';
}

/** A `message` event for the main thread to publish: the draw stored a message for the investor. */
export interface DrawMessage {
  userId: number;
  kind: MessageKind;
}

export type DrawReply =
  | { type: 'closed' }
  // A chunk has committed: how many subscriptions are settled so far, and the investors told in it.
  | { type: 'chunk'; settled: number; messages: DrawMessage[] }
  | { type: 'done'; drawn: boolean; messages: DrawMessage[] }
  | { type: 'failed'; error: SerializedError; messages: DrawMessage[] };

/** What the main thread may ask of a draw on the thread. */
export interface DrawThreadOptions {
  chunkSize?: number | undefined;
  /**
   * Told on the main thread after each chunk has committed, with the number settled so far; the
   * thread waits for it before the next chunk. If it throws, the thread is stopped there (as a crash
   * would stop it) and the draw answers that error; a rerun finishes it.
   */
  afterChunk?: ((settled: number) => void | Promise<void>) | undefined;
}

const WORKER_ENTRY = new URL('../../platform/worker-entry.mjs', import.meta.url);
const DRAW_MODULE = new URL('./draw-thread.worker.ts', import.meta.url).href;

/** True when this app's draws run on a thread of their own (a SQLite file with IPO_DRAW_THREAD on). */
export function drawsOnThread(ctx: Pick<AppContext, 'config' | 'database'>): boolean {
  const { database, config } = ctx;
  return config.IPO_DRAW_THREAD && database.dialect === 'sqlite' && database.sqliteFile !== undefined;
}

/** The draw in progress on the thread: its caller's options and how its promise is settled. */
interface CurrentDraw {
  options: DrawThreadOptions;
  resolve: (drawn: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * The app's draw thread. Started with the app outside tests (`start`, from ipo.routes.ts), so a draw
 * does not wait for the thread to load its modules (about 1.5 s: `ipo.service.ts` and what it
 * imports, through tsx) — and kept, idle, between draws; in tests (hundreds of apps, few draws) it
 * starts with the first draw. Draws run one after another. While none runs the thread does not keep
 * the process alive (a test's context closed without its app does not hang).
 */
export class DrawThread {
  private worker: Worker | null = null;
  /** The draw the thread is running, and those asked for after it (started in turn). */
  private current: CurrentDraw | null = null;
  private readonly waiting: Array<{ request: DrawRequest; draw: CurrentDraw }> = [];
  private closing: Promise<void> | null = null;
  private idle: (() => void) | null = null;
  /** Why a thread was stopped by a caller's `afterChunk` (what the draw then answers). */
  private readonly stopReasons = new WeakMap<Worker, unknown>();
  /** The message events of the thread's chunks go out from here (the thread has no hub). */
  private readonly publish: ReturnType<typeof publishMessageVia>;

  constructor(private readonly ctx: AppContext) {
    this.publish = publishMessageVia(() => ctx);
  }

  /** Starts the thread now rather than with the first draw (nothing without a SQLite file). */
  start(): void {
    if (drawsOnThread(this.ctx) && !this.worker && !this.closing) this.spawn();
  }

  /** Whether a thread is running (loaded or loading). */
  get running(): boolean {
    return this.worker !== null;
  }

  /** The thread's id while it runs (tests: a second draw runs on the same thread). */
  get threadId(): number | null {
    return this.worker?.threadId ?? null;
  }

  /**
   * Runs the draw of issue `issueId` on the thread and resolves with its answer (true when it
   * finished the draw). The investors' `message` events are published here as each chunk commits.
   * With no draw in progress the request goes to the thread at once, even before it has loaded (the
   * thread takes it up then) and whatever this thread does next.
   */
  draw(issueId: number, options: DrawThreadOptions = {}): Promise<boolean> {
    if (this.closing) return Promise.reject(new Error('the IPO draw thread is closed'));
    const { clock } = this.ctx;
    return new Promise<boolean>((resolve, reject) => {
      const request: DrawRequest = {
        type: 'draw',
        issueId,
        chunkSize: options.chunkSize,
        startedAtMs: clock.nowMs(),
        clockRuns: !(clock instanceof SimulatedClock && clock.frozen),
        stepped: options.afterChunk !== undefined,
      };
      this.waiting.push({ request, draw: { options, resolve, reject } });
      if (!this.current) this.next();
    });
  }

  /** Waits for the draws asked for, then closes the thread. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.current) await new Promise<void>((resolve) => (this.idle = resolve));
      const worker = this.worker;
      if (!worker) return;
      this.worker = null;
      worker.ref();
      await new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.on('message', (reply: DrawReply) => {
          if (reply.type === 'closed') void worker.terminate();
        });
        worker.postMessage({ type: 'close' } satisfies DrawClose);
      });
    })();
    return this.closing;
  }

  /** Sends the next draw asked for to the thread (started if there is none). */
  private next(): void {
    const upcoming = this.waiting.shift();
    if (!upcoming) {
      this.idle?.();
      this.idle = null;
      return;
    }
    // A draw asked for after the thread started at the clock's time then: a waiting draw starts now.
    upcoming.request.startedAtMs = this.ctx.clock.nowMs();
    try {
      if (!this.worker) this.spawn();
    } catch (error) {
      upcoming.draw.reject(error);
      this.next();
      return;
    }
    this.current = upcoming.draw;
    // The thread keeps the process alive while it draws (a job waits for it), not while it waits.
    this.worker!.ref();
    this.worker!.postMessage(upcoming.request);
  }

  private spawn(): void {
    const { database, config, clock } = this.ctx;
    if (!database.sqliteFile || !database.writeLock) throw new Error('a draw thread needs a SQLite file');
    const writeLock = database.writeLock;
    const setup: DrawThreadSetup = {
      file: database.sqliteFile,
      lock: writeLock.buffer,
      config,
      clockMode: clock.mode,
      checkpointThread: database.checkpointer !== undefined,
    };
    const worker = new Worker(WORKER_ENTRY, { name: 'ipo-draw', workerData: { entry: DRAW_MODULE, ...setup } });
    worker.unref();
    this.worker = worker;
    worker.on('message', (reply: DrawReply) => this.onReply(worker, reply));
    // A thread that dies (a bug, out of memory, or stopped by a caller's `afterChunk`) fails the draw
    // in progress; the next draw starts another thread.
    let failure: unknown = null;
    worker.on('error', (error) => (failure ??= error));
    worker.once('exit', (code) => {
      if (this.worker === worker) this.worker = null;
      // Stopped while it held the lock (killed in a chunk): it lets go of it; SQLite rolled back what
      // it had not committed.
      writeLock.releaseIfHeldBy(DRAW);
      const reason = this.stopReasons.has(worker) ? this.stopReasons.get(worker) : failure;
      this.finish({ error: reason ?? new Error(`the IPO draw thread exited (${code}) before it finished`) });
    });
  }

  private onReply(worker: Worker, reply: DrawReply): void {
    if (reply.type === 'closed') return;
    for (const told of reply.messages) this.publish(told.userId, told.kind);
    if (reply.type === 'done') this.finish({ drawn: reply.drawn });
    else if (reply.type === 'failed') this.finish({ error: deserializeError(reply.error, 'IPO draw') });
    else {
      const current = this.current;
      if (!current?.options.afterChunk) return;
      void (async () => current.options.afterChunk?.(reply.settled))().then(
        () => worker.postMessage({ type: 'continue' } satisfies DrawContinue),
        (error: unknown) => {
          // Stopped here as a crash would stop it: the draw answers this error once the thread has
          // gone (its lock let go of: the next draw's thread takes it as the same holder).
          this.stopReasons.set(worker, error);
          void worker.terminate();
        },
      );
    }
  }

  /**
   * Settles the draw in progress (once), then sends the next one, or lets the idle thread go from
   * the process's life.
   */
  private finish(result: { drawn: boolean } | { error: unknown }): void {
    const current = this.current;
    if (!current) return;
    this.current = null;
    this.worker?.unref();
    if ('drawn' in result) current.resolve(result.drawn);
    else current.reject(result.error instanceof Error ? result.error : new Error(String(result.error)));
    this.next();
  }
}

const threads = new WeakMap<AppContext, DrawThread>();

/** The app's draw thread (one per app: two would share the write lock's holder id). */
export function drawThread(ctx: AppContext): DrawThread {
  let thread = threads.get(ctx);
  if (!thread) {
    thread = new DrawThread(ctx);
    threads.set(ctx, thread);
  }
  return thread;
}

/** Runs the draw of issue `issueId` on the app's draw thread (see DrawThread.draw). */
export function drawOnThread(ctx: AppContext, issueId: number, options: DrawThreadOptions = {}): Promise<boolean> {
  return drawThread(ctx).draw(issueId, options);
}
