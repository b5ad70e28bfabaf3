// An IPO draw's thread (draw-thread.ts): its own connection to the SQLite file, the ledger and the
// notifier as the app builds them, and the draw itself (`settleDraw`, the same function the main
// thread runs on PostgreSQL). It runs the draws the main thread asks for, one at a time, until it is
// closed.
import { parentPort, workerData } from 'node:worker_threads';
import type { Clock } from '../../platform/clock.ts';
import { openSqlite } from '../../platform/db/database.ts';
import { DRAW, WriteLock } from '../../platform/db/write-lock.ts';
import { Ledger } from '../../platform/ledger/ledger.ts';
import { OutboxNotifier } from '../../platform/notifier.ts';
import { serializeError } from '../../platform/thread-errors.ts';
import { MessageCentreNotifier, type PublishMessage } from '../messages/messages.service.ts';
import type { DrawClose, DrawContinue, DrawMessage, DrawReply, DrawRequest, DrawThreadSetup } from './draw-thread.ts';
import { settleDraw } from './ipo.service.ts';

const port = parentPort;
if (!port) throw new Error('the IPO draw runs as a worker thread');
const setup = workerData as DrawThreadSetup;
const { config } = setup;
const database = openSqlite(setup.file, {
  writeLock: new WriteLock(DRAW, setup.lock),
  checkpoints: setup.checkpointThread ? 'elsewhere' : 'connection',
});
// The main thread's clock, sandbox lead included, running on from when the draw was asked for (or
// standing still with it): set by each draw request.
let startedAtMs = 0;
let startedReal = 0;
let clockRuns = true;
const nowMs = () => startedAtMs + (clockRuns ? Date.now() - startedReal : 0);
const clock: Clock = { mode: setup.clockMode, nowMs, now: () => new Date(nowMs()) };
// Each investor told is kept in their message centre in the chunk's transaction (as the app's
// notifier does); this thread has no hub, so the `message` events go back with each chunk.
let messages: DrawMessage[] = [];
const publish: PublishMessage = (userId, kind) => void messages.push({ userId, kind });
const taken = () => {
  const told = messages;
  messages = [];
  return told;
};
const reply = (message: DrawReply) => port.postMessage(message);

const ctx = {
  config,
  database,
  clock,
  ledger: new Ledger('sqlite', config.CURRENCY, clock),
  notifier: new MessageCentreNotifier(new OutboxNotifier(nowMs, 'sqlite'), 'sqlite', nowMs, publish),
};

async function draw(request: DrawRequest): Promise<DrawReply> {
  startedAtMs = request.startedAtMs;
  startedReal = Date.now();
  clockRuns = request.clockRuns;
  try {
    const drawn = await settleDraw(ctx, request.issueId, {
      chunkSize: request.chunkSize,
      afterChunk: async (settled) => {
        reply({ type: 'chunk', settled, messages: taken() });
        // A caller watching each chunk (a test, the benchmark) says when to go on, or stops the thread.
        if (request.stepped) await new Promise<void>((resolve) => (goOn = resolve));
      },
    });
    return { type: 'done', drawn, messages: taken() };
  } catch (error) {
    return { type: 'failed', error: serializeError(error), messages: taken() };
  }
}

// Messages come one draw at a time (the main thread waits for each answer), `continue` while a
// stepped draw waits, and `close` when nothing is drawn. The listener also keeps this thread alive
// while it waits for the write lock (an `Atomics.waitAsync` alone does not).
let goOn: (() => void) | null = null;
port.on('message', (message: DrawRequest | DrawContinue | DrawClose) => {
  if (message.type === 'continue') {
    goOn?.();
    goOn = null;
  } else if (message.type === 'draw') {
    void draw(message).then(reply);
  } else {
    void database.close().then(() => reply({ type: 'closed' }));
  }
});
