import { Worker } from 'node:worker_threads';
import type { MessageKind } from '@bourse/shared/schemas/messages';
import type { CalendarOptions } from '../../platform/calendar.ts';
import type { ExchangeCalendarsSnapshot } from '../../platform/exchange-calendars.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { AppContext } from '../../platform/context.ts';
import { WRITER } from '../../platform/db/write-lock.ts';
import type { WriteQueue } from '../../platform/db/write-queue.ts';
import { publishMessageVia, type PublishMessage } from '../messages/messages.service.ts';
import { deserializeError, type SerializedError } from '../../platform/thread-errors.ts';
import { placeOrderUnit, type PlaceOrderCommand, type PlaceOrderOutcome } from './order-placement.ts';

/** What the order writer thread is started with (structured-cloned). */
export interface WriterSetup {
  file: string;
  lock: SharedArrayBuffer;
  config: Config;
  calendar: CalendarOptions;
  /** Each exchange's hours and holidays (a sale settles on its exchange's next business day). */
  exchanges: ExchangeCalendarsSnapshot;
  /** The app's clock mode; the instants themselves come with each order. */
  clockMode: Clock['mode'];
  /** Whether the main thread's database has a checkpointer thread (then this connection never checkpoints). */
  checkpointThread: boolean;
}

/** Orders go over in one message per turn of the event loop, answers in one message per batch. */
export type WriterRequest =
  | { type: 'place'; orders: Array<{ id: number; command: PlaceOrderCommand }> }
  | { type: 'close' }
  // Operators changed an exchange's holidays or hours: the thread's own calendars follow.
  | { type: 'calendars'; exchanges: ExchangeCalendarsSnapshot };

export type WriterResult =
  { id: number; ok: true; outcome: PlaceOrderOutcome } | { id: number; ok: false; error: SerializedError };

/** A `message` event for the main thread to publish: the thread stored a message for the investor. */
export interface WriterMessage {
  userId: number;
  kind: MessageKind;
}

export type WriterReply =
  | { type: 'ready' }
  | { type: 'closed' }
  // The batch's results, and the message events its after-commit hooks raised.
  | { type: 'results'; results: WriterResult[]; messages: WriterMessage[] };

/** A thread being started: settles when it has loaded (or is gone, a failure already reported). */
interface Starting {
  worker: Worker;
  loaded: Promise<void>;
  ready: boolean;
}

interface Pending {
  /** The thread the order was handed to. */
  worker: Worker;
  resolve: (outcome: PlaceOrderOutcome) => void;
  reject: (error: unknown) => void;
}

const WORKER_ENTRY = new URL('../../platform/worker-entry.mjs', import.meta.url);
const WRITER_MODULE = new URL('./order-writer.worker.ts', import.meta.url).href;

/**
 * Writes orders (docs/adr/0007-order-writer-thread.md). On a SQLite file with
 * TRADE_WRITER_THREAD on, a worker thread with its own connection runs the order transactions and
 * their group COMMIT, so the fsync no longer stops the event loop and the statements run beside the
 * HTTP work on another core. Otherwise (PostgreSQL, an in-memory database, or switched off) the same
 * unit runs in this thread through the engine's write queue.
 */
export class OrderWriter {
  private worker: Worker | null = null;
  /** The current thread's start: whether it has said `ready`, and a promise of that. */
  private starting: Starting | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closing: Promise<void> | null = null;
  private outbox: Array<{ id: number; command: PlaceOrderCommand }> = [];
  private idle: (() => void) | null = null;
  /** The `message` events of the thread's committed batches go out from here (the thread has no hub). */
  private readonly publish: PublishMessage;

  constructor(
    private readonly ctx: AppContext,
    private readonly inProcess: WriteQueue,
    /** Where a failure of the thread is reported. */
    private readonly onThreadError: (error: unknown) => void = () => {},
  ) {
    this.publish = publishMessageVia(() => ctx);
  }

  /**
   * Starts the thread now rather than with the first order (it takes about half a second to load),
   * so that the first investor does not wait for it and a thread that cannot start shows at boot.
   */
  start(): void {
    if (this.threaded && !this.worker && !this.closing) this.spawn();
  }

  /**
   * Resolves once the thread started by `start` (or by an order) has loaded and is taking orders, or
   * has failed (reported through `onThreadError`; the next order starts another). At once without a
   * thread. The app waits for this before it listens (trading.routes.ts, `onReady`): otherwise the
   * first orders after a start or a restart wait for the thread to load — seconds on a busy machine,
   * while every other request is already answered.
   */
  whenReady(): Promise<void> {
    return this.starting?.loaded ?? Promise.resolve();
  }

  /** True once the current thread has loaded (false with no thread). */
  get threadReady(): boolean {
    return this.starting?.ready === true;
  }

