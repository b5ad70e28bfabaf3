import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repositoryRoot = join(import.meta.dirname, '../../..');

/**
 * Lints a made-up file at `filePath` (relative to the repository root) with the repository's own
 * configuration, running only the import-x rules: the server's boundary zones and the cycle rule.
 */
async function importProblems(filePath: string, text: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: repositoryRoot,
    // The probe files are not part of the tsconfig project; the import rules need no type information.
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/'),
  });
  const [result] = await eslint.lintText(text, { filePath: join(repositoryRoot, filePath) });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parser'}: ${message.message}`);
}

describe('server layer rules (eslint.config.js)', () => {
  it('lets a domain import itself, platform/ and another domain’s services', async () => {
    const problems = await importProblems(
      'apps/server/src/domains/wallet/probe.ts',
      [
        "import { insertWithdrawal } from './wallet.repository.ts';",
        "import { AppError } from '../../platform/errors.ts';",
        "import { findUser } from '../users/users.service.ts';",
        "import { verifyTradingPassword } from '../users/trading-password.service.ts';",
        'export const probe = [insertWithdrawal, AppError, findUser, verifyTradingPassword];',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
  });

  it('reports a domain importing another domain’s repository or routes', async () => {
    const repository = await importProblems(
      'apps/server/src/domains/wallet/probe.ts',
      "import { insertOrder } from '../trading/trading.repository.ts';\nexport const probe = insertOrder;",
    );
    expect(repository).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*only through its services/)]);
    const routes = await importProblems(
      'apps/server/src/domains/trading/probe.ts',
      "import { registerWalletRoutes } from '../wallet/wallet.routes.ts';\nexport const probe = registerWalletRoutes;",
    );
    expect(routes).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*only through its services/)]);
  });

  it('reports platform/ importing a domain, even its service', async () => {
    const problems = await importProblems(
      'apps/server/src/platform/probe.ts',
      "import { findUser } from '../domains/users/users.service.ts';\nexport const probe = findUser;",
    );
    expect(problems).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*platform\/ imports no domain/)]);
  });

  it('reports a domain importing the composition root or seed/', async () => {
    const problems = await importProblems(
      'apps/server/src/domains/market/probe.ts',
      [
        "import { buildApp } from '../../app.ts';",
        "import { INSTRUMENT_CATALOG } from '../../seed/instrument-catalog.ts';",
        'export const probe = [buildApp, INSTRUMENT_CATALOG];',
      ].join('\n'),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports the composition root/),
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports the composition root/),
    ]);
  });

  it('lets a domain’s tests build the app and reach into another domain for fixtures', async () => {
    const problems = await importProblems(
      'apps/server/src/domains/trading/probe.test.ts',
      [
        "import { buildApp } from '../../app.ts';",
        "import type { MarketSimulator } from '../market/simulator.ts';",
        "import { INSTRUMENT_CATALOG } from '../../seed/instrument-catalog.ts';",
        'export const probe = [buildApp, INSTRUMENT_CATALOG] as unknown as MarketSimulator;',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
  });

  it('reports an import cycle', async () => {
    // write-queue.ts imports database.ts (as a type) and sql-runner.ts; sql-runner importing the queue back closes a loop.
    const runner = readFileSync(join(repositoryRoot, 'apps/server/src/platform/db/sql-runner.ts'), 'utf8');
    const problems = await importProblems(
      'apps/server/src/platform/db/sql-runner.ts',
      `${runner}\nimport { WriteQueue } from './write-queue.ts';\nexport const probe = WriteQueue;\n`,
    );
    expect(problems).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/)]);
  });
});
