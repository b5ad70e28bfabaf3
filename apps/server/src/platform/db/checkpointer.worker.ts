// The checkpointer thread (checkpointer.ts, docs/adr/0008-checkpointer-thread.md): its own connection
// to the SQLite file, and every `intervalMs` a passive checkpoint — finished under the write lock once
// the WAL is long, so that the next write starts the WAL again from its beginning.
import SQLite from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckpointerMessage, CheckpointerSetup, CheckpointRun } from './checkpointer.ts';
import { configureSqliteConnection } from './database.ts';
import { CHECKPOINTER, WriteLock } from './write-lock.ts';

const port = parentPort;
if (!port) throw new Error('the checkpointer runs as a worker thread');
const setup = workerData as CheckpointerSetup;
const lock = new WriteLock(CHECKPOINTER, setup.lock);
const connection = new SQLite(setup.file, { fileMustExist: true });
configureSqliteConnection(connection, { autoCheckpoint: false });
// PASSIVE copies what it can without waiting for anyone: writers go on appending to the WAL meanwhile.
const passive = connection.prepare('PRAGMA wal_checkpoint(PASSIVE)');

interface Progress {
  busy: number;
  log: number;
  checkpointed: number;
}

const send = (message: CheckpointerMessage) => port.postMessage(message);
let previous: Progress = { busy: 0, log: 0, checkpointed: 0 };
let timer: NodeJS.Timeout | null = null;

function checkpoint(): void {
  let pass = passive.get() as Progress;
  // busy: another connection (another process) is checkpointing; log -1: not in WAL mode.
  const changed = pass.log !== previous.log || pass.checkpointed !== previous.checkpointed;
  previous = pass;
  if (pass.busy !== 0 || pass.log <= 0 || !changed) return;
  const run: CheckpointRun = {
    log: pass.log,
    checkpointed: pass.checkpointed,
    passes: 1,
    underLock: false,
    finalCheckpointed: pass.checkpointed,
    lockHeldMs: 0,
  };
  if (pass.log >= setup.restartFrames) {
    // Writers appended while the pass ran. Catch up without the lock while each pass finds less new
    // to copy than the one before, then copy the little rest with no writer running: the WAL is then
    // wholly in the database, and the next write starts it again from frame 0.
    let appended = Infinity;
    while (run.passes < MAX_PASSES) {
      const next = passive.get() as Progress;
      run.passes += 1;
      const more = next.log - pass.log;
      pass = next;
      if (more <= CATCH_UP_FRAMES || more >= appended) break;
      appended = more;
    }
    lock.acquireBlocking();
    const start = performance.now();
    try {
      pass = passive.get() as Progress;
      run.underLock = true;
    } finally {
      lock.release();
    }
    run.lockHeldMs = performance.now() - start;
    run.finalCheckpointed = pass.checkpointed;
    previous = pass;
  }
  send({ type: 'checkpoint', run });
}

/** Lock-free passes stop when one found no more new frames than this (or more than the last), or after MAX_PASSES. */
const CATCH_UP_FRAMES = 64;
const MAX_PASSES = 4;

// A failure that repeats at every pass (a full disk, say) is reported once a minute, not 150 times.
let lastError = { message: '', at: 0 };

function loop(): void {
  try {
    checkpoint();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const now = Date.now();
    if (message !== lastError.message || now - lastError.at >= 60_000) {
      lastError = { message, at: now };
      send({ type: 'error', message });
    }
  }
  timer = setTimeout(loop, setup.intervalMs);
}

port.on('message', (message: { type: 'close' }) => {
  if (message.type !== 'close') return;
  if (timer) clearTimeout(timer);
  connection.close();
  port.close();
});

send({ type: 'ready' });
loop();
