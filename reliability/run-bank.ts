import { Api } from './api.ts';
import { Bank } from './bank.ts';
import {
  createStore,
  ledgerVerifyCli,
  serverErrors,
  startServers,
  startServer,
  type Dialect,
  type RunningServer,
} from './server.ts';

export interface BankRunOptions {
  dialect: Dialect;
  durationMs: number;
  /** The first server's port; with several instances, the next ones follow it. */
  port: number;
  /**
   * API instances (default 1). Several run on one PostgreSQL database and TEST_REDIS_URL's Redis,
   * and the clients' calls go to each in turn (issue 18).
   */
  instances?: number;
  clients?: number;
  investors?: number;
  log?: (line: string) => void;
}

export interface BankRunResult {
  summary: string;
  violations: string[];
  ops: Bank['report']['ops'];
  ledgerVerify: { code: number | null; report: string };
}

/**
 * One bank run: a fresh database of the dialect, the real server, the workload for `durationMs`,
 * then the checks — totals once more, the ledger through the admin route and `npm run ledger:verify`
 * (its script, against the same database), and the reconciliation of every answer with the rows.
 */
export async function runBank(options: BankRunOptions): Promise<BankRunResult> {
  const log = options.log ?? console.log;
  const instances = options.instances ?? 1;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (instances > 1 && (options.dialect !== 'postgres' || !redisUrl))
    throw new Error('several instances need PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL)');
  const store = await createStore(options.dialect, 'bank');
  try {
    const ports = Array.from({ length: instances }, (_, i) => options.port + i);
    const servers: RunningServer[] =
      instances > 1 ? await startServers(store, ports, redisUrl!) : [await startServer(store, options.port)];
    const violations: string[] = [];
    let serverOutput = '';
    let bank: Bank;
    try {
      bank = new Bank({
        store,
        api: new Api(servers.map((server) => server.baseUrl)),
        clients: options.clients ?? 50,
        investors: options.investors ?? 20,
        log,
      });
      const setupStart = Date.now();
      await bank.setup();
      log(`[${options.dialect} x${instances}] setup ${Date.now() - setupStart} ms`);
      const deadline = Date.now() + options.durationMs;
      await bank.run(() => Date.now() >= deadline);
      await bank.checkTotals();
      const report = await bank.api.call<{ ok: boolean; problems: string[] }>('POST', '/api/admin/ledger/verify', {
        token: bank.adminToken(),
      });
      if (report.status !== 200 || !report.data.ok)
        violations.push(`ledger verify route: ${JSON.stringify(report.data)}`);
    } finally {
      const codes = await Promise.all(servers.map((server) => server.stop()));
      for (const [index, server] of servers.entries()) {
        serverOutput += server.output();
        if (codes[index] !== 0)
          violations.push(`server ${index + 1} exit code ${codes[index]} on SIGTERM:\n${server.output().slice(-3000)}`);
      }
    }
    const verify = ledgerVerifyCli(store);
    if (verify.code !== 0)
      violations.push(`npm run ledger:verify exited ${verify.code}: ${verify.report.slice(0, 3000)}`);
    violations.push(...bank.report.violations, ...(await bank.reconcile()));
    if (violations.length > 0) violations.push(`server errors:\n${serverErrors(serverOutput)}`);
    const label = instances > 1 ? `${options.dialect}, ${instances} instances` : options.dialect;
    const summary = `[${label}] ${bank.summary()}\nreconciliation and ledger: ${violations.length} violations`;
    return { summary, violations, ops: bank.report.ops, ledgerVerify: verify };
  } finally {
    await store.dispose();
  }
}
