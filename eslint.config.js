import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------------------------------------------
// Client layers (apps/web, apps/admin): lib → ui → features → app, each importing only leftwards.
//   lib/       request client, session, stream, i18n, paths …: imports only lib/.
//   ui/        generic widgets: imports ui/ and lib/.
//   features/  one folder a feature: imports itself, ui/ and lib/ — never another feature, never app/.
//   app/       assembles (router, guards, shell, providers): may import everything.
//   test/      test helpers render the whole app; only test files may import them.
// What a feature needs from another feature moves down to ui/ or lib/, or app/ passes it in.
// ---------------------------------------------------------------------------------------------------
const CLIENT_APPS = ['apps/web', 'apps/admin'];

/** The import-x/no-restricted-paths zones of one client app; `forTests` leaves out the test/ zone. */
function clientLayerZones(app, { forTests }) {
  const src = `${app}/src`;
  // One zone per feature: "every feature but this one". Read at lint time, so a new feature is covered at once.
  const features = readdirSync(join(import.meta.dirname, src, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    {
      target: `${src}/lib`,
      from: [`${src}/ui`, `${src}/features`, `${src}/app`],
      message: 'lib/ is the bottom layer: it imports only lib/.',
    },
    {
      target: `${src}/ui`,
      from: [`${src}/features`, `${src}/app`],
      message: 'ui/ holds generic widgets: it imports only ui/ and lib/.',
    },
    {
      target: `${src}/features`,
      from: `${src}/app`,
      message: 'A feature imports only itself, ui/ and lib/; app/ assembles the features, not the other way round.',
    },
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`],
      message: 'A feature never imports another feature: move the shared piece to ui/ or lib/, or let app/ pass it in.',
    })),
    ...(forTests
      ? []
      : [
          {
            target: [`${src}/lib`, `${src}/ui`, `${src}/features`, `${src}/app`],
            from: `${src}/test`,
            message: 'test/ helpers are for test files only.',
          },
        ]),
  ];
}

/** The boundary and cycle rules for the two client apps, one block for sources and one for tests. */
function clientLayerBlocks() {
  const files = CLIENT_APPS.map((app) => `${app}/src/**/*.{ts,tsx}`);
  const tests = CLIENT_APPS.map((app) => `${app}/src/**/*.test.{ts,tsx}`);
  const shared = {
    plugins: { 'import-x': importX },
    settings: {
      // import-x follows imports only into files with these endings (no-cycle reads them with this parser).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: CLIENT_APPS.map((app) => `${app}/tsconfig.json`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  };
  const zones = (forTests) => CLIENT_APPS.flatMap((app) => clientLayerZones(app, { forTests }));
  const rule = (forTests) => ['error', { basePath: import.meta.dirname, zones: zones(forTests) }];
  return [
    {
      ...shared,
      files,
      ignores: tests,
      rules: {
        'import-x/no-restricted-paths': rule(false),
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
    {
      ...shared,
      files: tests,
      rules: {
        'import-x/no-restricted-paths': rule(true),
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------------
// Server layers (apps/server/src): platform → domains → composition (app.ts, bootstrap.ts, server.ts)
// and seed/.
//   platform/   cross-cutting pieces (db, ledger, money pipeline, audit, hub, providers): imports no
//               domain, no seed, no composition root.
//   domains/x/  imports itself and platform/; another domain only through that domain's services
//               (`*.service.ts`, its published interface). Never seed/ or the composition root.
//   seed/, app.ts, bootstrap.ts, server.ts: assemble and may import everything.
// Tests may build the app and reach into another domain for fixtures (a simulator's type, the catalogue).
// ---------------------------------------------------------------------------------------------------
const SERVER = 'apps/server/src';

/**
 * The import-x/no-restricted-paths zones of the server. Tests keep the platform rule; a domain's tests may
 * build the whole app (app.ts, bootstrap.ts), seed it and reach into another domain for fixtures.
 */
function serverLayerZones({ forTests }) {
  const abs = join(import.meta.dirname, SERVER);
  const composition = [`${SERVER}/app.ts`, `${SERVER}/bootstrap.ts`, `${SERVER}/server.ts`, `${SERVER}/seed`];
  const domains = readdirSync(join(abs, 'domains'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    {
      target: `${SERVER}/platform`,
      from: [`${SERVER}/domains`, ...composition],
      message: 'platform/ imports no domain: pass what it needs in (an interface in platform/, the context).',
    },
    ...(forTests
      ? []
      : [
          {
            target: `${SERVER}/domains`,
            from: composition,
            message: 'A domain never imports the composition root or seed/: they import the domains.',
          },
        ]),
    ...(forTests
      ? []
      : domains.map((domain) => ({
          target: `${SERVER}/domains/${domain}`,
          // Globs, so the exception can name every domain's services at once.
          from: [`${abs}/domains/!(${domain})/**`],
          except: [`${abs}/domains/*/*.service.ts`],
          message:
            'A domain imports another only through its services (`<domain>.service.ts` or another `*.service.ts`): never its repository, routes or internals.',
        }))),
  ];
}

/** The boundary and cycle rules for the server, one block for sources and one for tests. */
function serverLayerBlocks() {
  const shared = {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' })],
    },
  };
  const rule = (forTests) => ['error', { basePath: import.meta.dirname, zones: serverLayerZones({ forTests }) }];
  return [
    {
      ...shared,
      files: [`${SERVER}/**/*.ts`],
      ignores: [`${SERVER}/**/*.test.ts`],
      rules: {
        'import-x/no-restricted-paths': rule(false),
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
    {
      ...shared,
      files: [`${SERVER}/**/*.test.ts`],
      rules: {
        'import-x/no-restricted-paths': rule(true),
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/public/sw.js', 'eslint.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify handlers and plugins are async by convention, awaiting or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...clientLayerBlocks(),
  ...serverLayerBlocks(),
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts', 'reliability/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
