import { CompiledQuery } from 'kysely';
import type { Clock } from '../clock.ts';
import { isCheckViolation, isUniqueViolation, type Db, type Dialect, type Trx } from '../db/database.ts';
import { insertMany, placeholders, sqlRunner, updateManyById, type SqlRunner } from '../db/sql-runner.ts';
import { AppError, invariant } from '../errors.ts';

export const USER_ACCOUNT_KINDS = ['cash', 'frozen', 'fund', 'fund_pending', 'redeem_pending', 'loan'] as const;
export const SYSTEM_ACCOUNT_KINDS = [
  'bank_clearing',
  'fee_income',
  'market_settlement',
  'fund_pool',
  'loan_book',
  'loan_receivable',
  'interest_expense',
  'interest_income',
] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

export type AccountRef = { userId: number; kind: UserAccountKind } | { system: SystemAccountKind };

export interface PostingInput {
  account: AccountRef;
  /** Positive increases the account's balance, negative decreases it. */
  amountMinor: number;
}

export interface EntryInput {
  /** Unique per movement: the same key posts once, however often it is retried. */
  idempotencyKey: string;
  kind: string;
  referenceType?: string | undefined;
  referenceId?: string | number | undefined;
  memo?: string | undefined;
  postings: PostingInput[];
  /**
   * True when the key names a row made in this same transaction (a new order's fill): no earlier
   * entry can carry it, so the look-up for one is skipped. The key's unique index still refuses a
   * second entry.
   */
  keyIsNew?: boolean;
}

interface LockedAccount {
  id: number;
  code: string;
  userId: number | null;
  balanceMinor: number;
}

/** One hold of a batch settled by `settleHolds`. */
export interface HoldSettlement {
  holdId: number;
  /** Whose hold it is and what it holds, as the caller read them (checked as the hold is closed). */
  userId: number;
  amountMinor: number;
  /** Taken from the hold to `to` (0: the whole hold is released); the rest returns to the user's cash. */
  captureMinor: number;
  to: AccountRef;
  idempotencyKey: string;
  kind: string;
}

/**
 * One hold's settlement as the statements take it: entry key, kind, hold id (the entry's reference),
 * the frozen, target and cash account ids, the amount held and the amount captured.
 */
type SettlementRow = readonly [string, string, string, number, number, number, number, number];

/** The most holds one `settleHolds` call takes (its statements stay within every engine's limits). */
export const SETTLE_BATCH_MAX = 5_000;

/**
 * The longest journal-entry key. Keys built from an investor's Idempotency-Key (up to 128
 * characters) also carry the instant of the request (`…:<key>@<ms>`): a key may be used again once
 * its stored answer has expired (the retention job), and that later request is a new movement.
 */
export const IDEMPOTENCY_KEY_MAX = 200;

export interface PostedEntry {
  entryId: number;
  /** True when the key had been posted before and nothing new was written. */
  replayed: boolean;
}

function accountCode(ref: AccountRef, currency: string): string {
  return 'system' in ref ? `system:${ref.system}:${currency}` : `user:${ref.userId}:${ref.kind}:${currency}`;
}

/**
 * The double-entry ledger. Every movement is one journal entry whose postings sum to zero, written
 * in the caller's transaction (the same one as the business row). Accounts are locked in a fixed
 * order (by id) on PostgreSQL; SQLite transactions are serialized by BEGIN IMMEDIATE.
 */
export class Ledger {
  constructor(
    private readonly dialect: Dialect,
    readonly currency: string,
    private readonly clock: Clock,
  ) {}

