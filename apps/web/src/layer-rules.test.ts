import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repositoryRoot = join(import.meta.dirname, '../../..');

/**
 * Lints a made-up file at `filePath` (relative to the repository root) with the repository's own
 * configuration, running only the import-x rules: the boundary zones and the cycle rule.
 */
async function importProblems(filePath: string, text: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: repositoryRoot,
    // The probe files are not part of any tsconfig project; the import rules need no type information.
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/'),
  });
  const [result] = await eslint.lintText(text, { filePath: join(repositoryRoot, filePath) });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parser'}: ${message.message}`);
}

describe('client layer rules (eslint.config.js)', () => {
  it('lets a feature import itself, ui/ and lib/', async () => {
    const problems = await importProblems(
      'apps/web/src/features/wallet/probe.ts',
      [
        "import { parseAmount } from './validation';",
        "import { Page } from '../../ui/page';",
        "import { paths } from '../../lib/paths';",
        'export const probe = [parseAmount, Page, paths];',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
  });

  it('reports a feature importing another feature', async () => {
    const problems = await importProblems(
      'apps/web/src/features/wallet/probe.ts',
      "import { sumAmounts } from '../trading/figures';\nexport const probe = sumAmounts;",
    );
    expect(problems).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports another feature/),
    ]);
  });

  // Importing the router makes import-x/no-cycle walk the whole app's import graph: seconds.
  it('reports a feature importing app/', { timeout: 60_000 }, async () => {
    const problems = await importProblems(
      'apps/web/src/features/wallet/probe.ts',
      "import { AppRoutes } from '../../app/router';\nexport const probe = AppRoutes;",
    );
    expect(problems).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: /)]);
  });

  it('reports lib/ importing a feature, and ui/ importing a feature', async () => {
    const fromLib = await importProblems(
      'apps/web/src/lib/probe.ts',
      "import { sumAmounts } from '../features/trading/figures';\nexport const probe = sumAmounts;",
    );
    expect(fromLib).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*lib\/ is the bottom layer/)]);
    const fromUi = await importProblems(
      'apps/web/src/ui/probe.ts',
      "import { sumAmounts } from '../features/trading/figures';\nexport const probe = sumAmounts;",
    );
    expect(fromUi).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*ui\/ holds generic widgets/)]);
  });

  it('applies the same rules to the operator console', async () => {
    const problems = await importProblems(
      'apps/admin/src/features/orders/probe.ts',
      "import { netPayout } from '../withdrawals/net-payout.ts';\nexport const probe = netPayout;",
    );
    expect(problems).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports another feature/),
    ]);
  });

  it('reports an import cycle', async () => {
    // lib/request imports lib/paths; paths importing request back closes the loop.
    const paths = readFileSync(join(repositoryRoot, 'apps/web/src/lib/paths.ts'), 'utf8');
    const problems = await importProblems(
      'apps/web/src/lib/paths.ts',
      `${paths}\nimport { get } from './request';\nexport const probe = get;\n`,
    );
    expect(problems).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/)]);
  });
});
