import { Api } from './api.ts';
import { Bank } from './bank.ts';
import { createStore, ledgerVerifyCli, startServer, type Dialect } from './server.ts';

export interface BankRunOptions {
  dialect: Dialect;
  durationMs: number;
  port: number;
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
  const store = await createStore(options.dialect, 'bank');
  try {
    const server = await startServer(store, options.port);
    const violations: string[] = [];
    let serverOutput = '';
    let bank: Bank;
    try {
      bank = new Bank({
        store,
        api: new Api(server.baseUrl),
        clients: options.clients ?? 50,
        investors: options.investors ?? 20,
        log,
      });
      const setupStart = Date.now();
      await bank.setup();
      log(`[${options.dialect}] setup ${Date.now() - setupStart} ms`);
      const deadline = Date.now() + options.durationMs;
      await bank.run(() => Date.now() >= deadline);
      await bank.checkTotals();
      const report = await bank.api.call<{ ok: boolean; problems: string[] }>('POST', '/api/admin/ledger/verify', {
        token: bank.adminToken(),
      });
      if (report.status !== 200 || !report.data.ok)
        violations.push(`ledger verify route: ${JSON.stringify(report.data)}`);
    } finally {
      const code = await server.stop();
      serverOutput = server.output();
      if (code !== 0) violations.push(`server exit code ${code} on SIGTERM:\n${server.output().slice(-3000)}`);
    }
    const verify = ledgerVerifyCli(store);
    if (verify.code !== 0)
      violations.push(`npm run ledger:verify exited ${verify.code}: ${verify.report.slice(0, 3000)}`);
    violations.push(...bank.report.violations, ...(await bank.reconcile()));
    if (violations.length > 0) violations.push(`server errors:\n${serverErrors(serverOutput)}`);
    const summary = `[${options.dialect}] ${bank.summary()}\nreconciliation and ledger: ${violations.length} violations`;
    return { summary, violations, ops: bank.report.ops, ledgerVerify: verify };
  } finally {
    await store.dispose();
  }
}

/** The error lines of a server's log (pino JSON at level 50 and up, or anything that looks like a stack). */
export function serverErrors(output: string): string {
  return output
    .split('\n')
    .filter((line) => /"level":(50|60)|Error|error/.test(line))
    .slice(-20)
    .map((line) => line.slice(0, 2000))
    .join('\n');
}
