import { Worker } from 'node:worker_threads';
import { CHECKPOINTER, type WriteLock } from './write-lock.ts';

export interface CheckpointerOptions {
  /** How often the thread looks at the WAL (ms). */
  intervalMs?: number;
  /**
   * WAL frames (pages) from which the thread finishes a checkpoint under the write lock, so that the
   * next write starts the WAL again from its beginning instead of growing it.
   */
  restartFrames?: number;
}

/** What the thread is started with (structured-cloned). */
export interface CheckpointerSetup {
  file: string;
  lock: SharedArrayBuffer;
  intervalMs: number;
  restartFrames: number;
}

/** One checkpoint that copied something: frames in the WAL and frames copied, after each phase. */
export interface CheckpointRun {
  /** Frames in the WAL and frames in the database after the lock-free pass. */
  log: number;
  checkpointed: number;
  /** Passes without the lock (the first, then catching up with what writers appended meanwhile). */
  passes: number;
  /** True when the rest was copied under the write lock (the WAL starts again at the next write). */
  underLock: boolean;
  /** Frames copied in all, after the last pass, and how long the write lock was held (ms). */
  finalCheckpointed: number;
  lockHeldMs: number;
}

export type CheckpointerMessage =
  { type: 'ready' } | { type: 'checkpoint'; run: CheckpointRun } | { type: 'error'; message: string };

export interface CheckpointerStats {
  /** Checkpoints that copied frames, and how many of them finished under the write lock. */
  runs: number;
  underLock: number;
  /** Threads started after one had died. */
  restarts: number;
}

const WORKER_ENTRY = new URL('../worker-entry.mjs', import.meta.url);
const CHECKPOINTER_MODULE = new URL('./checkpointer.worker.ts', import.meta.url).href;

/**
 * The WAL's checkpoints, off the threads that serve requests and write orders
 * (docs/adr/0008-checkpointer-thread.md). SQLite otherwise runs a checkpoint inside the COMMIT that
 * crosses `wal_autocheckpoint`: that COMMIT — an order batch's or a request's — then takes tens of
 * milliseconds instead of two. With a checkpointer, every connection of the process has automatic
 * checkpoints off and this thread, with its own connection, copies the WAL into the database file:
 * first without any lock (writers go on appending), then, once the WAL is long, the little that was
 * appended meanwhile under the write lock, so that the next write can start the WAL from the
 * beginning. If the thread dies, it is started again; the WAL grows meanwhile, nothing is lost.
 */
export class Checkpointer {
  private worker: Worker | null = null;
  private closing: Promise<void> | null = null;
  private readonly setup: CheckpointerSetup;
  readonly stats: CheckpointerStats = { runs: 0, underLock: 0, restarts: 0 };
  /** Where failures go (the app sets its logger). */
  onError: (error: Error) => void = (error) => console.error(error);
  /** Called after each checkpoint that copied frames (tests). */
  onCheckpoint: ((run: CheckpointRun) => void) | null = null;
  private markReady: () => void = () => {};
  /** Resolves once a thread has opened its connection and looks at the WAL. */
  readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));

  constructor(
    file: string,
    private readonly lock: WriteLock,
    options: CheckpointerOptions = {},
  ) {
    this.setup = {
      file,
      lock: lock.buffer,
      intervalMs: options.intervalMs ?? 400,
      restartFrames: options.restartFrames ?? 12_000,
    };
  }

  start(): void {
    if (!this.worker && !this.closing) this.spawn();
  }

  /** Stops the thread (it closes its connection first). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const worker = this.worker;
      this.worker = null;
      if (!worker) return;
      await new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage({ type: 'close' });
        // A thread still loading its modules answers only once loaded; it has no connection yet.
        setTimeout(() => void worker.terminate(), 5_000).unref();
      });
    })();
    return this.closing;
  }

  private spawn(): void {
    const worker = new Worker(WORKER_ENTRY, {
      name: 'sqlite-checkpointer',
      workerData: { ...this.setup, entry: CHECKPOINTER_MODULE },
    });
    worker.on('message', (message: CheckpointerMessage) => {
      if (message.type === 'ready') this.markReady();
      else if (message.type === 'checkpoint') this.record(message.run);
      else if (message.type === 'error') this.onError(new Error(`checkpointer: ${message.message}`));
    });
    worker.on('error', (error) => this.onError(error));
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = null;
      // It may have died holding the write lock; its connection went with it.
      this.lock.releaseIfHeldBy(CHECKPOINTER);
      this.onError(new Error(`the checkpointer thread exited (${code}); starting it again`));
      this.stats.restarts += 1;
      setTimeout(() => this.start(), 1_000).unref();
    });
    this.worker = worker;
  }

  private record(run: CheckpointRun): void {
    this.stats.runs += 1;
    if (run.underLock) this.stats.underLock += 1;
    this.onCheckpoint?.(run);
  }

  /** For tests: ends the thread as a crash would. */
  kill(): Promise<number> {
    return this.worker ? this.worker.terminate() : Promise.resolve(0);
  }
}
