import type { Insertable } from 'kysely';
import type { Db, Trx } from '../../platform/db/database.ts';
import type { PortfolioSnapshotsTable } from '../../platform/db/schema.ts';

/** The portfolio domain's SQL: daily snapshots, their runs, and the money that crossed the portfolio's edge. */

type Executor = Db | Trx;

/** The system accounts money comes from or goes to when it enters or leaves an investor's portfolio. */
const OUTSIDE_ACCOUNTS = ['bank_clearing', 'loan_book'] as const;

export interface SnapshotRow {
  businessDate: string;
  totalAssetsMinor: number;
  takenAt: number;
}

const toSnapshot = (row: { businessDate: string; totalAssetsMinor: number; takenAt: number }): SnapshotRow => ({
  businessDate: row.businessDate,
  totalAssetsMinor: Number(row.totalAssetsMinor),
  takenAt: Number(row.takenAt),
});

/** Stores snapshots; one already stored for the same investor and date is kept as it is. */
export async function insertSnapshots(trx: Trx, rows: Array<Insertable<PortfolioSnapshotsTable>>): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('portfolioSnapshots')
    .values(rows)
    .onConflict((oc) => oc.columns(['userId', 'businessDate']).doNothing())
    .execute();
}

/** Marks a business date's snapshots done; a second mark of the same date writes nothing. */
export async function insertRun(
  trx: Trx,
  run: { businessDate: string; usersSnapshotted: number; completedAt: number },
): Promise<void> {
  await trx
    .insertInto('portfolioSnapshotRuns')
    .values(run)
    .onConflict((oc) => oc.column('businessDate').doNothing())
    .execute();
}

/** The latest business date whose snapshot run completed. */
export async function latestRunDate(db: Executor): Promise<string | undefined> {
  const row = await db
    .selectFrom('portfolioSnapshotRuns')
    .select('businessDate')
    .orderBy('businessDate', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.businessDate;
}

/** An investor's snapshots of `fromDate` and later, oldest first. */
export async function snapshotsFrom(db: Executor, userId: number, fromDate: string): Promise<SnapshotRow[]> {
  const rows = await db
    .selectFrom('portfolioSnapshots')
    .select(['businessDate', 'totalAssetsMinor', 'takenAt'])
    .where('userId', '=', userId)
    .where('businessDate', '>=', fromDate)
    .orderBy('businessDate')
    .execute();
  return rows.map(toSnapshot);
}

/** An investor's latest snapshot of a date before `date`. */
export async function lastSnapshotBefore(db: Executor, userId: number, date: string): Promise<SnapshotRow | undefined> {
  const row = await db
    .selectFrom('portfolioSnapshots')
    .select(['businessDate', 'totalAssetsMinor', 'takenAt'])
    .where('userId', '=', userId)
    .where('businessDate', '<', date)
    .orderBy('businessDate', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toSnapshot(row) : undefined;
}

/**
 * Money that entered the investor's portfolio after `afterMs` less money that left it (minor units):
 * the outside accounts' side of every journal entry that also posts to one of the investor's
 * accounts — deposits, paid withdrawals, loans paid out and principal repaid. Trades, fees, taxes,
 * interest and fund income are no such movement: they are the portfolio's result.
 */
export async function netInflowAfter(db: Executor, userId: number, afterMs: number): Promise<number> {
  const row = await db
    .selectFrom('postings as p')
    .innerJoin('ledgerAccounts as a', 'a.id', 'p.accountId')
    .innerJoin('journalEntries as e', 'e.id', 'p.entryId')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('p.amountMinor'), eb.lit(0)).as('outside'))
    .where('a.userId', 'is', null)
    .where('a.kind', 'in', OUTSIDE_ACCOUNTS)
    .where('e.createdAt', '>', afterMs)
    .where('p.entryId', 'in', (eb) =>
      eb
        .selectFrom('postings as up')
        .innerJoin('ledgerAccounts as ua', 'ua.id', 'up.accountId')
        .select('up.entryId')
        .where('ua.userId', '=', userId),
    )
    .executeTakeFirstOrThrow();
  // The outside accounts gave what the portfolio received: their side is the negative of the inflow.
  return -Number(row.outside);
}
