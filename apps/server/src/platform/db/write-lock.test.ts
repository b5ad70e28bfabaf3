import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKPOINTER, MAIN, WRITER, WriteLock } from './write-lock.ts';

const ENTRY = new URL('../worker-entry.mjs', import.meta.url);
const HELPER = new URL('./write-lock.test-worker.ts', import.meta.url).href;

let workers: Worker[] = [];
afterEach(async () => {
  await Promise.all(workers.map((worker) => worker.terminate()));
  workers = [];
});

/** The writer side in a real thread, and a way to wait for its next message of a type. */
async function writerThread(lock: WriteLock, counter = new SharedArrayBuffer(4)) {
  const worker = new Worker(ENTRY, { workerData: { entry: HELPER, lock: lock.buffer, counter } });
  workers.push(worker);
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (message.type !== type) return;
        worker.off('message', onMessage);
        resolve(message);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  await next('ready');
  return { worker, next, send: (message: Record<string, unknown>) => worker.postMessage(message) };
}

describe('the SQLite write lock shared by the main thread and the order writer thread', () => {
  it('lets one thread at a time in: no increment of either thread is lost', async () => {
    const lock = new WriteLock(MAIN);
    const counter = new SharedArrayBuffer(4);
    const cells = new Int32Array(counter);
    const writer = await writerThread(lock, counter);
    const writerDone = writer.next('done');
    writer.send({ type: 'increment', times: 300 });
    for (let i = 0; i < 300; i++) {
      await lock.acquire();
      const value = cells[0] as number;
      await new Promise<void>((resolve) => setImmediate(resolve));
      cells[0] = value + 1;
      lock.release();
    }
    await writerDone;
    expect(cells[0]).toBe(600);
    expect(lock.heldBy).toBe(0);
  });

  it('waits without blocking the main thread: timers run while the writer holds the lock', async () => {
    const lock = new WriteLock(MAIN);
    const writer = await writerThread(lock);
    const held = writer.next('held');
    writer.send({ type: 'hold', ms: 150 });
    await held;
    expect(lock.heldBy).toBe(WRITER);
    const events: string[] = [];
    const acquired = lock.acquire().then(() => events.push('acquired'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    events.push('timer');
    await acquired;
    expect(events).toEqual(['timer', 'acquired']);
    expect(lock.heldBy).toBe(MAIN);
    lock.release();
  });

  it('makes the writer give way to a waiting main-thread caller, even if it asks again at once', async () => {
    // Both sides in one thread, so that the order of events is exact: the writer releases and asks
    // again in the same synchronous step, before the waiting main caller has had a chance to run.
    const main = new WriteLock(MAIN);
    const writer = new WriteLock(WRITER, main.buffer);
    await writer.acquire();
    const order: string[] = [];
    const mainTurn = main.acquire().then(() => order.push('main'));
    await new Promise((resolve) => setImmediate(resolve));
    writer.release();
    const writerTurn = writer.acquire().then(() => order.push('writer'));
    await mainTurn;
    expect(main.heldBy).toBe(MAIN);
    main.release();
    await writerTurn;
    expect(order).toEqual(['main', 'writer']);
    expect(writer.heldBy).toBe(WRITER);
    writer.release();
    expect(writer.heldBy).toBe(0);
  });

  it('can be cleared when the writer thread dies holding it', async () => {
    const lock = new WriteLock(MAIN);
    const writer = await writerThread(lock);
    const exited = new Promise((resolve) => writer.worker.once('exit', resolve));
    writer.send({ type: 'die-holding' });
    await exited;
    expect(lock.heldBy).toBe(WRITER);
    expect(lock.releaseIfHeldBy(MAIN)).toBe(false);
    expect(lock.releaseIfHeldBy(WRITER)).toBe(true);
    await lock.acquire();
    expect(lock.heldBy).toBe(MAIN);
    lock.release();
  });

  it('lets the others in again when the checkpointer dies while it waits at the head of the queue', async () => {
    const lock = new WriteLock(MAIN);
    await lock.acquire();
    const other = await writerThread(lock);
    const asking = other.next('asking');
    other.send({ type: 'hold-blocking', ms: 10 });
    await asking;
    await new Promise((resolve) => setTimeout(resolve, 30));
    // It waits in Atomics.wait, first in line; then it dies there.
    await other.worker.terminate();
    lock.release();
    expect(lock.releaseIfHeldBy(CHECKPOINTER)).toBe(false);
    // The order writer's turn comes (it would wait for the dead checkpointer for ever otherwise).
    const writer = new WriteLock(WRITER, lock.buffer);
    await writer.acquire();
    expect(lock.heldBy).toBe(WRITER);
    writer.release();
  });

  it('refuses a release by a thread that does not hold it, and an unknown holder id', () => {
    const lock = new WriteLock(MAIN);
    expect(() => lock.release()).toThrow(/does not hold/);
    expect(() => new WriteLock(5, lock.buffer)).toThrow(RangeError);
    expect(() => lock.acquireBlocking()).toThrow(/only the checkpointer/);
  });

  it('lets the checkpointer wait blocking for its turn and keeps the others out while it holds it', async () => {
    const lock = new WriteLock(MAIN);
    await lock.acquire();
    const other = await writerThread(lock);
    const asking = other.next('asking');
    const held = other.next('held');
    other.send({ type: 'hold-blocking', ms: 100 });
    await asking;
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Still the main thread's: the blocked thread has not taken it from under us.
    expect(lock.heldBy).toBe(MAIN);
    const releasedAt = performance.now() + performance.timeOrigin;
    lock.release();
    const { at } = (await held) as { at: number };
    expect(at).toBeGreaterThanOrEqual(releasedAt);
    expect(lock.heldBy).toBe(CHECKPOINTER);
    // While it holds the lock (100 ms), the main thread waits for its turn.
    let mainIn = false;
    const mainTurn = lock.acquire().then(() => (mainIn = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(mainIn).toBe(false);
    await other.next('released');
    await mainTurn;
    expect(lock.heldBy).toBe(MAIN);
    lock.release();
  });
});
