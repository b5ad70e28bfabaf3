import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface LedgerReport {
  ok: boolean;
  checked: { accounts: number; entries: number; postings: number; holds: number };
  problems: string[];
}

const n = (value: unknown) => Number(value ?? 0);

/**
 * Recomputes every balance from the postings and checks every invariant of the ledger: each entry
 * has two or more postings summing to zero; each cached balance equals its postings; no user
 * balance is negative; each user's frozen balance equals the sum of their open holds; all balances
 * together sum to zero.
 */
export async function verifyLedger(db: Db): Promise<LedgerReport> {
  const problems: string[] = [];

  const unbalanced = await db
    .selectFrom('journalEntries as e')
    .leftJoin('postings as p', 'p.entryId', 'e.id')
    .select([
      'e.id',
      'e.idempotencyKey',
      sql<string>`coalesce(sum(p.amount_minor), 0)`.as('total'),
      sql<string>`count(p.id)`.as('count'),
    ])
    .groupBy(['e.id', 'e.idempotencyKey'])
    .having((eb) => eb.or([eb(sql`coalesce(sum(p.amount_minor), 0)`, '<>', 0), eb(sql`count(p.id)`, '<', 2)]))
    .execute();
  for (const row of unbalanced) {
    problems.push(`entry ${row.id} (${row.idempotencyKey}) has ${n(row.count)} postings summing to ${n(row.total)}`);
  }

  const accounts = await db
    .selectFrom('ledgerAccounts as a')
    .leftJoin('postings as p', 'p.accountId', 'a.id')
    .select([
      'a.id',
      'a.code',
      'a.userId',
      'a.kind',
      'a.balanceMinor',
      sql<string>`coalesce(sum(p.amount_minor), 0)`.as('recomputed'),
    ])
    .groupBy(['a.id', 'a.code', 'a.userId', 'a.kind', 'a.balanceMinor'])
    .execute();
  let total = 0;
  const frozenByUser = new Map<number, number>();
  for (const account of accounts) {
    const cached = n(account.balanceMinor);
    const recomputed = n(account.recomputed);
    total += recomputed;
    if (cached !== recomputed)
      problems.push(`account ${account.code}: cached balance ${cached} ≠ postings ${recomputed}`);
    if (account.userId !== null && recomputed < 0) problems.push(`account ${account.code} is negative: ${recomputed}`);
    if (account.kind === 'frozen' && account.userId !== null) frozenByUser.set(n(account.userId), recomputed);
  }
  if (total !== 0) problems.push(`all balances together sum to ${total}, not 0`);

  const holds = await db
    .selectFrom('holds')
    .select(['userId', sql<string>`sum(amount_minor)`.as('open')])
    .where('status', '=', 'open')
    .groupBy('userId')
    .execute();
  const openByUser = new Map(holds.map((h) => [n(h.userId), n(h.open)]));
  for (const userId of new Set([...frozenByUser.keys(), ...openByUser.keys()])) {
    const frozen = frozenByUser.get(userId) ?? 0;
    const open = openByUser.get(userId) ?? 0;
    if (frozen !== open) problems.push(`user ${userId}: frozen ${frozen} ≠ open holds ${open}`);
  }

  const counts = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('journalEntries').select(eb.fn.countAll<string>().as('c')).as('entries'),
      eb.selectFrom('postings').select(eb.fn.countAll<string>().as('c')).as('postings'),
      eb.selectFrom('holds').select(eb.fn.countAll<string>().as('c')).as('holds'),
    ])
    .executeTakeFirstOrThrow();
  return {
    ok: problems.length === 0,
    checked: {
      accounts: accounts.length,
      entries: n(counts.entries),
      postings: n(counts.postings),
      holds: n(counts.holds),
    },
    problems,
  };
}
