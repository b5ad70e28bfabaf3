/**
 * `npm run bench:ledger-verify [-- --postings 1000000] [--json]`: how long `npm run ledger:verify`
 * takes over a ledger of a million postings (issue 17, item 7).
 *
 * 1. Migrates a fresh SQLite database (as the server opens it: WAL, synchronous=FULL) and writes, in
 *    bulk SQL rather than through the money pipeline (which would take an hour at this size):
 *    10,000 investors with a cash account, and `--postings / 2` balanced deposits (bank clearing →
 *    an investor's cash, two postings each), then sets every cached balance to the sum of its
 *    postings — a ledger that verifies.
 * 2. Runs the real command (`node --import tsx apps/server/scripts/ledger-verify.ts`, what
 *    `npm run ledger:verify` runs) on it as a child process and times it from start to exit.
 * 3. Fails unless the report is clean and counts every posting.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { closeContext, createContext } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { printReport } from './lib/figures.ts';
import { ROOT } from './lib/server.ts';

const { values } = parseArgs({
  options: {
    postings: { type: 'string', default: '1000000' },
    investors: { type: 'string', default: '10000' },
    json: { type: 'boolean', default: false },
  },
});
const POSTINGS = Number(values.postings);
const INVESTORS = Number(values.investors);
const ENTRIES = Math.floor(POSTINGS / 2);

const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-bench-ledger-'));
const env = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  MARKET_SIMULATOR: 'false',
};
try {
  const config = loadConfig(env);
  const ctx = await createContext(config);
  const seedStarted = performance.now();
  try {
    const db = ctx.database.db;
    const nowMs = Date.now();
    const clearing = await ctx.database.transaction((trx) => ctx.ledger.accountId(trx, { system: 'bank_clearing' }));
    const firstUser =
      Number((await sql<{ n: number }>`select coalesce(max(id), 0) as n from users`.execute(db)).rows[0]!.n) + 1;
    await ctx.database.transaction(async (trx) => {
      await sql`
        insert into users (id, phone, password_hash, nickname, lang, kyc_status, invite_code, created_at, updated_at)
        with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${INVESTORS})
        select ${firstUser} + i, '+49152' || printf('%08d', ${firstUser} + i), 'bench', 'bench' || i, 'de',
               'approved', 'L' || (${firstUser} + i), ${nowMs}, ${nowMs}
        from n`.execute(trx);
      await sql`
        insert into ledger_accounts (code, user_id, kind, currency, balance_minor, created_at)
        select 'user:' || id || ':cash:' || ${config.CURRENCY}, id, 'cash', ${config.CURRENCY}, 0, ${nowMs}
        from users where id >= ${firstUser}`.execute(trx);
      await sql`
        insert into journal_entries (idempotency_key, kind, created_at)
        with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${ENTRIES})
        select 'bench:deposit:' || i, 'bench.deposit', ${nowMs} from n`.execute(trx);
      // Amounts 1.00–10.99 by entry; the investor by entry id, round robin.
      await sql`
        insert into postings (entry_id, account_id, amount_minor)
        select e.id, ${clearing}, -(100 + e.id % 1000) from journal_entries e where e.kind = 'bench.deposit'`.execute(
        trx,
      );
      await sql`
        insert into postings (entry_id, account_id, amount_minor)
        select e.id, a.id, 100 + e.id % 1000
        from journal_entries e
        join ledger_accounts a
          on a.code = 'user:' || cast(${firstUser} + e.id % ${INVESTORS} as integer) || ':cash:' || ${config.CURRENCY}
        where e.kind = 'bench.deposit'`.execute(trx);
      await sql`
        update ledger_accounts
        set balance_minor = (select coalesce(sum(p.amount_minor), 0) from postings p where p.account_id = ledger_accounts.id)`.execute(
        trx,
      );
    });
  } finally {
    await closeContext(ctx);
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const sqliteFile = config.sqliteFile;
  const bytes = statSync(sqliteFile).size + (statSync(`${sqliteFile}-wal`, { throwIfNoEntry: false })?.size ?? 0);

  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/scripts/ledger-verify.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  const verifySeconds = (performance.now() - started) / 1000;
  const report = JSON.parse(run.stdout) as {
    ok: boolean;
    checked: { accounts: number; entries: number; postings: number };
    problems: string[];
  };
  process.exitCode = run.status !== 0 || !report.ok || report.checked.postings < POSTINGS - 1 ? 1 : 0;
  const round = (s: number) => Math.round(s * 100) / 100;
  printReport(
    {
      benchmark: 'npm run ledger:verify over a bulk-written ledger (SQLite)',
      postings: report.checked.postings,
      entries: report.checked.entries,
      accounts: report.checked.accounts,
      databaseMiB: round(bytes / 2 ** 20),
      seedSeconds: round(seedSeconds),
      verifySeconds: round(verifySeconds),
      exitCode: run.status,
      ok: report.ok,
      problems: report.problems.slice(0, 5),
      stderr: run.stderr.slice(0, 2000),
    },
    [
      {
        bench: 'ledger:verify',
        figure: 'seconds',
        value: round(verifySeconds),
        unit: 's',
        postings: report.checked.postings,
        dialect: 'sqlite',
      },
    ],
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
