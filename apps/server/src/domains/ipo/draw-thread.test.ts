import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { expectLedgerOk } from '../../test/expect-ledger.ts';
import { createTestApp, operator, type TestApp } from '../../test/harness.ts';
import { createIpoIssue, DAY, HOUR, ipoSubscriber, subscribeIpo } from '../../test/ipo-fixture.ts';
import { userTopic } from '../stream/stream.service.ts';
import { drawThread } from './draw-thread.ts';
import { allocateIssue } from './ipo.service.ts';

/**
 * The draw on a thread of its own (draw-thread.ts): on a SQLite file the draw's transactions run on a
 * worker thread with its own connection, so the main thread keeps answering during a long draw.
 * (allocation.test.ts holds the draw itself, on this path too, to its outcomes and to being stopped
 * halfway; here: that it really runs beside the main thread, and what it tells the main thread.)
 */
describe('the IPO draw thread (SQLite file)', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  /** A closed issue with `count` subscriptions of 2 lots for 10 public lots, and its investors. */
  async function closedIssue(env: Record<string, string>, count: number) {
    t = await createTestApp('sqlite', env);
    const admin = (await operator(t, ['admin'])).token;
    const at = (offsetMs: number) => new Date(t.clock.nowMs() + offsetMs).toISOString();
    const issue = await createIpoIssue(t, admin, {
      subscribeStart: at(-HOUR),
      subscribeEnd: at(DAY - HOUR),
      allocationAt: at(DAY),
      listingAt: at(2 * DAY),
      publicQuantity: 1_000,
    });
    const investors = [];
    for (let i = 0; i < count; i++) {
      const investor = await ipoSubscriber(t, '10000.00');
      const res = await subscribeIpo(t, investor.token, issue.id, { lots: 2 });
      expect(res.statusCode, res.body).toBe(200);
      investors.push(investor);
    }
    t.clock.advance(DAY - HOUR);
    await t.ctx.jobs.runDue();
    return { issue, investors };
  }

  /**
   * Blocks this (the main) thread for up to `ms`, reading the file through a connection of its own,
   * until some subscription of the issue is settled; answers how many were.
   */
  function settledWhileBlocked(issueId: number, ms: number): number {
    const reader = new Database(t.ctx.database.sqliteFile, { readonly: true });
    const count = reader.prepare<[number], { n: number }>(
      `select count(*) as n from ipo_subscriptions where issue_id = ? and status <> 'subscribed'`,
    );
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const deadline = Date.now() + ms;
    let settled = 0;
    while (settled === 0 && Date.now() < deadline) {
      settled = count.get(issueId)!.n;
      if (settled === 0) Atomics.wait(pause, 0, 0, 20);
    }
    reader.close();
    return settled;
  }

  it('settles subscriptions while the main thread is blocked, then tells the main thread whom it told', async () => {
    const { issue, investors } = await closedIssue({}, 12);
    const events: string[] = [];
    const watched = investors[0]!;
    const stopWatching = t.ctx.hub.subscribe(userTopic(watched.userId), (message) => events.push(message));

    const drawing = allocateIssue(t.ctx, issue.id, { chunkSize: 3 });
    // The main thread does not turn its event loop here: any progress is the draw thread's.
    expect(settledWhileBlocked(issue.id, 30_000)).toBeGreaterThan(0);
    expect(await drawing).toBe(true);
    stopWatching();

    const statuses = await t.ctx.database.db
      .selectFrom('ipoSubscriptions')
      .select('status')
      .where('issueId', '=', issue.id)
      .execute();
    expect(statuses).toHaveLength(12);
    expect(statuses.every((row) => row.status === 'allotted' || row.status === 'not_allotted')).toBe(true);
    const issueRow = await t.ctx.database.db
      .selectFrom('ipoIssues')
      .select(['status', 'drawnAt'])
      .where('id', '=', issue.id)
      .executeTakeFirstOrThrow();
    expect(issueRow).toMatchObject({ status: 'allocated', drawnAt: t.clock.nowMs() });
    // The investor's message was stored by the thread and announced on this thread's hub.
    const stored = await t.ctx.database.db
      .selectFrom('messages')
      .select('template')
      .where('userId', '=', watched.userId)
      .where('template', 'in', ['notify.ipoAllotted', 'notify.ipoNotAllotted'])
      .execute();
    expect(stored).toHaveLength(1);
    expect(events.map((message) => JSON.parse(message) as { event: string })).toContainEqual(
      expect.objectContaining({ event: 'message' }),
    );
    // The thread has let go of the write lock and waits, idle, for the next draw.
    expect(t.ctx.database.writeLock?.heldBy).toBe(0);
    expect(drawThread(t.ctx).running).toBe(true);
    await expectLedgerOk(t);
  });

  it('keeps its thread between draws; a draw stopped halfway ends its thread and the rerun takes a new one', async () => {
    t = await createTestApp('sqlite');
    const admin = (await operator(t, ['admin'])).token;
    const at = (offsetMs: number) => new Date(t.clock.nowMs() + offsetMs).toISOString();
    const terms = (n: number) => ({
      subscribeStart: at(-HOUR),
      subscribeEnd: at(DAY - HOUR),
      allocationAt: at(DAY + n * HOUR),
      listingAt: at(3 * DAY),
      publicQuantity: 1_000,
    });
    const issues = [await createIpoIssue(t, admin, terms(1)), await createIpoIssue(t, admin, terms(2))];
    for (let i = 0; i < 6; i++) {
      const investor = await ipoSubscriber(t, '10000.00');
      for (const issue of issues)
        expect((await subscribeIpo(t, investor.token, issue.id, { lots: 2 })).statusCode).toBe(200);
    }
    t.clock.advance(DAY - HOUR);
    await t.ctx.jobs.runDue();
    const thread = drawThread(t.ctx);
    expect(thread.running).toBe(false);

    // Stopped after its first chunk (as a crash would stop it): the error is the draw's answer, the
    // thread has gone and let go of the lock.
    const stop = new Error('stopped after the first chunk');
    await expect(
      allocateIssue(t.ctx, issues[0]!.id, {
        chunkSize: 2,
        afterChunk: () => {
          throw stop;
        },
      }),
    ).rejects.toBe(stop);
    expect(thread.running).toBe(false);
    expect(t.ctx.database.writeLock?.heldBy).toBe(0);
    const settled = await t.ctx.database.db
      .selectFrom('ipoSubscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('issueId', '=', issues[0]!.id)
      .where('status', '<>', 'subscribed')
      .executeTakeFirstOrThrow();
    expect(Number(settled.n)).toBe(2);

    // The rerun finishes on a new thread, and the next draw runs on that same thread.
    expect(await allocateIssue(t.ctx, issues[0]!.id, { chunkSize: 2 })).toBe(true);
    const first = thread.threadId;
    expect(first).not.toBeNull();
    expect(await allocateIssue(t.ctx, issues[1]!.id)).toBe(true);
    expect(thread.threadId).toBe(first);
    // A draw already finished is not drawn again, on the same thread.
    expect(await allocateIssue(t.ctx, issues[1]!.id)).toBe(false);
    expect(thread.threadId).toBe(first);
    const left = await t.ctx.database.db
      .selectFrom('ipoSubscriptions')
      .select('id')
      .where('status', '=', 'subscribed')
      .execute();
    expect(left).toHaveLength(0);
    await expectLedgerOk(t);

    // Closed with the app: the thread closes its connection and goes.
    await t.close();
    expect(thread.running).toBe(false);
    t = await createTestApp('sqlite');
  });

  it('without the thread (IPO_DRAW_THREAD=false) nothing is settled while the main thread is blocked', async () => {
    const { issue } = await closedIssue({ IPO_DRAW_THREAD: 'false' }, 4);
    const drawing = allocateIssue(t.ctx, issue.id, { chunkSize: 2 });
    expect(settledWhileBlocked(issue.id, 500)).toBe(0);
    expect(await drawing).toBe(true);
    await expectLedgerOk(t);
  });
});
