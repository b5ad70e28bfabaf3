import type { Db } from '../apps/server/src/platform/db/database.ts';
import { Api } from './api.ts';
import { Bank } from './bank.ts';
import {
  createStore,
  ledgerVerifyCli,
  ledgerVerifyInProcess,
  serverErrors,
  startServer,
  type Dialect,
  type RunningServer,
  type Store,
} from './server.ts';

export interface CrashRunOptions {
  dialect: Dialect;
  /** SIGKILLs (≥ 10): at random moments under load, and while a clock advance runs the due jobs. */
  kills: number;
  port: number;
  clients?: number;
  investors?: number;
  /** Load between kills (real ms, random up to this). */
  loadMs?: number;
  log?: (line: string) => void;
}

export interface CrashRunResult {
  summary: string;
  violations: string[];
  /** Per kill: how it was done, when, how long the restart took, and how long the first order then took. */
  kills: Array<{ mode: string; afterMs: number; recoveredMs: number; firstOrderMs: number }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long the restarted server may take to answer its first order (the writer thread loads first). */
const PROBE_TIMEOUT_MS = 30_000;
/**
 * An order placement still unanswered when the server was killed had better be younger than this:
 * an older one hung (answers take well under 2 s here even on the loaded machine).
 */
export const ORDER_HANG_MS = 15_000;

/** 2xx, or a refusal the server meant (4xx): not a 5xx, not a lost answer (0). */
const answeredCleanly = (status: number) => status >= 200 && status < 500;

/**
 * The order placements of one round (sent from `roundStartedAt` until the kill at `killedAt`): at
 * least one was answered 2xx or with a clean 4xx, and none was left hanging — unanswered at the kill
 * though sent more than ORDER_HANG_MS before it.
 */
export function orderChecks(
  placements: ReadonlyArray<{ kind: string; status: number; sentAt: number; settledAt: number }>,
  roundStartedAt: number,
  killedAt: number,
): string[] {
  const sent = placements.filter((o) => o.sentAt >= roundStartedAt && o.sentAt < killedAt);
  const answered = sent.filter((o) => answeredCleanly(o.status));
  const problems: string[] = [];
  if (answered.length === 0)
    problems.push(`no order placement answered (${sent.length} sent in ${killedAt - roundStartedAt} ms)`);
  const hung = sent.filter((o) => o.status === 0 && o.sentAt < killedAt - ORDER_HANG_MS);
  if (hung.length > 0) {
    const oldest = Math.max(...hung.map((o) => killedAt - o.sentAt));
    problems.push(`${hung.length} order placements unanswered for over ${ORDER_HANG_MS} ms (oldest ${oldest} ms)`);
  }
  return problems;
}

/**
 * The crash test: the bank workload against the real server, SIGKILLed again and again — half the
 * time at a random moment of the load, half the time while `POST /api/admin/clock/advance` is in
 * flight with a day's worth of jobs due (day-order expiry, IPO allocation, fund confirmations and
 * accrual, loan interest). After each kill: `npm run ledger:verify` on the database as the crash left
 * it, a restart, every request answered 2xx before the kill found in the rows, and once the clock
 * has moved again every job's work present exactly once in the journal.
 */
export async function runCrash(options: CrashRunOptions): Promise<CrashRunResult> {
  const log = options.log ?? console.log;
  const store = await createStore(options.dialect, 'crash');
  const violations: string[] = [];
  const kills: CrashRunResult['kills'] = [];
  // What each killed server wrote, to show its errors with a violation (as the bank run does).
  let serverOutput = '';
  let server: RunningServer | undefined;
  try {
    server = await startServer(store, options.port);
    const api = new Api(server.baseUrl);
    const bank = new Bank({
      store,
      api,
      clients: options.clients ?? 50,
      investors: options.investors ?? 16,
      maxAdvanceMs: 2 * 3_600_000,
      log,
    });
    await bank.setup();
    for (let round = 0; round < options.kills; round++) {
      let stop = false;
      const roundStartedAt = Date.now();
      const load = bank.run(() => stop);
      // A random moment once the load is under way: some 2xx answers in this round, an order placement
      // among the answers (orderChecks), then a random pause.
      const target = bank.answeredOk + 15 + Math.floor(Math.random() * 40);
      const giveUp = Date.now() + 60_000;
      const orderAnswered = () =>
        bank.orderPlacements(bank.generation).some((o) => o.sentAt >= roundStartedAt && answeredCleanly(o.status));
      while ((bank.answeredOk < target || !orderAnswered()) && Date.now() < giveUp) await sleep(25);
      await sleep(Math.random() * (options.loadMs ?? 2_500));
      const duringJobs = round % 2 === 1;
      let mode = 'random moment';
      let killedAt = 0;
      if (duringJobs) {
        // A day and a bit: the close (day orders expire), the subscription windows' ends and
        // allocations, the fund's confirmations and accrual, loan interest all fall due at once.
        const advance = bank.advance(26 * 3_600_000 + Math.floor(Math.random() * 3_600_000));
        const delay = Math.floor(Math.random() * 150);
        await sleep(delay);
        mode = `clock advance in flight (+${delay} ms)`;
        bank.expectOutages = true;
        killedAt = Date.now();
        await server.kill();
        const answer = await advance;
        if (answer.status === 200) mode += ', the advance had finished';
      } else {
        bank.expectOutages = true;
        killedAt = Date.now();
        await server.kill();
      }
      serverOutput += server.output();
      stop = true;
      await load;
      // Order placements were answered in this round as everything else was (issue 17: on SQLite
      // none was, and nothing failed).
      for (const problem of orderChecks(bank.orderPlacements(bank.generation), roundStartedAt, killedAt))
        violations.push(`round ${round + 1} (${mode}): ${problem}`);
      bank.generation++;
      // The database as the crash left it opens and its ledger holds.
      const verify = await ledgerVerifyInProcess(store);
      if (!verify.ok)
        violations.push(`after kill ${round + 1} (${mode}): ledger verify: ${verify.report.slice(0, 2000)}`);
      server = await startServer(store, options.port);
      api.baseUrl = server.baseUrl;
      bank.expectOutages = false;
      const recoveredMs = Date.now() - killedAt;
      // The restarted server takes an order before anything else: answered, 2xx or a clean refusal.
      const probe = await bank.probeOrder(PROBE_TIMEOUT_MS);
      if (!answeredCleanly(probe.answer.status))
        violations.push(
          `after kill ${round + 1} (${mode}): an order placed on the restarted server was answered ` +
            `${probe.answer.status || `nothing in ${probe.ms} ms`} ${probe.answer.code ?? probe.answer.networkError ?? ''}`,
        );
      kills.push({ mode, afterMs: killedAt, recoveredMs, firstOrderMs: probe.ms });
      log(
        `[${options.dialect}] kill ${round + 1}/${options.kills}: ${mode}; back in ${recoveredMs} ms, ` +
          `first order answered ${probe.answer.status} in ${probe.ms} ms`,
      );
      // No acknowledged write lost, none doubled, no refused one present.
      for (const problem of await bank.reconcile()) violations.push(`after kill ${round + 1}: ${problem}`);
      if (duringJobs) {
        // Whatever the kill interrupted runs again (it is due still); then each job's work is there once.
        await bank.advance(60_000);
        for (const problem of await jobChecks(store, api.serverNowMs()))
          violations.push(`after kill ${round + 1} (${mode}): ${problem}`);
      }
    }
    const load = bank.run(() => true);
    await load;
    await bank.checkTotals();
    violations.push(...bank.report.violations);
    if (violations.length > 0) violations.push(`server errors:\n${serverErrors(serverOutput + server.output())}`);
    const summary = `[${options.dialect}] ${options.kills} kills; ${bank.summary()}`;
    return { summary, violations, kills };
  } finally {
    if (server) {
      const code = await server.stop();
      if (code !== 0) violations.push(`server exit code ${code} on SIGTERM`);
    }
    const verify = ledgerVerifyCli(store);
    if (verify.code !== 0)
      violations.push(`final ledger:verify exited ${verify.code}: ${verify.report.slice(0, 2000)}`);
    await store.dispose();
  }
}

/**
 * Each money-moving job's work, present exactly once: nothing due left undone (day orders past
 * their expiry still open, subscriptions of issues past allocation still waiting, fund orders past
 * their confirmation day still pending) and each done item with exactly one journal entry.
 */
export async function jobChecks(store: Store, nowMs: number): Promise<string[]> {
  const handle = store.open();
  const problems: string[] = [];
  try {
    const db = handle.db;
    const due = nowMs - 60_000;
    const keys = await journalKeys(db);
    const once = (key: string, what: string) => {
      const n = keys.get(key) ?? 0;
      if (n !== 1) problems.push(`${what}: ${n} journal entries ${key}`);
    };

    const staleOrders = await db
      .selectFrom('orders')
      .select(['id', 'expiresAt'])
      .where('status', '=', 'new')
      .where('expiresAt', 'is not', null)
      .where('expiresAt', '<=', due)
      .execute();
    for (const o of staleOrders)
      problems.push(`limit-order expiry: order ${o.id} still open, expired at ${o.expiresAt}`);
    const expired = await db
      .selectFrom('orders')
      .select(['id'])
      .where('status', '=', 'expired')
      .where('holdId', 'is not', null)
      .execute();
    for (const o of expired) once(`order:${o.id}:expired`, `limit-order expiry of order ${o.id}`);

    const waiting = await db
      .selectFrom('ipoSubscriptions as s')
      .innerJoin('ipoIssues as i', 'i.id', 's.issueId')
      .select(['s.id', 'i.id as issueId'])
      .where('s.status', '=', 'subscribed')
      .where('i.allocationAt', '<=', due)
      .where('i.status', '!=', 'cancelled')
      .execute();
    for (const s of waiting) problems.push(`IPO allocation: subscription ${s.id} of issue ${s.issueId} not allocated`);
    const allocated = await db
      .selectFrom('ipoSubscriptions')
      .select('id')
      .where('status', 'in', ['allotted', 'not_allotted'])
      .execute();
    for (const s of allocated) once(`ipo:subscription:${s.id}:allocated`, `IPO allocation of subscription ${s.id}`);

    const pendingFund = await db
      .selectFrom('fundOrders')
      .select(['id'])
      .where('status', '=', 'pending')
      .where('dueAt', '<=', due)
      .execute();
    for (const f of pendingFund) problems.push(`fund confirmation: order ${f.id} past its day still pending`);
    const confirmed = await db.selectFrom('fundOrders').select('id').where('status', '=', 'confirmed').execute();
    for (const f of confirmed) once(`fund:order:${f.id}:confirmed`, `fund confirmation of order ${f.id}`);

    const accruals = await db.selectFrom('fundAccruals').select(['userId', 'accrualDate', 'interestMinor']).execute();
    const seenAccrual = new Set<string>();
    for (const a of accruals) {
      const key = `fund:accrual:${a.userId}:${a.accrualDate}`;
      if (seenAccrual.has(key)) problems.push(`fund accrual twice: ${key}`);
      seenAccrual.add(key);
      if (Number(a.interestMinor) > 0) once(key, 'fund accrual');
    }

    const interest = await db.selectFrom('loanInterestDays').select(['loanId', 'day', 'interestMinor']).execute();
    const seenInterest = new Set<string>();
    for (const d of interest) {
      const key = `loan:${d.loanId}:interest:${d.day}`;
      if (seenInterest.has(key)) problems.push(`loan interest twice: ${key}`);
      seenInterest.add(key);
      if (Number(d.interestMinor) > 0) once(key, 'loan accrual');
    }
  } finally {
    await handle.close();
  }
  return problems;
}

async function journalKeys(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('journalEntries')
    .select('idempotencyKey')
    .where((eb) =>
      eb.or([
        eb('idempotencyKey', 'like', 'order:%'),
        eb('idempotencyKey', 'like', 'ipo:subscription:%'),
        eb('idempotencyKey', 'like', 'fund:%'),
        eb('idempotencyKey', 'like', 'loan:%'),
      ]),
    )
    .execute();
  const keys = new Map<string, number>();
  for (const row of rows) keys.set(row.idempotencyKey, (keys.get(row.idempotencyKey) ?? 0) + 1);
  return keys;
}