  /** True when orders go to the writer thread. */
  get threaded(): boolean {
    const { database, config } = this.ctx;
    return config.TRADE_WRITER_THREAD && database.dialect === 'sqlite' && database.sqliteFile !== undefined;
  }

  /** Places the order; resolves once its transaction has committed. */
  place(input: Omit<PlaceOrderCommand, 'market'>): Promise<PlaceOrderOutcome> {
    const command: PlaceOrderCommand = {
      userId: input.userId,
      order: input.order,
      key: input.key,
      nowMs: input.nowMs,
      lang: input.lang,
      market: {
        // The instrument's exchange decides (its own hours and zone; all open in 24/7 mode).
        open: this.ctx.market.isOpen(input.nowMs, input.order.code),
        quote: this.ctx.market.quote(input.order.code),
      },
    };
    if (this.closing) return Promise.reject(new Error('the order writer is closed'));
    if (!this.threaded) return this.inProcess.run((trx) => placeOrderUnit(this.ctx, trx, command));
    const worker = this.worker ?? this.spawn();
    const id = this.nextId++;
    return new Promise<PlaceOrderOutcome>((resolve, reject) => {
      this.pending.set(id, { worker, resolve, reject });
      this.outbox.push({ id, command });
      // Every order read in this turn of the event loop goes over in one message.
      if (this.outbox.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const orders = this.outbox;
    this.outbox = [];
    // Without a thread, the orders were failed with it (and left the outbox then).
    if (orders.length > 0) this.worker?.postMessage({ type: 'place', orders } satisfies WriterRequest);
  }

  /** Waits for every order in flight, then stops the thread. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.pending.size > 0) await new Promise<void>((resolve) => (this.idle = resolve));
      const worker = this.worker;
      if (!worker) return;
      this.worker = null;
      await new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.on('message', (message: WriterReply) => {
          if (message.type === 'closed') void worker.terminate();
        });
        worker.postMessage({ type: 'close' } satisfies WriterRequest);
      });
    })();
    return this.closing;
  }

  private spawn(): Worker {
    const { database, config, calendar, exchanges, clock } = this.ctx;
    if (!database.sqliteFile || !database.writeLock) throw new Error('the order writer thread needs a SQLite file');
    const setup: WriterSetup = {
      file: database.sqliteFile,
      lock: database.writeLock.buffer,
      config,
      calendar: calendar.options,
      exchanges: exchanges.snapshot(),
      clockMode: clock.mode,
      checkpointThread: database.checkpointer !== undefined,
    };
    const worker = new Worker(WORKER_ENTRY, { name: 'order-writer', workerData: { entry: WRITER_MODULE, ...setup } });
    let loaded = () => {};
    const starting: Starting = { worker, ready: false, loaded: new Promise<void>((resolve) => (loaded = resolve)) };
    this.starting = starting;
    worker.on('message', (message: WriterReply) => {
      if (message.type === 'ready') {
        starting.ready = true;
        loaded();
      }
      this.onReply(message);
    });
    // A thread that fails before it is ready settles the wait too (the failure is reported below).
    worker.once('exit', () => loaded());
    // A thread that dies (a bug, out of memory) fails the orders it held; the next order starts a new
    // one. ('error' is followed by 'exit': the second call finds nothing left of this thread.)
    const fail = (error: unknown) => {
      if (this.worker !== worker) return;
      this.worker = null;
      if (this.starting?.worker === worker) this.starting = null;
      // Its connection went with it (SQLite rolled back what it had not committed); so must its turn.
      database.writeLock?.releaseIfHeldBy(WRITER);
      this.outbox = [];
      for (const [id, entry] of this.pending) {
        if (entry.worker !== worker) continue;
        this.pending.delete(id);
        entry.reject(error);
      }
      this.settleIdle();
    };
    worker.on('error', (error) => {
      this.onThreadError(error);
      fail(error);
    });
    worker.on('exit', (code) => fail(new Error(`the order writer thread exited (${code})`)));
    // Messages to the thread keep their order, so an order placed after a holiday change is written
    // with the new calendars (its T+1 date).
    const stopCalendars = exchanges.onChange(() =>
      worker.postMessage({ type: 'calendars', exchanges: exchanges.snapshot() } satisfies WriterRequest),
    );
    worker.once('exit', stopCalendars);
    this.worker = worker;
    return worker;
  }

  private onReply(message: WriterReply): void {
    if (message.type !== 'results') return;
    for (const told of message.messages) this.publish(told.userId, told.kind);
    for (const result of message.results) {
      const entry = this.pending.get(result.id);
      if (!entry) continue;
      this.pending.delete(result.id);
      if (result.ok) entry.resolve(result.outcome);
      else entry.reject(deserializeError(result.error, 'order writer'));
    }
    this.settleIdle();
  }

  private settleIdle(): void {
    if (this.pending.size === 0 && this.idle) {
      const idle = this.idle;
      this.idle = null;
      idle();
    }
  }
}