  /** The account's id, creating the account on first use. */
  async accountId(trx: Trx, ref: AccountRef): Promise<number> {
    const code = accountCode(ref, this.currency);
    const existing = await trx.selectFrom('ledgerAccounts').select('id').where('code', '=', code).executeTakeFirst();
    if (existing) return Number(existing.id);
    await trx
      .insertInto('ledgerAccounts')
      .values({
        code,
        userId: 'system' in ref ? null : ref.userId,
        kind: 'system' in ref ? ref.system : ref.kind,
        currency: this.currency,
        createdAt: this.clock.nowMs(),
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const row = await trx.selectFrom('ledgerAccounts').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** An account's balance in minor units (0 when the account does not exist yet). */
  async balance(db: Db | Trx, ref: AccountRef): Promise<number> {
    const row = await db
      .selectFrom('ledgerAccounts')
      .select('balanceMinor')
      .where('code', '=', accountCode(ref, this.currency))
      .executeTakeFirst();
    return row ? Number(row.balanceMinor) : 0;
  }

  /**
   * Every account balance of one user, read in a single statement (one consistent snapshot, no
   * transaction or lock needed); kinds without an account are 0.
   */
  async userBalances(db: Db | Trx, userId: number): Promise<Record<UserAccountKind, number>> {
    const rows = await db
      .selectFrom('ledgerAccounts')
      .select(['kind', 'balanceMinor'])
      .where('userId', '=', userId)
      .where('currency', '=', this.currency)
      .execute();
    const balances = Object.fromEntries(USER_ACCOUNT_KINDS.map((kind) => [kind, 0])) as Record<UserAccountKind, number>;
    for (const row of rows) balances[row.kind as UserAccountKind] = Number(row.balanceMinor);
    return balances;
  }

  /**
   * Posts one balanced entry. Refuses (INSUFFICIENT_FUNDS, nothing written) when a user account would
   * go below zero; a repeated idempotency key returns the first entry and writes nothing.
   */
  async post(trx: Trx, input: EntryInput): Promise<PostedEntry> {
    invariant(input.postings.length >= 2, 'an entry needs at least two postings');
    let sum = 0;
    for (const posting of input.postings) {
      invariant(
        Number.isSafeInteger(posting.amountMinor) && posting.amountMinor !== 0,
        'postings are non-zero integers',
      );
      sum += posting.amountMinor;
    }
    invariant(sum === 0, `postings of ${input.kind} must sum to zero, not ${sum}`);
    invariant(
      input.idempotencyKey.length > 0 && input.idempotencyKey.length <= IDEMPOTENCY_KEY_MAX,
      'idempotency key length',
    );

    // The hot path of every movement: plain statements, prepared once (see sql-runner.ts).
    const run = sqlRunner(trx, this.dialect);
    if (!input.keyIsNew) {
      const previous = await run.get<{ id: number }>('select id from journal_entries where idempotency_key = ?', [
        input.idempotencyKey,
      ]);
      if (previous !== undefined) return { entryId: Number(previous.id), replayed: true };
    }

    // Net the postings per account, then lock the accounts in id order: every transaction takes its
    // locks in the same order, so two movements can never wait on each other in a cycle.
    const codes = input.postings.map((posting) => accountCode(posting.account, this.currency));
    const accounts = await this.lockAccounts(trx, run, input.postings, codes);
    const byAccount = new Map<number, number>();
    input.postings.forEach((posting, i) => {
      const id = accounts.get(codes[i] as string)?.id;
      invariant(id !== undefined, 'every posted account exists');
      byAccount.set(id, (byAccount.get(id) ?? 0) + posting.amountMinor);
    });
    for (const account of accounts.values()) {
      const after = account.balanceMinor + (byAccount.get(account.id) ?? 0);
      if (account.userId !== null && after < 0) throw new AppError('INSUFFICIENT_FUNDS');
    }

    let entryId: number;
    try {
      const row = await run.get<{ id: number }>(
        `insert into journal_entries (idempotency_key, kind, reference_type, reference_id, memo, created_at)
         values (?, ?, ?, ?, ?, ?) returning id`,
        [
          input.idempotencyKey,
          input.kind,
          input.referenceType ?? null,
          input.referenceId === undefined ? null : String(input.referenceId),
          input.memo ?? null,
          this.clock.nowMs(),
        ],
      );
      invariant(row, 'an inserted entry has an id');
      entryId = Number(row.id);
    } catch (error) {
      // Another transaction posted the same key between our check and our insert.
      if (isUniqueViolation(error)) throw new AppError('CONFLICT');
      throw error;
    }
    const values: number[] = [];
    input.postings.forEach((posting, i) => {
      values.push(entryId, (accounts.get(codes[i] as string) as LockedAccount).id, posting.amountMinor);
    });
    await run.run(
      `insert into postings (entry_id, account_id, amount_minor) values ${input.postings.map(() => '(?, ?, ?)').join(', ')}`,
      values,
    );
    // Every changed balance in one statement (the rows are already locked, in id order).
    const changed = [...byAccount.entries()].filter(([, delta]) => delta !== 0).sort(([a], [b]) => a - b);
    if (changed.length > 0) {
      await run.run(
        `update ledger_accounts set balance_minor = balance_minor + case id ${changed
          .map(() => 'when ? then cast(? as bigint)')
          .join(' ')} end where id in (${placeholders(changed.length)})`,
        [...changed.flatMap(([id, delta]) => [id, delta]), ...changed.map(([id]) => id)],
      );
    }
    return { entryId, replayed: false };
  }

  /** The accounts of an entry by code, created on first use, locked in id order (PostgreSQL). */
  private async lockAccounts(
    trx: Trx,
    run: SqlRunner,
    postings: PostingInput[],
    codes: string[],
  ): Promise<Map<string, LockedAccount>> {
    const unique = [...new Set(codes)];
    const select = () =>
      run.all<LockedAccount>(
        `select id, code, user_id as "userId", balance_minor as "balanceMinor" from ledger_accounts
         where code in (${placeholders(unique.length)}) order by id${run.forUpdate}`,
        unique,
      );
    let rows = await select();
    if (rows.length < unique.length) {
      const found = new Set(rows.map((row) => row.code));
      for (const [i, posting] of postings.entries()) {
        if (!found.has(codes[i] as string)) {
          await this.accountId(trx, posting.account);
          found.add(codes[i] as string);
        }
      }
      rows = await select();
    }
    return new Map(
      rows.map((row) => [
        row.code,
        {
          id: Number(row.id),
          code: row.code,
          userId: row.userId === null ? null : Number(row.userId),
          balanceMinor: Number(row.balanceMinor),
        },
      ]),
    );
  }

  /**
   * Reserves money: moves it from the user's cash to frozen and opens a hold, one entry. Refuses
   * with INSUFFICIENT_FUNDS when cash does not cover it.
   */
  async hold(
    trx: Trx,
    input: {
      userId: number;
      amountMinor: number;
      reason: string;
      referenceId?: string | number;
      idempotencyKey: string;
    },
  ): Promise<number> {
    invariant(Number.isSafeInteger(input.amountMinor) && input.amountMinor > 0, 'a hold is a positive amount');
    const row = await sqlRunner(trx, this.dialect).get<{ id: number }>(
      `insert into holds (user_id, currency, amount_minor, reason, reference_id, created_at)
       values (?, ?, ?, ?, ?, ?) returning id`,
      [
        input.userId,
        this.currency,
        input.amountMinor,
        input.reason,
        input.referenceId === undefined ? null : String(input.referenceId),
        this.clock.nowMs(),
      ],
    );
    invariant(row, 'an inserted hold has an id');
    const holdId = Number(row.id);
    const posted = await this.post(trx, {
      idempotencyKey: input.idempotencyKey,
      kind: `hold.${input.reason}`,
      referenceType: 'hold',
      referenceId: holdId,
      postings: [
        { account: { userId: input.userId, kind: 'cash' }, amountMinor: -input.amountMinor },
        { account: { userId: input.userId, kind: 'frozen' }, amountMinor: input.amountMinor },
      ],
    });
    // The key's entry already committed by another transaction (on PostgreSQL, one that committed
    // after this one read what it checked — two one-click IPO subscriptions of one investor at once,
    // seen in the three-instance bank run): the same conflict as a key still being written.
    if (posted.replayed) throw new AppError('CONFLICT');
    return holdId;
  }

  /**
   * Settles a hold: `amountMinor` (all of it, or part) goes from frozen to `to`, and whatever is left
   * returns to the user's cash. The hold is then closed.
   */
  async capture(
    trx: Trx,
    input: {
      holdId: number;
      amountMinor: number;
      to: AccountRef | PostingInput[];
      idempotencyKey: string;
      kind: string;
    },
  ) {
    const hold = await this.openHold(trx, input.holdId);
    invariant(Number.isSafeInteger(input.amountMinor) && input.amountMinor > 0, 'a capture is a positive amount');
    if (input.amountMinor > hold.amountMinor) throw new AppError('INSUFFICIENT_FUNDS');
    // One target takes it all; several (e.g. the bank and the fee) must add up to the captured amount.
    const targets = Array.isArray(input.to) ? input.to : [{ account: input.to, amountMinor: input.amountMinor }];
    invariant(
      targets.reduce((sum, t) => sum + t.amountMinor, 0) === input.amountMinor,
      'capture targets must add up to the captured amount',
    );
    const rest = hold.amountMinor - input.amountMinor;
    const postings: PostingInput[] = [
      { account: { userId: hold.userId, kind: 'frozen' }, amountMinor: -hold.amountMinor },
      ...targets,
    ];
    if (rest > 0) postings.push({ account: { userId: hold.userId, kind: 'cash' }, amountMinor: rest });
    await this.post(trx, {
      idempotencyKey: input.idempotencyKey,
      kind: input.kind,
      referenceType: 'hold',
      referenceId: hold.id,
      postings,
    });
    await sqlRunner(trx, this.dialect).run(
      "update holds set status = 'captured', captured_minor = ?, closed_at = ? where id = ?",
      [input.amountMinor, this.clock.nowMs(), hold.id],
    );
  }

  /** Cancels a hold: the whole amount returns from frozen to the user's cash. */
  async void(trx: Trx, input: { holdId: number; idempotencyKey: string; kind: string }) {
    const hold = await this.openHold(trx, input.holdId);
    await this.post(trx, {
      idempotencyKey: input.idempotencyKey,
      kind: input.kind,
      referenceType: 'hold',
      referenceId: hold.id,
      postings: [
        { account: { userId: hold.userId, kind: 'frozen' }, amountMinor: -hold.amountMinor },
        { account: { userId: hold.userId, kind: 'cash' }, amountMinor: hold.amountMinor },
      ],
    });
    await sqlRunner(trx, this.dialect).run("update holds set status = 'voided', closed_at = ? where id = ?", [
      this.clock.nowMs(),
      hold.id,
    ]);
  }

  /**
   * Settles many holds at once, each as `capture` (or, for `captureMinor` 0, `void`) would — one
   * balanced entry per hold, its idempotency key its own — in a handful of statements for the whole
   * batch instead of a handful per hold: a draw settles a hundred thousand subscriptions. Every hold
   * must be open (HOLD_NOT_OPEN otherwise, nothing written); a key posted before is CONFLICT.
   */
  async settleHolds(trx: Trx, settlements: readonly HoldSettlement[]): Promise<void> {
    if (settlements.length === 0) return;
    invariant(settlements.length <= SETTLE_BATCH_MAX, `at most ${SETTLE_BATCH_MAX} holds are settled at once`);
    const ids = settlements.map((settlement) => settlement.holdId);
    invariant(new Set(ids).size === ids.length, 'each hold is settled once in a batch');
    for (const settlement of settlements) {
      invariant(
        Number.isSafeInteger(settlement.amountMinor) &&
          settlement.amountMinor > 0 &&
          Number.isSafeInteger(settlement.captureMinor) &&
          settlement.captureMinor >= 0 &&
          settlement.captureMinor <= settlement.amountMinor,
        `hold ${settlement.holdId}: a capture is between 0 and the amount held`,
      );
      invariant(
        settlement.idempotencyKey.length > 0 && settlement.idempotencyKey.length <= IDEMPOTENCY_KEY_MAX,
        'idempotency key length',
      );
    }
    invariant(
      new Set(settlements.map((settlement) => settlement.idempotencyKey)).size === settlements.length,
      'each key once in a batch',
    );
    // Each hold closed only if it is still open for the user and amount the caller read with it: the
    // conditional update is the check (no read first), and a batch with one that is not is refused.
    const nowMs = this.clock.nowMs();
    const closed = await updateManyById(
      trx,
      this.dialect,
      'holds',
      [
        { name: 'status', type: 'text' },
        { name: 'captured_minor', type: 'bigint' },
        { name: 'closed_at', type: 'bigint' },
        { name: 'user_id', type: 'bigint', match: true },
        { name: 'amount_minor', type: 'bigint', match: true },
      ],
      settlements.map((settlement) => [
        settlement.holdId,
        settlement.captureMinor > 0 ? 'captured' : 'voided',
        settlement.captureMinor,
        nowMs,
        settlement.userId,
        settlement.amountMinor,
      ]),
      "status = 'open'",
    );
    if (closed !== settlements.length) {
      const found = await trx.selectFrom('holds').select(['id', 'status']).where('id', 'in', ids).execute();
      if (found.length < ids.length) throw new AppError('NOT_FOUND');
      if (found.some((hold) => hold.status !== 'open')) throw new AppError('HOLD_NOT_OPEN');
      invariant(false, 'a settled hold belongs to the user and holds the amount its settlement says');
    }
    // The accounts: each distinct target by its code (a draw has one, the market's settlement
    // account), every user's frozen and cash by user id — one statement for the whole batch.
    const targetIds = new Map<string, number>();
    for (const settlement of settlements) {
      const code = accountCode(settlement.to, this.currency);
      if (!targetIds.has(code)) targetIds.set(code, await this.accountId(trx, settlement.to));
    }
    const userIds = [...new Set(settlements.map((settlement) => settlement.userId))];
    const accounts = await this.holdAccounts(trx, userIds, [...targetIds.values()]);
    // Per hold: its entry (key, kind, hold) and what its postings need, as one row of plain values.
    const rows = settlements.map((settlement) => {
      const own = accounts.get(settlement.userId);
      invariant(own, `user ${settlement.userId} has a frozen and a cash account`);
      return [
        settlement.idempotencyKey,
        settlement.kind,
        String(settlement.holdId),
        own.frozen,
        targetIds.get(accountCode(settlement.to, this.currency))!,
        own.cash,
        settlement.amountMinor,
        settlement.captureMinor,
      ] as const;
    });
    try {
      await (this.dialect === 'postgres' ? this.settlePostgres(trx, rows, nowMs) : this.settleSqlite(trx, rows, nowMs));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT');
      // A user account going below zero (the CHECK on its balance): the ledger did not cover a hold.
      if (isCheckViolation(error)) throw new AppError('INSUFFICIENT_FUNDS');
      throw error;
    }
  }

  /**
   * The frozen and cash account ids of each user, created on first use (a user with an open hold has
   * both), found by user id — one probe per user in the user index rather than one per account in
   * the codes' — together with `extra` accounts, all locked in id order on PostgreSQL like every
   * other movement's.
   */
  private async holdAccounts(trx: Trx, userIds: readonly number[], extra: readonly number[]) {
    const read = async () => {
      if (this.dialect === 'sqlite') {
        return sqlRunner(trx, this.dialect).all<{ id: number; userId: number | null; kind: string }>(
          `select id, user_id as "userId", kind from ledger_accounts
           where user_id in (select value from json_each(?)) and kind in ('frozen', 'cash') and currency = ?`,
          [JSON.stringify(userIds), this.currency],
        );
      }
      const result = await trx.executeQuery<{ id: number; userId: number | null; kind: string }>(
        CompiledQuery.raw(
          `select id, user_id as "userId", kind from ledger_accounts
           where (user_id = any(cast($1 as bigint[])) and kind in ('frozen', 'cash') and currency = $2)
              or id = any(cast($3 as bigint[]))
           order by id for update`,
          [[...userIds], this.currency, [...extra]],
        ),
      );
      return result.rows;
    };
    const collect = (found: Awaited<ReturnType<typeof read>>) => {
      const byUser = new Map<number, { frozen?: number; cash?: number }>();
      for (const row of found) {
        if (row.userId === null || (row.kind !== 'frozen' && row.kind !== 'cash')) continue;
        const userId = Number(row.userId);
        const own = byUser.get(userId) ?? {};
        own[row.kind] = Number(row.id);
        byUser.set(userId, own);
      }
      return byUser;
    };
    let byUser = collect(await read());
    const missing = userIds.filter((userId) => {
      const own = byUser.get(userId);
      return own?.frozen === undefined || own.cash === undefined;
    });
    if (missing.length > 0) {
      for (const userId of missing) {
        await this.accountId(trx, { userId, kind: 'frozen' });
        await this.accountId(trx, { userId, kind: 'cash' });
      }
      byUser = collect(await read());
    }
    return byUser as Map<number, { frozen: number; cash: number }>;
  }

  /**
   * SQLite: the entries in one statement (their ids back), then the postings and the balances each
   * in one statement over the same JSON parameter — the balances summed per account by SQLite.
   */
  private async settleSqlite(trx: Trx, rows: readonly SettlementRow[], nowMs: number) {
    const run = sqlRunner(trx, this.dialect);
    const inserted = await run.all<{ id: number; idempotencyKey: string }>(
      `insert into journal_entries (idempotency_key, kind, reference_type, reference_id, created_at)
       select value->>0, value->>1, 'hold', value->>2, ? from json_each(?)
       returning id, idempotency_key as "idempotencyKey"`,
      [nowMs, JSON.stringify(rows.map((row) => [row[0], row[1], row[2]]))],
    );
    const entryIds = new Map(inserted.map((entry) => [entry.idempotencyKey, Number(entry.id)]));
    const postings: Array<[number, number, number]> = [];
    for (const [key, , , frozen, target, cash, amount, captured] of rows) {
      const entryId = entryIds.get(key);
      invariant(entryId !== undefined, 'every entry has its id');
      postings.push([entryId, frozen, -amount]);
      if (captured > 0) postings.push([entryId, target, captured]);
      if (amount - captured > 0) postings.push([entryId, cash, amount - captured]);
    }
    const json = JSON.stringify(postings);
    await run.run(
      'insert into postings (entry_id, account_id, amount_minor) select value->>0, value->>1, value->>2 from json_each(?)',
      [json],
    );
    await run.run(
      `update ledger_accounts set balance_minor = balance_minor + d.delta
       from (select value->>1 as account, sum(value->>2) as delta from json_each(?)
             group by value->>1 having sum(value->>2) <> 0) as d
       where ledger_accounts.id = d.account`,
      [json],
    );
  }

  /**
   * PostgreSQL: one statement for the batch — the rows as one array per column (`unnest`), the
   * entries inserted from them, each entry's postings from its row (frozen out, the capture to its
   * target, the rest to cash), and every balance changed by the sum of its postings.
   */
  private async settlePostgres(trx: Trx, rows: readonly SettlementRow[], nowMs: number) {
    const column = (k: number) => rows.map((row) => row[k]!);
    await trx.executeQuery(
      CompiledQuery.raw(
        `with s (key, kind, ref, frozen, target, cash, amount, captured) as (
           select * from unnest(cast($1 as text[]), cast($2 as text[]), cast($3 as text[]), cast($4 as bigint[]),
                                cast($5 as bigint[]), cast($6 as bigint[]), cast($7 as bigint[]), cast($8 as bigint[]))
         ), e as (
           insert into journal_entries (idempotency_key, kind, reference_type, reference_id, created_at)
           select key, kind, 'hold', ref, $9 from s
           returning id, idempotency_key
         ), p as (
           insert into postings (entry_id, account_id, amount_minor)
           select e.id, v.account, v.amount
           from e join s on s.key = e.idempotency_key
           cross join lateral (values (s.frozen, -s.amount), (s.target, s.captured), (s.cash, s.amount - s.captured))
             as v (account, amount)
           where v.amount <> 0
           returning account_id, amount_minor
         )
         update ledger_accounts set balance_minor = balance_minor + d.delta
         from (select account_id, sum(amount_minor) as delta from p group by account_id having sum(amount_minor) <> 0) as d
         where ledger_accounts.id = d.account_id`,
        [column(0), column(1), column(2), column(3), column(4), column(5), column(6), column(7), nowMs],
      ),
    );
  }

  /**
   * Posts many entries at once, each as `post` would (its own balanced postings and idempotency key),
   * in a handful of statements for the whole batch: a day's fund accrual posts one entry per
   * investor. The keys must be new (each names a business row made in this transaction): a key
   * posted before is CONFLICT and nothing is written. INSUFFICIENT_FUNDS when a user account would
   * go below zero.
   */
  async postMany(trx: Trx, entries: readonly EntryInput[], nowMs = this.clock.nowMs()): Promise<void> {
    if (entries.length === 0) return;
    invariant(entries.length <= SETTLE_BATCH_MAX, `at most ${SETTLE_BATCH_MAX} entries are posted at once`);
    invariant(new Set(entries.map((e) => e.idempotencyKey)).size === entries.length, 'each key once in a batch');
    const postings: PostingInput[] = [];
    const perEntry: Array<{ entry: EntryInput; first: number; count: number }> = [];
    for (const entry of entries) {
      invariant(entry.postings.length >= 2, 'an entry needs at least two postings');
      let sum = 0;
      for (const posting of entry.postings) {
        invariant(
          Number.isSafeInteger(posting.amountMinor) && posting.amountMinor !== 0,
          'postings are non-zero integers',
        );
        sum += posting.amountMinor;
      }
      invariant(sum === 0, `postings of ${entry.kind} must sum to zero, not ${sum}`);
      invariant(
        entry.idempotencyKey.length > 0 && entry.idempotencyKey.length <= IDEMPOTENCY_KEY_MAX,
        'idempotency key length',
      );
      perEntry.push({ entry, first: postings.length, count: entry.postings.length });
      postings.push(...entry.postings);
    }
    const codes = postings.map((posting) => accountCode(posting.account, this.currency));
    const accounts = await this.lockManyAccounts(trx, postings, codes);
    const accountIds = codes.map((code) => {
      const account = accounts.get(code);
      invariant(account, 'every posted account exists');
      return account.id;
    });
    const byAccount = new Map<number, number>();
    postings.forEach((posting, i) => {
      byAccount.set(accountIds[i]!, (byAccount.get(accountIds[i]!) ?? 0) + posting.amountMinor);
    });
    for (const account of accounts.values()) {
      if (account.userId !== null && account.balanceMinor + (byAccount.get(account.id) ?? 0) < 0) {
        throw new AppError('INSUFFICIENT_FUNDS');
      }
    }
    let inserted: Array<{ id: number; idempotencyKey: string }>;
    try {
      inserted = await insertMany<{ id: number; idempotencyKey: string }>(
        trx,
        this.dialect,
        'journal_entries',
        ['idempotency_key', 'kind', 'reference_type', 'reference_id', 'memo', 'created_at'],
        ['text', 'text', 'text', 'text', 'text', 'bigint'],
        perEntry.map(({ entry }) => [
          entry.idempotencyKey,
          entry.kind,
          entry.referenceType ?? null,
          entry.referenceId === undefined ? null : String(entry.referenceId),
          entry.memo ?? null,
          nowMs,
        ]),
        'id, idempotency_key as "idempotencyKey"',
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT');
      throw error;
    }
    const entryIds = new Map(inserted.map((row) => [row.idempotencyKey, Number(row.id)]));
    await insertMany(
      trx,
      this.dialect,
      'postings',
      ['entry_id', 'account_id', 'amount_minor'],
      ['bigint', 'bigint', 'bigint'],
      perEntry.flatMap(({ entry, first, count }) => {
        const entryId = entryIds.get(entry.idempotencyKey);
        invariant(entryId !== undefined, 'every entry has its id');
        return postings
          .slice(first, first + count)
          .map((posting, k) => [entryId, accountIds[first + k]!, posting.amountMinor]);
      }),
    );
    await updateManyById(
      trx,
      this.dialect,
      'ledger_accounts',
      [{ name: 'balance_minor', type: 'bigint', assign: 'balance_minor = balance_minor + ?' }],
      [...byAccount.entries()].filter(([, delta]) => delta !== 0).sort(([a], [b]) => a - b),
    );
  }

  /**
   * Accounts whose code is one of `codes`, locked in id order on PostgreSQL (one statement, however
   * many codes: an array parameter); on SQLite, whose writers are serialized, one statement looking
   * each code of a JSON parameter up in the code's index.
   */
  private async readManyByCode(trx: Trx, select: string, codes: readonly string[]) {
    if (codes.length === 0) return [];
    if (this.dialect === 'sqlite') {
      return sqlRunner(trx, this.dialect).all<Record<string, unknown>>(
        `${select} where code in (select value from json_each(?))`,
        [JSON.stringify(codes)],
      );
    }
    // One array parameter however many codes.
    const result = await trx.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(`${select} where code = any(cast($1 as text[])) order by id for update`, [[...codes]]),
    );
    return result.rows;
  }

  /**
   * lockAccounts for a batch: one statement for every account however many (no prepared text per
   * length), the rows locked in id order on PostgreSQL; accounts are created on first use.
   */
  private async lockManyAccounts(trx: Trx, postings: PostingInput[], codes: string[]) {
    const unique = [...new Set(codes)];
    const select = async () =>
      (await this.readManyByCode(
        trx,
        'select id, code, user_id as "userId", balance_minor as "balanceMinor" from ledger_accounts',
        unique,
      )) as Array<{ id: number; code: string; userId: number | null; balanceMinor: number }>;
    let rows = await select();
    if (rows.length < unique.length) {
      const found = new Set(rows.map((row) => row.code));
      for (const [i, posting] of postings.entries()) {
        if (!found.has(codes[i]!)) {
          await this.accountId(trx, posting.account);
          found.add(codes[i]!);
        }
      }
      rows = await select();
    }
    return new Map(
      rows.map((row) => [
        row.code,
        {
          id: Number(row.id),
          userId: row.userId === null ? null : Number(row.userId),
          balanceMinor: Number(row.balanceMinor),
        },
      ]),
    );
  }

  private async openHold(trx: Trx, holdId: number) {
    const run = sqlRunner(trx, this.dialect);
    const hold = await run.get<{ id: number; userId: number; amountMinor: number; status: string }>(
      `select id, user_id as "userId", amount_minor as "amountMinor", status from holds where id = ?${run.forUpdate}`,
      [holdId],
    );
    if (!hold) throw new AppError('NOT_FOUND');
    if (hold.status !== 'open') throw new AppError('HOLD_NOT_OPEN');
    return { id: Number(hold.id), userId: Number(hold.userId), amountMinor: Number(hold.amountMinor) };
  }
}
