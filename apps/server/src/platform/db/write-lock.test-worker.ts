// The other thread of write-lock.test.ts: takes the lock as the order writer does (or, blocking, as the
// checkpointer does), on command.
import { parentPort, workerData } from 'node:worker_threads';
import { CHECKPOINTER, WRITER, WriteLock } from './write-lock.ts';

const port = parentPort;
if (!port) throw new Error('runs as a worker thread');
const setup = workerData as { lock: SharedArrayBuffer; counter: SharedArrayBuffer };
const lock = new WriteLock(WRITER, setup.lock);
const counter = new Int32Array(setup.counter);
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Command =
  | { type: 'increment'; times: number }
  | { type: 'hold'; ms: number }
  | { type: 'hold-blocking'; ms: number }
  | { type: 'die-holding' };

port.on('message', (command: Command) => {
  void (async () => {
    if (command.type === 'increment') {
      // A read-modify-write that yields in the middle: only mutual exclusion keeps every increment.
      for (let i = 0; i < command.times; i++) {
        await lock.acquire();
        const value = counter[0] as number;
        await tick();
        counter[0] = value + 1;
        lock.release();
      }
      port.postMessage({ type: 'done' });
    } else if (command.type === 'hold') {
      await lock.acquire();
      port.postMessage({ type: 'held' });
      await sleep(command.ms);
      lock.release();
      port.postMessage({ type: 'released' });
    } else if (command.type === 'hold-blocking') {
      const checkpointer = new WriteLock(CHECKPOINTER, setup.lock);
      port.postMessage({ type: 'asking' });
      checkpointer.acquireBlocking();
      port.postMessage({ type: 'held', at: performance.now() + performance.timeOrigin });
      // Blocked, as the checkpointer is while it copies: no timer of this thread runs meanwhile.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, command.ms);
      checkpointer.release();
      port.postMessage({ type: 'released' });
    } else {
      await lock.acquire();
      port.postMessage({ type: 'held' });
      process.exit(0);
    }
  })();
});
port.postMessage({ type: 'ready' });
