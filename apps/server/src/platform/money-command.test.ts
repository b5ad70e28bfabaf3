import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, nextPhone, type TestApp } from '../test/harness.ts';
import type { Trx } from './db/database.ts';
import { AppError } from './errors.ts';
import { MoneyCommands, runKeyedUnit, type KeyedRequest, type StoredAnswer } from './money-command.ts';
import type { SystemAccountKind } from './ledger/ledger.ts';

/**
 * The money-write pipeline on its own (issue 12): claim, one transaction with the ledger, the
 * stored answer, events after the commit. Each unit credits 1.00 from bank clearing, so "one effect"
 * is one journal entry.
 */
describe.each(DIALECTS)('money commands on %s', (dialect) => {
  let t: TestApp;
  let userId: number;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const row = await t.ctx.database.db
      .insertInto('users')
      .values({
        phone: nextPhone(),
        passwordHash: 'x',
        nickname: 'pipeline test',
        avatar: null,
        email: null,
        lang: 'de',
        tradingPasswordHash: null,
        inviteCode: 'TEST',
        createdAt: 0,
        updatedAt: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = Number(row.id);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A pipeline of its own, with the duplicate-submit window of the test. */
  const pipeline = (duplicateWindowMs = 0) =>
    new MoneyCommands({
      database: t.ctx.database,
      clock: t.clock,
      config: { DUPLICATE_SUBMIT_WINDOW_MS: duplicateWindowMs, TRADE_GROUP_COMMIT_MAX_BATCH: 25 },
    });

  const newKey = () => `pipeline-key-${++seq}-${Math.random().toString(36).slice(2, 10)}`;
  const request = (key: string, body: unknown): KeyedRequest => ({
    userId,
    header: key,
    method: 'POST',
    url: '/test/money',
    params: {},
    body,
  });
  const answer = (result: { entryKey: string }): StoredAnswer => ({
    statusCode: 200,
    body: JSON.stringify({ done: result.entryKey }),
  });
  const refusal = (error: AppError): StoredAnswer => ({
    statusCode: error.status,
    body: JSON.stringify({ error: error.code }),
  });

  /** Credits 1.00 to the user in `trx`, under a journal key of its own. */
  async function credit(trx: Trx, entryKey: string) {
    await t.ctx.ledger.post(trx, {
      idempotencyKey: entryKey,
      kind: 'deposit',
      postings: [
        { account: { system: 'bank_clearing' }, amountMinor: -100 },
        { account: { userId, kind: 'cash' }, amountMinor: 100 },
      ],
    });
    return { entryKey };
  }

  async function entries(entryKey: string) {
    const rows = await t.ctx.database.db
      .selectFrom('journalEntries')
      .select('id')
      .where('idempotencyKey', '=', entryKey)
      .execute();
    return rows.length;
  }

  /** Journal entries whose key starts with `prefix` (each run of a unit writes its own). */
  async function entriesLike(prefix: string) {
    const rows = await t.ctx.database.db
      .selectFrom('journalEntries')
      .select('id')
      .where('idempotencyKey', 'like', `${prefix}%`)
      .execute();
    return rows.length;
  }

  async function storedKey(key: string) {
    return t.ctx.database.db
      .selectFrom('idempotencyKeys')
      .select(['statusCode', 'responseBody'])
      .where('userId', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  it('runs the unit once and replays its stored answer for the same key and body', async () => {
    const money = pipeline();
    const key = newKey();
    const entryKey = `pipeline:${key}`;
    let runs = 0;
    const command = () => ({
      request: request(key, { amount: '1.00' }),
      unit: (trx: Trx) => {
        runs += 1;
        return credit(trx, entryKey);
      },
      answer,
      refusal,
    });
    const first = await money.execute(command());
    expect(first).toMatchObject({ replayed: false, answer: { statusCode: 200, body: `{"done":"${entryKey}"}` } });
    const again = await money.execute(command());
    expect(again).toEqual({ replayed: true, answer: first.answer, result: undefined });
    // The replay is found in the transaction too, when nothing is looked up before it.
    const inTransaction = await money.execute({ ...command(), replayBeforeChecks: false });
    expect(inTransaction.replayed).toBe(true);
    expect(runs).toBe(1);
    expect(await entries(entryKey)).toBe(1);
    expect(await storedKey(key)).toEqual({ statusCode: 200, responseBody: first.answer.body });
  });

  it('refuses the same key with another body: IDEMPOTENCY_KEY_REUSED (409), nothing written', async () => {
    const money = pipeline();
    const key = newKey();
    await money.execute({
      request: request(key, { amount: '1.00' }),
      unit: (trx) => credit(trx, `a:${key}`),
      answer,
      refusal,
    });
    for (const replayBeforeChecks of [true, false]) {
      const other = money.execute({
        request: request(key, { amount: '2.00' }),
        unit: (trx) => credit(trx, `b:${key}`),
        answer,
        refusal,
        replayBeforeChecks,
      });
      await expect(other).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', status: 409 });
    }
    expect(await entries(`b:${key}`)).toBe(0);
  });

  it('refuses the same body under a new key within the duplicate-submit window, and takes it after', async () => {
    const money = pipeline(1_000);
    const body = { amount: '3.00', nonce: newKey() };
    const first = newKey();
    await money.execute({ request: request(first, body), unit: (trx) => credit(trx, `d:${first}`), answer, refusal });
    for (const replayBeforeChecks of [true, false]) {
      const quick = newKey();
      await expect(
        money.execute({
          request: request(quick, body),
          unit: (trx) => credit(trx, `d:${quick}`),
          answer,
          refusal,
          replayBeforeChecks,
        }),
      ).rejects.toMatchObject({ code: 'DUPLICATE_SUBMIT', status: 409 });
      expect(await entries(`d:${quick}`)).toBe(0);
      // A duplicate submit is no answer: its key stays free.
      expect(await storedKey(quick)).toBeUndefined();
    }
    t.clock.advance(1_001);
    const later = newKey();
    const taken = await money.execute({
      request: request(later, body),
      unit: (trx) => credit(trx, `d:${later}`),
      answer,
      refusal,
    });
    expect(taken.replayed).toBe(false);
    expect(await entries(`d:${later}`)).toBe(1);
  });

  it('rolls back a failing unit: no key, no journal entry, no event; a retry runs again', async () => {
    const money = pipeline();
    const key = newKey();
    const entryKey = `rollback:${key}`;
    const published: string[] = [];
    let fail = true;
    const command = () => ({
      request: request(key, { amount: '1.00' }),
      unit: async (trx: Trx, events: { add(publish: () => void): void }) => {
        const result = await credit(trx, entryKey);
        events.add(() => published.push(entryKey));
        if (fail) throw new Error('the unit fails after its ledger entry');
        return result;
      },
      answer,
      refusal,
    });
    await expect(money.execute(command())).rejects.toThrow(/fails after its ledger entry/);
    expect(await storedKey(key)).toBeUndefined();
    expect(await entries(entryKey)).toBe(0);
    expect(published).toEqual([]);
    fail = false;
    const retried = await money.execute(command());
    expect(retried.replayed).toBe(false);
    expect(await entries(entryKey)).toBe(1);
    expect(published).toEqual([entryKey]);
  });

  it('publishes events only after the commit', async () => {
    const money = pipeline();
    const key = newKey();
    const published: string[] = [];
    let publishedInUnit = -1;
    const outcome = money.execute({
      request: request(key, {}),
      unit: async (trx, events) => {
        const result = await credit(trx, `events:${key}`);
        events.add(() => published.push('event'));
        publishedInUnit = published.length;
        return result;
      },
      answer,
      refusal,
      afterCommit: () => published.push('afterCommit'),
    });
    await outcome;
    expect(publishedInUnit).toBe(0);
    expect(published).toEqual(['event', 'afterCommit']);
  });

  // Two commands, each with two movements that lock the shared system accounts in opposite orders,
  // meet between their movements: PostgreSQL aborts one as a deadlock's victim. The victim runs again
  // from the start, so both answer 2xx, each movement is posted once and each event published once.
  it.runIf(dialect === 'postgres')(
    'runs a deadlock victim again: both answer, one effect and one event each',
    async () => {
      const money = pipeline();
      const published: string[] = [];
      let runs = 0;
      let arrived = 0;
      let meet!: () => void;
      const met = new Promise<void>((resolve) => (meet = resolve));
      const move = (trx: Trx, entryKey: string, system: SystemAccountKind, kind: 'cash' | 'loan') =>
        t.ctx.ledger.post(trx, {
          idempotencyKey: entryKey,
          kind: 'deposit',
          postings: [
            { account: { system }, amountMinor: -100 },
            { account: { userId, kind }, amountMinor: 100 },
          ],
        });
      const command = (name: string, first: SystemAccountKind, second: SystemAccountKind, kind: 'cash' | 'loan') => {
        const key = newKey();
        return money.execute({
          request: request(key, { name }),
          unit: async (trx, events) => {
            runs += 1;
            await move(trx, `deadlock:${key}:1`, first, kind);
            events.add(() => published.push(name));
            arrived += 1;
            if (arrived === 2) meet();
            await met;
            await move(trx, `deadlock:${key}:2`, second, kind);
            return { entryKey: `deadlock:${key}` };
          },
          answer,
          refusal,
        });
      };
      const answers = await Promise.all([
        command('a', 'bank_clearing', 'interest_income', 'cash'),
        command('b', 'interest_income', 'bank_clearing', 'loan'),
      ]);
      expect(answers.map((a) => a.answer.statusCode)).toEqual([200, 200]);
      expect(runs).toBe(3);
      expect(published.sort()).toEqual(['a', 'b']);
      for (const a of answers) {
        const entryKey = (JSON.parse(a.answer.body) as { done: string }).done;
        expect(await entries(`${entryKey}:1`)).toBe(1);
        expect(await entries(`${entryKey}:2`)).toBe(1);
      }
    },
  );

  it('stores a refusal as the answer (the ledger change rolled back) and replays it', async () => {
    const money = pipeline();
    const key = newKey();
    const entryKey = `refused:${key}`;
    const command = () => ({
      request: request(key, { amount: '1.00' }),
      unit: async (trx: Trx) => {
        await credit(trx, entryKey);
        throw new AppError('AMOUNT_EXCEEDS_WITHDRAWABLE');
      },
      answer,
      refusal,
    });
    await expect(money.execute(command())).rejects.toMatchObject({ code: 'AMOUNT_EXCEEDS_WITHDRAWABLE' });
    expect(await entries(entryKey)).toBe(0);
    const replay = await money.execute(command());
    expect(replay).toEqual({
      replayed: true,
      answer: { statusCode: 422, body: '{"error":"AMOUNT_EXCEEDS_WITHDRAWABLE"}' },
      result: undefined,
    });
  });

  it('stores a business conflict (409) too: a replay after the state changed gets the first answer, not a new run', async () => {
    const money = pipeline();
    const key = newKey();
    const entryKey = `conflict:${key}`;
    // The first run finds "already subscribed"; by the replay the state that refused it is gone.
    let alreadySubscribed = true;
    let runs = 0;
    const command = () => ({
      request: request(key, { lots: 1 }),
      unit: async (trx: Trx) => {
        runs += 1;
        if (alreadySubscribed) throw new AppError('IPO_ALREADY_SUBSCRIBED');
        return credit(trx, entryKey);
      },
      answer,
      refusal,
    });
    await expect(money.execute(command())).rejects.toMatchObject({ code: 'IPO_ALREADY_SUBSCRIBED', status: 409 });
    alreadySubscribed = false;
    const replay = await money.execute(command());
    expect(replay).toEqual({
      replayed: true,
      answer: { statusCode: 409, body: '{"error":"IPO_ALREADY_SUBSCRIBED"}' },
      result: undefined,
    });
    const inTransaction = await money.execute({ ...command(), replayBeforeChecks: false });
    expect(inTransaction.replayed).toBe(true);
    expect(runs).toBe(1);
    expect(await entries(entryKey)).toBe(0);
  });

  it('does not store a refusal about delivery (DUPLICATE_SUBMIT): the same key later runs the unit', async () => {
    const money = pipeline(60_000);
    const body = { amount: '3.00' };
    const first = newKey();
    await money.execute({ request: request(first, body), unit: (trx) => credit(trx, `dup:${first}`), answer, refusal });
    const second = newKey();
    const secondCommand = () => ({
      request: request(second, body),
      unit: (trx: Trx) => credit(trx, `dup:${second}`),
      answer,
      refusal,
    });
    await expect(money.execute(secondCommand())).rejects.toMatchObject({ code: 'DUPLICATE_SUBMIT' });
    expect(await storedKey(second)).toBeUndefined();
    t.clock.advance(61_000);
    expect(await money.execute(secondCommand())).toMatchObject({ replayed: false });
    expect(await entries(`dup:${second}`)).toBe(1);
  });

  it('keeps what a failed check wrote, stores its refusal, and gives a replay the first answer', async () => {
    const money = pipeline();
    const key = newKey();
    let checks = 0;
    const refusedCheck = () => ({
      request: request(key, { password: 'wrong' }),
      check: async () => {
        checks += 1;
        // Like a wrong trading password: the attempt is counted in a transaction of its own.
        await t.ctx.database.transaction((trx) => credit(trx, `check:${key}:${checks}`));
        throw new AppError('TRADING_PASSWORD_WRONG');
      },
      unit: (trx: Trx) => credit(trx, `never:${key}`),
      answer,
      refusal,
    });
    await expect(money.execute(refusedCheck())).rejects.toMatchObject({ code: 'TRADING_PASSWORD_WRONG' });
    expect(await entries(`check:${key}:1`)).toBe(1);
    expect((await storedKey(key))?.responseBody).toBe('{"error":"TRADING_PASSWORD_WRONG"}');
    // The replay is answered from the store before any check runs again.
    const replay = await money.execute(refusedCheck());
    expect(replay.replayed).toBe(true);
    expect(checks).toBe(1);
    // Without the look-up before the checks (the order path), a replay whose check fails still gets the stored answer.
    const onThread = await money.executeOnThread({
      ...refusedCheck(),
      write: () => Promise.reject(new Error('not reached')),
    });
    expect(onThread).toMatchObject({ replayed: true, answer: { statusCode: 422 } });
    expect(await entries(`never:${key}`)).toBe(0);
  });

  it('gives two simultaneous requests with the same key exactly one effect', async () => {
    const money = pipeline();
    const key = newKey();
    let run = 0;
    const command = () =>
      money.execute({
        request: request(key, { amount: '1.00' }),
        unit: (trx) => credit(trx, `race:${key}:${++run}`),
        answer,
        refusal,
      });
    const results = await Promise.allSettled([command(), command(), command()]);
    const answered = results.filter((r) => r.status === 'fulfilled').map((r) => r.value.answer);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const a of answered) expect(a).toEqual(answered[0]);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT' });
    expect(await entriesLike(`race:${key}:`)).toBe(1);
  });

  it('runs a thread unit (runKeyedUnit) with the same claim: one effect for two simultaneous requests', async () => {
    const money = pipeline();
    const key = newKey();
    let run = 0;
    const command = () =>
      money.executeOnThread({
        request: request(key, { amount: '1.00' }),
        refusal,
        write: (claim, nowMs) =>
          money.queue.run((trx) =>
            runKeyedUnit(
              trx,
              t.ctx.database.dialect,
              claim,
              { nowMs, duplicateWindowMs: 0 },
              (inner) => credit(inner, `thread:${key}:${++run}`),
              answer,
            ),
          ),
      });
    const [a, b] = await Promise.all([command(), command()]);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(b.answer).toEqual(a.answer);
    expect(await entriesLike(`thread:${key}:`)).toBe(1);
  });

  it('holds the key across an outside call, frees it when the call fails, and stores the answer after', async () => {
    const money = pipeline();
    const key = newKey();
    let callFails = true;
    let calls = 0;
    const command = () =>
      money.executeWithCall({
        request: request(key, { amount: '1.00' }),
        unit: async (trx) => (await credit(trx, `ext:${key}:${calls}`)).entryKey,
        call: async (first) => {
          calls += 1;
          // While the call runs, the same key is in flight.
          await expect(
            money.executeWithCall({
              request: request(key, { amount: '1.00' }),
              unit: async () => 'x',
              call: async () => 'x',
              finish: async () => ({ entryKey: 'x' }),
              answer,
              refusal,
            }),
          ).rejects.toMatchObject({ code: 'CONFLICT' });
          if (callFails) throw new Error('the processor is down');
          return `${first}:ref`;
        },
        finish: async (_trx, first, reference) => ({ entryKey: `${first}|${reference}` }),
        answer,
        refusal,
      });
    await expect(command()).rejects.toThrow(/processor is down/);
    expect(await storedKey(key)).toBeUndefined();
    callFails = false;
    const done = await command();
    expect(done.replayed).toBe(false);
    expect(done.answer.body).toBe(`{"done":"ext:${key}:1|ext:${key}:1:ref"}`);
    const replay = await command();
    expect(replay).toEqual({ replayed: true, answer: done.answer, result: undefined });
    expect(calls).toBe(2);
  });
});
