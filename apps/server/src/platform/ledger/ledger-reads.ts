import type { Db, Trx } from '../db/database.ts';

/** Read-only views of the ledger for the console: a user's accounts and their recent entries. */

type Executor = Db | Trx;

/** Every ledger account of one user with its kind, code and balance in minor units. */
export async function accountsOfUser(
  db: Executor,
  userId: number,
): Promise<Array<{ id: number; kind: string; code: string; balanceMinor: number }>> {
  const rows = await db
    .selectFrom('ledgerAccounts')
    .select(['id', 'kind', 'code', 'balanceMinor'])
    .where('userId', '=', userId)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    code: row.code,
    balanceMinor: Number(row.balanceMinor),
  }));
}

export interface EntryWithPostings {
  id: number;
  kind: string;
  memo: string | null;
  createdAtMs: number;
  /** Every posting of the entry (the other side's accounts too), in the order they were written. */
  postings: Array<{ accountCode: string; amountMinor: number }>;
}

/**
 * The latest entries, newest first, that post to any of these accounts (at most `limit`), each
 * with all its postings.
 */
export async function recentEntriesOfAccounts(
  db: Executor,
  accountIds: readonly number[],
  limit: number,
): Promise<EntryWithPostings[]> {
  if (accountIds.length === 0) return [];
  const entries = await db
    .selectFrom('journalEntries as e')
    .select(['e.id', 'e.kind', 'e.memo', 'e.createdAt'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('postings as p')
          .select('p.id')
          .whereRef('p.entryId', '=', 'e.id')
          .where('p.accountId', 'in', accountIds),
      ),
    )
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
  if (entries.length === 0) return [];
  const postings = await db
    .selectFrom('postings as p')
    .innerJoin('ledgerAccounts as a', 'a.id', 'p.accountId')
    .select(['p.entryId', 'a.code', 'p.amountMinor'])
    .where(
      'p.entryId',
      'in',
      entries.map((e) => Number(e.id)),
    )
    .orderBy('p.id')
    .execute();
  return entries.map((e) => ({
    id: Number(e.id),
    kind: e.kind,
    memo: e.memo,
    createdAtMs: Number(e.createdAt),
    postings: postings
      .filter((p) => Number(p.entryId) === Number(e.id))
      .map((p) => ({ accountCode: p.code, amountMinor: Number(p.amountMinor) })),
  }));
}

/** How many holds of one user are still open (money set aside for an order, a withdrawal, a subscription). */
export async function openHoldCount(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('holds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every posting to one user's accounts with its entry (kind, memo, time), oldest first: their side of the ledger. */
export function postingsOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('postings as p')
    .innerJoin('ledgerAccounts as a', 'a.id', 'p.accountId')
    .innerJoin('journalEntries as e', 'e.id', 'p.entryId')
    .select([
      'p.id',
      'p.entryId',
      'e.kind',
      'e.memo',
      'e.createdAt',
      'a.kind as account',
      'a.currency',
      'p.amountMinor',
    ])
    .where('a.userId', '=', userId)
    .orderBy('p.id')
    .execute();
}

/** The balances of the whole ledger, by account kind, read in one statement (one snapshot). */
export interface LedgerTotals {
  /** Every account's balance added up: 0 while every entry balances. */
  totalMinor: number;
  accounts: number;
  byKind: Array<{ kind: string; system: boolean; accounts: number; balanceMinor: number; lowestMinor: number }>;
  /** Investors' accounts below zero (at most 20): there should be none. */
  negative: Array<{ code: string; balanceMinor: number }>;
}

export async function ledgerTotals(db: Executor): Promise<LedgerTotals> {
  const rows = await db
    .selectFrom('ledgerAccounts')
    .select((eb) => [
      'kind',
      eb.fn.count<string>('id').as('accounts'),
      eb.fn.sum<string>('balanceMinor').as('total'),
      eb.fn.min<string>('balanceMinor').as('lowest'),
      eb.fn.max<string>('userId').as('anyUser'),
    ])
    .groupBy('kind')
    .orderBy('kind')
    .execute();
  const negative = await db
    .selectFrom('ledgerAccounts')
    .select(['code', 'balanceMinor'])
    .where('userId', 'is not', null)
    .where('balanceMinor', '<', 0)
    .orderBy('id')
    .limit(20)
    .execute();
  const byKind = rows.map((row) => ({
    kind: row.kind,
    system: row.anyUser === null,
    accounts: Number(row.accounts),
    balanceMinor: Number(row.total ?? 0),
    lowestMinor: Number(row.lowest ?? 0),
  }));
  return {
    totalMinor: byKind.reduce((sum, k) => sum + k.balanceMinor, 0),
    accounts: byKind.reduce((sum, k) => sum + k.accounts, 0),
    byKind,
    negative: negative.map((row) => ({ code: row.code, balanceMinor: Number(row.balanceMinor) })),
  };
}
