import { spawnSync } from 'node:child_process';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { AppError } from '../errors.ts';
import { createTestApp, DIALECTS, nextPhone, type TestApp } from '../../test/harness.ts';
import { Ledger, type AccountRef } from './ledger.ts';
import { verifyLedger } from './ledger-verify.ts';

describe.each(DIALECTS)('ledger on %s', (dialect) => {
  let t: TestApp;
  let ledger: Ledger;
  let keySeq = 0;
  const key = (label: string) => `test:${label}:${++keySeq}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ledger = new Ledger(t.ctx.database.dialect, 'EUR', t.clock);
  });
  afterAll(async () => {
    await t.close();
  });

  async function newUser(): Promise<number> {
    const row = await t.ctx.database.db
      .insertInto('users')
      .values({
        phone: nextPhone(),
        passwordHash: 'x',
        nickname: 'ledger test',
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
    return Number(row.id);
  }
  const tx = <T>(fn: Parameters<typeof t.ctx.database.transaction<T>>[0]) => t.ctx.database.transaction(fn);
  const bal = (ref: AccountRef) => tx((trx) => ledger.balance(trx, ref));
  const deposit = (userId: number, amountMinor: number, idempotencyKey = key('deposit')) =>
    tx((trx) =>
      ledger.post(trx, {
        idempotencyKey,
        kind: 'deposit',
        postings: [
          { account: { system: 'bank_clearing' }, amountMinor: -amountMinor },
          { account: { userId, kind: 'cash' }, amountMinor },
        ],
      }),
    );
  async function expectVerified() {
    const report = await verifyLedger(t.ctx.database.db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  }

  it('posts a balanced entry once per idempotency key', async () => {
    const user = await newUser();
    const first = await deposit(user, 10_000, 'dep-once');
    expect(first.replayed).toBe(false);
    const again = await deposit(user, 10_000, 'dep-once');
    expect(again).toEqual({ entryId: first.entryId, replayed: true });
    expect(await bal({ userId: user, kind: 'cash' })).toBe(10_000);
    await expectVerified();
  });

  it('skips the look-up for a key marked new, and its unique index still refuses a second entry', async () => {
    const user = await newUser();
    await deposit(user, 10_000, 'dep-new');
    const again = tx((trx) =>
      ledger.post(trx, {
        idempotencyKey: 'dep-new',
        keyIsNew: true,
        kind: 'deposit',
        postings: [
          { account: { system: 'bank_clearing' }, amountMinor: -10_000 },
          { account: { userId: user, kind: 'cash' }, amountMinor: 10_000 },
        ],
      }),
    );
    await expect(again).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await bal({ userId: user, kind: 'cash' })).toBe(10_000);
    await expectVerified();
  });

  it('refuses unbalanced entries and overdrafts, writing nothing', async () => {
    const user = await newUser();
    await deposit(user, 5_000);
    const entries = await t.ctx.database.db
      .selectFrom('journalEntries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      tx((trx) =>
        ledger.post(trx, {
          idempotencyKey: key('bad'),
          kind: 'bad',
          postings: [
            { account: { system: 'bank_clearing' }, amountMinor: -100 },
            { account: { userId: user, kind: 'cash' }, amountMinor: 99 },
          ],
        }),
      ),
    ).rejects.toThrow(/sum to zero/);
    const overdraft = tx((trx) =>
      ledger.post(trx, {
        idempotencyKey: key('overdraft'),
        kind: 'withdrawal',
        postings: [
          { account: { userId: user, kind: 'cash' }, amountMinor: -5_001 },
          { account: { system: 'bank_clearing' }, amountMinor: 5_001 },
        ],
      }),
    );
    await expect(overdraft).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    const after = await t.ctx.database.db
      .selectFrom('journalEntries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(entries.n));
    expect(await bal({ userId: user, kind: 'cash' })).toBe(5_000);
    await expectVerified();
  });

  it('posts many entries at once, each balanced under its own key; a key seen before writes none of them', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const accrual = (userId: number, amountMinor: number, idempotencyKey: string) => ({
      idempotencyKey,
      kind: 'fund.accrual',
      postings: [
        { account: { system: 'fund_pool' } as AccountRef, amountMinor: -amountMinor },
        { account: { userId, kind: 'fund' } as AccountRef, amountMinor },
      ],
    });
    const pool = await bal({ system: 'fund_pool' });
    const keyA = key('many-a');
    await tx((trx) => ledger.postMany(trx, [accrual(a, 123, keyA), accrual(b, 7, key('many-b'))]));
    expect(await bal({ userId: a, kind: 'fund' })).toBe(123);
    expect(await bal({ userId: b, kind: 'fund' })).toBe(7);
    expect(await bal({ system: 'fund_pool' })).toBe(pool - 130);
    const entry = await t.ctx.database.db
      .selectFrom('journalEntries')
      .select('id')
      .where('idempotencyKey', '=', keyA)
      .executeTakeFirstOrThrow();
    const postings = await t.ctx.database.db
      .selectFrom('postings')
      .select('amountMinor')
      .where('entryId', '=', entry.id)
      .execute();
    expect(postings.map((p) => Number(p.amountMinor)).sort((x, y) => x - y)).toEqual([-123, 123]);
    // Again with one key already posted: CONFLICT, and the other entry is not written either.
    await expect(
      tx((trx) => ledger.postMany(trx, [accrual(b, 5, key('many-c')), accrual(a, 1, keyA)])),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    // A user account may not go below zero in a batch either.
    await expect(
      tx((trx) =>
        ledger.postMany(trx, [
          {
            idempotencyKey: key('many-overdraft'),
            kind: 'fund.redeem',
            postings: [
              { account: { userId: b, kind: 'fund' }, amountMinor: -8 },
              { account: { userId: b, kind: 'redeem_pending' }, amountMinor: 8 },
            ],
          },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await bal({ userId: b, kind: 'fund' })).toBe(7);
    expect(await bal({ userId: a, kind: 'fund' })).toBe(123);
    await expectVerified();
  });

  it('holds, captures in part (the rest returns to cash) and voids', async () => {
    const user = await newUser();
    await deposit(user, 10_000);
    const holdId = await tx((trx) =>
      ledger.hold(trx, { userId: user, amountMinor: 7_000, reason: 'withdrawal', idempotencyKey: key('hold') }),
    );
    expect(await bal({ userId: user, kind: 'cash' })).toBe(3_000);
    expect(await bal({ userId: user, kind: 'frozen' })).toBe(7_000);
    await expectVerified();

    const clearingBefore = await bal({ system: 'bank_clearing' });
    await tx((trx) =>
      ledger.capture(trx, {
        holdId,
        amountMinor: 6_500,
        to: { system: 'bank_clearing' },
        idempotencyKey: key('cap'),
        kind: 'withdrawal.paid',
      }),
    );
    expect(await bal({ userId: user, kind: 'frozen' })).toBe(0);
    expect(await bal({ userId: user, kind: 'cash' })).toBe(3_500);
    expect((await bal({ system: 'bank_clearing' })) - clearingBefore).toBe(6_500);
    await expect(
      tx((trx) =>
        ledger.capture(trx, {
          holdId,
          amountMinor: 1,
          to: { system: 'bank_clearing' },
          idempotencyKey: key('cap'),
          kind: 'x',
        }),
      ),
    ).rejects.toMatchObject({ code: 'HOLD_NOT_OPEN' });

    const second = await tx((trx) =>
      ledger.hold(trx, { userId: user, amountMinor: 3_500, reason: 'withdrawal', idempotencyKey: key('hold') }),
    );
    await expect(
      tx((trx) =>
        ledger.hold(trx, { userId: user, amountMinor: 1, reason: 'withdrawal', idempotencyKey: key('hold') }),
      ),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await tx((trx) => ledger.void(trx, { holdId: second, idempotencyKey: key('void'), kind: 'withdrawal.rejected' }));
    expect(await bal({ userId: user, kind: 'cash' })).toBe(3_500);
    expect(await bal({ userId: user, kind: 'frozen' })).toBe(0);
    await expectVerified();
  });

  it('settles a batch of holds like capture and void one by one: one entry each, exactly once', async () => {
    const users = [await newUser(), await newUser(), await newUser()];
    for (const userId of users) await deposit(userId, 10_000);
    const holds = await tx(async (trx) => {
      const ids: number[] = [];
      for (const userId of users) {
        ids.push(await ledger.hold(trx, { userId, amountMinor: 6_000, reason: 'ipo', idempotencyKey: key('hold') }));
      }
      return ids;
    });
    const settlementBefore = await bal({ system: 'market_settlement' });
    const keys = holds.map(() => key('settle'));
    await tx((trx) =>
      ledger.settleHolds(trx, [
        {
          holdId: holds[0]!,
          userId: users[0]!,
          amountMinor: 6_000,
          captureMinor: 6_000,
          to: { system: 'market_settlement' },
          idempotencyKey: keys[0]!,
          kind: 'ipo.allotted',
        },
        {
          holdId: holds[1]!,
          userId: users[1]!,
          amountMinor: 6_000,
          captureMinor: 2_500,
          to: { system: 'market_settlement' },
          idempotencyKey: keys[1]!,
          kind: 'ipo.allotted',
        },
        {
          holdId: holds[2]!,
          userId: users[2]!,
          amountMinor: 6_000,
          captureMinor: 0,
          to: { system: 'market_settlement' },
          idempotencyKey: keys[2]!,
          kind: 'ipo.not_allotted',
        },
      ]),
    );
    expect(await bal({ system: 'market_settlement' })).toBe(settlementBefore + 8_500);
    expect(await bal({ userId: users[0]!, kind: 'cash' })).toBe(4_000);
    expect(await bal({ userId: users[1]!, kind: 'cash' })).toBe(7_500);
    expect(await bal({ userId: users[2]!, kind: 'cash' })).toBe(10_000);
    for (const userId of users) expect(await bal({ userId, kind: 'frozen' })).toBe(0);
    const rows = await t.ctx.database.db
      .selectFrom('holds')
      .select(['id', 'status', 'capturedMinor'])
      .where('id', 'in', holds)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.status, Number(row.capturedMinor)])).toEqual([
      ['captured', 6_000],
      ['captured', 2_500],
      ['voided', 0],
    ]);
    const entries = await t.ctx.database.db
      .selectFrom('journalEntries')
      .select('idempotencyKey')
      .where('idempotencyKey', 'in', keys)
      .execute();
    expect(entries).toHaveLength(3);
    await expectVerified();

    // A closed hold in a batch refuses the whole batch; a key posted before is a conflict.
    const fresh = await tx((trx) =>
      ledger.hold(trx, { userId: users[2]!, amountMinor: 1_000, reason: 'ipo', idempotencyKey: key('hold') }),
    );
    const count = async () =>
      Number(
        (
          await t.ctx.database.db
            .selectFrom('postings')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const postings = await count();
    const again = (holdIds: number[], settleKey: (i: number) => string) =>
      tx((trx) =>
        ledger.settleHolds(
          trx,
          holdIds.map((holdId, i) => ({
            holdId,
            userId: users[2]!,
            amountMinor: holdId === fresh ? 1_000 : 6_000,
            captureMinor: 0,
            to: { system: 'market_settlement' },
            idempotencyKey: settleKey(i),
            kind: 'ipo.not_allotted',
          })),
        ),
      );
    await expect(again([fresh, holds[2]!], () => key('again'))).rejects.toMatchObject({ code: 'HOLD_NOT_OPEN' });
    await expect(again([fresh], () => keys[0]!)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await count()).toBe(postings);
    expect(await bal({ userId: users[2]!, kind: 'frozen' })).toBe(1_000);
    await expectVerified();
  });

  it('refuses a batch when frozen money does not cover a hold: INSUFFICIENT_FUNDS, nothing written', async () => {
    const user = await newUser();
    await deposit(user, 5_000);
    const hold = await tx((trx) =>
      ledger.hold(trx, { userId: user, amountMinor: 3_000, reason: 'ipo', idempotencyKey: key('hold') }),
    );
    // The cached frozen balance short of the hold, as only a broken ledger could leave it: the batch
    // no longer reads balances, so the database's check on a user balance is what refuses it.
    const setFrozen = (balanceMinor: number) =>
      t.ctx.database.db
        .updateTable('ledgerAccounts')
        .set({ balanceMinor })
        .where('userId', '=', user)
        .where('kind', '=', 'frozen')
        .execute();
    await setFrozen(1_000);
    const settleKey = key('settle');
    await expect(
      tx((trx) =>
        ledger.settleHolds(trx, [
          {
            holdId: hold,
            userId: user,
            amountMinor: 3_000,
            captureMinor: 1_000,
            to: { system: 'market_settlement' },
            idempotencyKey: settleKey,
            kind: 'ipo.allotted',
          },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await setFrozen(3_000);
    expect(await bal({ userId: user, kind: 'cash' })).toBe(2_000);
    const row = await t.ctx.database.db
      .selectFrom('holds')
      .select('status')
      .where('id', '=', hold)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
    const entries = await t.ctx.database.db
      .selectFrom('journalEntries')
      .select('id')
      .where('idempotencyKey', '=', settleKey)
      .execute();
    expect(entries).toHaveLength(0);
    await expectVerified();
  });

  it('lets exactly one of 20 simultaneous holds of the whole balance through', async () => {
    const user = await newUser();
    await deposit(user, 2_000);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        tx((trx) =>
          ledger.hold(trx, {
            userId: user,
            amountMinor: 2_000,
            reason: 'withdrawal',
            idempotencyKey: `race:${user}:${i}`,
          }),
        ),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.every((r) => r.reason instanceof AppError && r.reason.code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await bal({ userId: user, kind: 'cash' })).toBe(0);
    expect(await bal({ userId: user, kind: 'frozen' })).toBe(2_000);
    await expectVerified();
  });

  it('keeps journal entries and postings append-only', async () => {
    const user = await newUser();
    await deposit(user, 100);
    await expect(sql`update postings set amount_minor = 1`.execute(t.ctx.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from journal_entries`.execute(t.ctx.database.db)).rejects.toThrow(/append-only/);
  });

  it('keeps every invariant over random sequences of movements (model-checked)', async () => {
    type Op =
      | { op: 'deposit'; user: number; amount: number }
      | { op: 'transfer'; from: number; to: number; amount: number }
      | { op: 'hold'; user: number; amount: number }
      | { op: 'capture'; pick: number; part: number }
      | { op: 'void'; pick: number };
    const amount = fc.integer({ min: 1, max: 50_000 });
    const who = fc.integer({ min: 0, max: 2 });
    const ops = fc.array(
      fc.oneof(
        fc.record({ op: fc.constant('deposit' as const), user: who, amount }),
        fc.record({ op: fc.constant('transfer' as const), from: who, to: who, amount }),
        fc.record({ op: fc.constant('hold' as const), user: who, amount }),
        fc.record({
          op: fc.constant('capture' as const),
          pick: fc.nat(),
          part: fc.double({ min: 0.01, max: 1, noNaN: true }),
        }),
        fc.record({ op: fc.constant('void' as const), pick: fc.nat() }),
      ),
      { minLength: 5, maxLength: 25 },
    );
    await fc.assert(
      fc.asyncProperty(ops, async (sequence: Op[]) => {
        const users = [await newUser(), await newUser(), await newUser()];
        const cash = [0, 0, 0];
        const frozen = [0, 0, 0];
        const open: Array<{ id: number; user: number; amount: number }> = [];
        for (const step of sequence) {
          try {
            if (step.op === 'deposit') {
              await deposit(users[step.user]!, step.amount);
              cash[step.user]! += step.amount;
            } else if (step.op === 'transfer') {
              if (step.from === step.to) continue;
              await tx((trx) =>
                ledger.post(trx, {
                  idempotencyKey: key('transfer'),
                  kind: 'transfer',
                  postings: [
                    { account: { userId: users[step.from]!, kind: 'cash' }, amountMinor: -step.amount },
                    { account: { userId: users[step.to]!, kind: 'cash' }, amountMinor: step.amount },
                  ],
                }),
              );
              cash[step.from]! -= step.amount;
              cash[step.to]! += step.amount;
            } else if (step.op === 'hold') {
              const id = await tx((trx) =>
                ledger.hold(trx, {
                  userId: users[step.user]!,
                  amountMinor: step.amount,
                  reason: 'test',
                  idempotencyKey: key('hold'),
                }),
              );
              cash[step.user]! -= step.amount;
              frozen[step.user]! += step.amount;
              open.push({ id, user: step.user, amount: step.amount });
            } else if (open.length > 0) {
              const [hold] = open.splice(step.pick % open.length, 1);
              if (step.op === 'capture') {
                const captured = Math.max(1, Math.floor(hold!.amount * step.part));
                await tx((trx) =>
                  ledger.capture(trx, {
                    holdId: hold!.id,
                    amountMinor: captured,
                    to: { system: 'bank_clearing' },
                    idempotencyKey: key('cap'),
                    kind: 'capture',
                  }),
                );
                frozen[hold!.user]! -= hold!.amount;
                cash[hold!.user]! += hold!.amount - captured;
              } else {
                await tx((trx) => ledger.void(trx, { holdId: hold!.id, idempotencyKey: key('void'), kind: 'void' }));
                frozen[hold!.user]! -= hold!.amount;
                cash[hold!.user]! += hold!.amount;
              }
            }
          } catch (error) {
            // The only expected refusal is an overdraft, and the model must agree it was one.
            expect(error).toBeInstanceOf(AppError);
            expect((error as AppError).code).toBe('INSUFFICIENT_FUNDS');
            if (step.op === 'transfer') expect(step.amount).toBeGreaterThan(cash[step.from]!);
            if (step.op === 'hold') expect(step.amount).toBeGreaterThan(cash[step.user]!);
          }
        }
        for (let i = 0; i < 3; i++) {
          expect(await bal({ userId: users[i]!, kind: 'cash' })).toBe(cash[i]);
          expect(await bal({ userId: users[i]!, kind: 'frozen' })).toBe(frozen[i]);
        }
        const report = await verifyLedger(t.ctx.database.db);
        expect(report.problems).toEqual([]);
      }),
      { numRuns: dialect === 'sqlite' ? 25 : 10 },
    );
  });

  it('verify reports a tampered cached balance, and so does npm run ledger:verify', async () => {
    const user = await newUser();
    await deposit(user, 1_234);
    await expectVerified();
    if (dialect === 'sqlite') {
      const env = {
        ...process.env,
        DATA_DIR: t.ctx.config.DATA_DIR,
        SQLITE_FILE: path.join(t.ctx.config.DATA_DIR, 'test.sqlite'),
        DATABASE_URL: '',
      };
      const healthy = spawnSync('npm', ['run', '--silent', 'ledger:verify'], { cwd: REPO_ROOT, env, encoding: 'utf8' });
      expect(healthy.status, healthy.stderr).toBe(0);
      expect(JSON.parse(healthy.stdout)).toMatchObject({ ok: true, problems: [] });
    }
    await t.ctx.database.db
      .updateTable('ledgerAccounts')
      .set({ balanceMinor: 9_999 })
      .where('code', '=', `user:${user}:cash:EUR`)
      .execute();
    const report = await verifyLedger(t.ctx.database.db);
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toContain(`user:${user}:cash:EUR: cached balance 9999 ≠ postings 1234`);
    if (dialect === 'sqlite') {
      const env = {
        ...process.env,
        DATA_DIR: t.ctx.config.DATA_DIR,
        SQLITE_FILE: path.join(t.ctx.config.DATA_DIR, 'test.sqlite'),
        DATABASE_URL: '',
      };
      const broken = spawnSync('npm', ['run', '--silent', 'ledger:verify'], { cwd: REPO_ROOT, env, encoding: 'utf8' });
      expect(broken.status).toBe(1);
      expect(JSON.parse(broken.stdout).ok).toBe(false);
    }
    // Put it back, so later checks on this database see a healthy ledger again.
    await t.ctx.database.db
      .updateTable('ledgerAccounts')
      .set({ balanceMinor: 1_234 })
      .where('code', '=', `user:${user}:cash:EUR`)
      .execute();
    await expectVerified();
  });
});
