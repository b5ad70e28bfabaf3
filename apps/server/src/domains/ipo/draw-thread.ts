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

/** What a draw thread is started with (structured-cloned): the database and the one draw to run. */
export interface DrawThreadSetup {
  file: string;
  lock: SharedArrayBuffer;
  config: Config;
  clockMode: Clock['mode'];
  /** The main thread's clock when the draw was started. */
  startedAtMs: number;
  /** Whether that clock runs with real time (every clock but a frozen sandbox clock's, in tests). */
  clockRuns: boolean;
  /** Whether the main thread's database has a checkpointer thread (then this connection never checkpoints). */
  checkpointThread: boolean;
  issueId: number;
  chunkSize?: number | undefined;
  /** The caller watches each chunk (`afterChunk`): after each, the thread waits for `continue`. */
  stepped: boolean;
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

// One draw thread at a time per app: two would share the lock's holder id, and the draws of one
// job run one after another anyway.
const running = new WeakMap<AppContext, Promise<unknown>>();

/**
 * Runs the draw of issue `issueId` on a new thread and resolves with its answer (true when it
 * finished the draw). The investors' `message` events are published here as each chunk commits.
 */
export function drawOnThread(ctx: AppContext, issueId: number, options: DrawThreadOptions = {}): Promise<boolean> {
  const previous = running.get(ctx);
  // Started at once when no other draw runs (the thread goes on even if this thread is busy).
  const run = previous ? previous.then(() => runThread(ctx, issueId, options)) : runThread(ctx, issueId, options);
  const settled = run.catch(() => {});
  running.set(ctx, settled);
  void settled.then(() => {
    if (running.get(ctx) === settled) running.delete(ctx);
  });
  return run;
}

function runThread(ctx: AppContext, issueId: number, options: DrawThreadOptions): Promise<boolean> {
  const { database, config, clock } = ctx;
  if (!database.sqliteFile || !database.writeLock) throw new Error('a draw thread needs a SQLite file');
  const writeLock = database.writeLock;
  const setup: DrawThreadSetup = {
    file: database.sqliteFile,
    lock: writeLock.buffer,
    config,
    clockMode: clock.mode,
    startedAtMs: clock.nowMs(),
    clockRuns: !(clock instanceof SimulatedClock && clock.frozen),
    checkpointThread: database.checkpointer !== undefined,
    issueId,
    chunkSize: options.chunkSize,
    stepped: options.afterChunk !== undefined,
  };
  const publish = publishMessageVia(() => ctx);
  const worker = new Worker(WORKER_ENTRY, { name: 'ipo-draw', workerData: { entry: DRAW_MODULE, ...setup } });
  return new Promise<boolean>((resolve, reject) => {
    let outcome: { drawn: boolean } | { error: unknown } | null = null;
    // The answer is given once the thread has gone (its connection closed, the lock free).
    const stop = (result: { drawn: boolean } | { error: unknown }) => {
      outcome ??= result;
      void worker.terminate();
    };
    worker.on('message', (reply: DrawReply) => {
      for (const told of reply.messages) publish(told.userId, told.kind);
      // The thread has closed its connection before it answers: it is stopped at once.
      if (reply.type === 'done') stop({ drawn: reply.drawn });
      else if (reply.type === 'failed') stop({ error: deserializeError(reply.error, 'IPO draw') });
      else if (options.afterChunk && outcome === null) {
        void (async () => options.afterChunk?.(reply.settled))().then(
          () => worker.postMessage({ type: 'continue' } satisfies DrawContinue),
          (error: unknown) => stop({ error }),
        );
      }
    });
    worker.on('error', (error) => stop({ error }));
    worker.once('exit', (code) => {
      // A thread stopped while it held the lock (killed in a chunk) lets go of it; SQLite rolled back
      // what it had not committed.
      writeLock.releaseIfHeldBy(DRAW);
      const result = outcome ?? { error: new Error(`the IPO draw thread exited (${code}) before it finished`) };
      if ('drawn' in result) resolve(result.drawn);
      else reject(result.error instanceof Error ? result.error : new Error(String(result.error)));
    });
  });
}
