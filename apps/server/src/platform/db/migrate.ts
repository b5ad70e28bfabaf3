import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { DatabaseHandle, Dialect } from './database.ts';
import * as foundation from './migrations/0001-foundation.ts';
import * as ledger from './migrations/0002-ledger.ts';
import * as kyc from './migrations/0003-kyc.ts';
import * as wallet from './migrations/0004-wallet.ts';
import * as fourEyes from './migrations/0005-four-eyes.ts';
import * as market from './migrations/0006-market.ts';
import * as trading from './migrations/0007-trading.ts';
import * as orderPathIndexes from './migrations/0008-order-path-indexes.ts';
import * as moneyControls from './migrations/0009-money-controls.ts';
import * as ipo from './migrations/0010-ipo.ts';
import * as blocktrade from './migrations/0011-blocktrade.ts';
import * as ipoAllocation from './migrations/0012-ipo-allocation.ts';
import * as ledgerKinds from './migrations/0013-ledger-kinds.ts';
import * as balance from './migrations/0014-balance.ts';
import * as loans from './migrations/0015-loans.ts';
import * as members from './migrations/0016-members.ts';
import * as messages from './migrations/0017-messages.ts';
import * as support from './migrations/0018-support.ts';
import * as news from './migrations/0019-news.ts';
import * as profile from './migrations/0020-profile.ts';
import * as onboarding from './migrations/0021-onboarding.ts';
import * as portfolioSnapshots from './migrations/0022-portfolio-snapshots.ts';
import * as exchanges from './migrations/0023-exchanges.ts';
import * as retention from './migrations/0024-retention.ts';
import * as jobLeases from './migrations/0028-job-leases.ts';
import * as exchangeHolidays from './migrations/0029-exchange-holidays.ts';
import * as settlementIndexes from './migrations/0030-settlement-indexes.ts';
import * as hotSettlement from './migrations/0031-hot-settlement.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was */
type DialectMigration = { up(db: Kysely<any>, dialect: Dialect): Promise<void> };

/** Migrations in order. One set for both dialects; each gets the dialect for the few places they differ. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '0001-foundation': foundation,
  '0002-ledger': ledger,
  '0003-kyc': kyc,
  '0004-wallet': wallet,
  '0005-four-eyes': fourEyes,
  '0006-market': market,
  '0007-trading': trading,
  '0008-order-path-indexes': orderPathIndexes,
  '0009-money-controls': moneyControls,
  '0010-ipo': ipo,
  '0011-blocktrade': blocktrade,
  '0012-ipo-allocation': ipoAllocation,
  '0013-ledger-kinds': ledgerKinds,
  '0014-balance': balance,
  '0015-loans': loans,
  '0016-members': members,
  '0017-messages': messages,
  '0018-support': support,
  '0019-news': news,
  '0020-profile': profile,
  '0021-onboarding': onboarding,
  '0022-portfolio-snapshots': portfolioSnapshots,
  '0023-exchanges': exchanges,
  '0024-retention': retention,
  // 0025–0027 are taken by work on other branches.
  '0028-job-leases': jobLeases,
  '0029-exchange-holidays': exchangeHolidays,
  '0030-settlement-indexes': settlementIndexes,
  '0031-hot-settlement': hotSettlement,
};

/** Every migration's name, in order. */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS);

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(
      Object.fromEntries(
        Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (db: Kysely<any>) => m.up(db, this.dialect) }]),
      ),
    );
  }
}

function migrator(handle: DatabaseHandle): Migrator {
  return new Migrator({
    db: handle.db,
    provider: new InCodeProvider(handle.dialect),
    // Kysely looks for its bookkeeping tables across all schemas unless told which one is ours.
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  return applied(await migrator(handle).migrateToLatest());
}

/** Brings the schema up to `name` and no further (tests of a migration on the data before it). */
export async function migrateTo(handle: DatabaseHandle, name: string): Promise<string[]> {
  if (!MIGRATION_NAMES.includes(name)) throw new Error(`no migration ${name}`);
  return applied(await migrator(handle).migrateTo(name));
}

function applied({ error, results }: MigrationResultSet): string[] {
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
