// The order writer thread (docs/adr/0007-order-writer-thread.md): its own connection to the SQLite
// file, a group-commit queue on it, and the order placement unit. The main thread parses, checks and
// answers requests; this thread writes orders and waits for their fsync.
import { parentPort, workerData } from 'node:worker_threads';
import { BusinessCalendar } from '../../platform/calendar.ts';
import { ExchangeCalendars } from '../../platform/exchange-calendars.ts';
import type { Clock } from '../../platform/clock.ts';
import { openSqlite } from '../../platform/db/database.ts';
import { WriteQueue } from '../../platform/db/write-queue.ts';
import { WRITER, WriteLock } from '../../platform/db/write-lock.ts';
import { Ledger } from '../../platform/ledger/ledger.ts';
import { OutboxNotifier } from '../../platform/notifier.ts';
import { MessageCentreNotifier, type PublishMessage } from '../messages/messages.service.ts';
import { serializeError } from '../../platform/thread-errors.ts';
import { placeOrderUnit } from './order-placement.ts';
import type { TradingContext } from './order-rules.ts';
import type { WriterMessage, WriterReply, WriterRequest, WriterResult, WriterSetup } from './order-writer.ts';

const port = parentPort;
if (!port) throw new Error('the order writer runs as a worker thread');
const setup = workerData as WriterSetup;
const { config } = setup;
const database = openSqlite(setup.file, {
  writeLock: new WriteLock(WRITER, setup.lock),
  checkpoints: setup.checkpointThread ? 'elsewhere' : 'connection',
});
// Every command brings its instant (commandContext): this clock is never read for one.
const clock: Clock = { mode: setup.clockMode, nowMs: () => Date.now(), now: () => new Date() };
// A fill tells the investor in its transaction (SMS outbox and message centre, as the app's
// notifier does). This thread has no hub: the `message` events of a committed batch go back with
// its results, and the main thread publishes them.
let messages: WriterMessage[] = [];
const publish: PublishMessage = (userId, kind) => void messages.push({ userId, kind });
const notifierAt = (nowMs: () => number) =>
  new MessageCentreNotifier(new OutboxNotifier(nowMs, 'sqlite'), 'sqlite', nowMs, publish);
const calendar = new BusinessCalendar(setup.calendar);
const exchanges = new ExchangeCalendars(calendar);
exchanges.restore(setup.exchanges);
const base: TradingContext = {
  config,
  database,
  calendar,
  exchanges,
  clock,
  ledger: new Ledger('sqlite', config.CURRENCY, clock),
  notifier: notifierAt(() => clock.nowMs()),
  // Every command brings the quote it was taken at (commandContext); there is no live market here.
  market: { isOpen: () => false, quote: () => undefined },
};
const queue = new WriteQueue(database, { maxBatch: config.TRADE_GROUP_COMMIT_MAX_BATCH });

const reply = (message: WriterReply) => port.postMessage(message);

// The results of one batch settle together after its COMMIT; they go back in one message.
let results: WriterResult[] = [];
const settle = (result: WriterResult) => {
  results.push(result);
  if (results.length === 1) {
    queueMicrotask(() => {
      const done = results;
      const told = messages;
      results = [];
      messages = [];
      reply({ type: 'results', results: done, messages: told });
    });
  }
};

port.on('message', (request: WriterRequest) => {
  if (request.type === 'calendars') {
    exchanges.restore(request.exchanges);
    return;
  }
  if (request.type === 'close') {
    // Sent after every order has been answered: nothing is queued.
    void database.close().then(() => reply({ type: 'closed' }));
    return;
  }
  for (const { id, command } of request.orders) {
    queue
      .run((trx) =>
        placeOrderUnit(
          base,
          trx,
          command,
          notifierAt(() => command.nowMs),
        ),
      )
      .then(
        (outcome) => settle({ id, ok: true, outcome }),
        (error: unknown) => settle({ id, ok: false, error: serializeError(error) }),
      );
  }
});

reply({ type: 'ready' });
