import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../platform/config.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness.ts';

const VIX_PATH = path.join(REPO_ROOT, 'fixtures/market/vix-daily.csv');
/** The fixture's 47 rows whose open lies outside their own low–high range (fixtures/market/README.md). */
const VIX_BAD_LINES = [
  535, 540, 670, 673, 686, 703, 724, 733, 745, 753, 755, 814, 834, 841, 864, 893, 894, 938, 960, 968, 970, 987, 988,
  991, 1016, 1034, 1039, 1050, 1059, 1061, 1063, 1077, 1194, 1257, 1300, 1461, 1522, 1548, 1585, 2029, 2101, 2247, 2336,
  3200, 3736, 3745, 4060,
];

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run market:import -- …` as an operator would, against the test's database. */
function marketImport(env: Record<string, string>, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'market:import', '--', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe.each(DIALECTS)('npm run market:import on %s', (dialect) => {
  let t: TestApp;
  let env: Record<string, string>;
  let files: string;
  let cleanPath: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const schema = t.ctx.database.schema;
    env = {
      DATA_DIR: t.ctx.config.DATA_DIR,
      SQLITE_FILE: path.join(t.ctx.config.DATA_DIR, 'test.sqlite'),
      // The same PostgreSQL schema as the test app, through the connection's search_path.
      DATABASE_URL:
        dialect === 'postgres' && schema
          ? `${process.env.TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`
          : '',
      REDIS_URL: '',
    };
    files = mkdtempSync(path.join(tmpdir(), 'bourse-import-'));
    // The cleaned copy: the raw file without its bad rows, line ends and all else unchanged.
    const lines = readFileSync(VIX_PATH, 'utf8').split('\r\n');
    cleanPath = path.join(files, 'vix-clean.csv');
    writeFileSync(cleanPath, lines.filter((_, index) => !VIX_BAD_LINES.includes(index + 1)).join('\r\n'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(files, { recursive: true, force: true });
  });

  async function counts() {
    const db = t.ctx.database.db;
    const n = async (table: 'instruments' | 'dailyBars' | 'marketImports' | 'auditLog') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      instruments: await n('instruments'),
      dailyBars: await n('dailyBars'),
      imports: await n('marketImports'),
      audit: await n('auditLog'),
    };
  }

  it('refuses the raw VIX file with exit 1, every bad line on stderr, and writes nothing', async () => {
    const run = await marketImport(env, [VIX_PATH, '--code', 'VIX']);
    expect(run.status, run.stderr).toBe(1);
    const [summary, ...lines] = run.stderr.trim().split('\n');
    expect(summary).toBe('vix-daily.csv: 47 problems in 9235 rows; nothing was imported.');
    expect(lines.map((line) => Number(/^line (\d+): /.exec(line)?.[1]))).toEqual(VIX_BAD_LINES);
    expect(lines[0]).toBe('line 535: open_outside_range — open 19.240000 is outside low 17.610000 – high 18.570000');
    expect(lines.at(-1)).toMatch(/^line 4060: open_outside_range — /);
    expect(run.stdout).toBe('');
    expect(await counts()).toEqual({ instruments: 0, dailyBars: 0, imports: 0, audit: 0 });
  }, 90_000);

  it('previews, imports the cleaned file into a new instrument, and imports it again without duplicates', async () => {
    const preview = await marketImport(env, [cleanPath, '--code', 'VIX', '--dry-run']);
    expect(preview.status, preview.stderr).toBe(0);
    expect(preview.stdout).toContain(
      'Dry run, nothing was written. vix-clean.csv: 9188 daily bars, 1990-01-02 to 2026-07-23.',
    );
    expect(await counts()).toEqual({ instruments: 0, dailyBars: 0, imports: 0, audit: 0 });

    const first = await marketImport(env, [cleanPath, '--code', 'VIX']);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout.trim()).toBe(
      'Imported 9188 daily bars from vix-clean.csv into new instrument VIX (named VIX until an operator edits it): 1990-01-02 to 2026-07-23.',
    );
    expect(await counts()).toEqual({ instruments: 1, dailyBars: 9188, imports: 1, audit: 1 });
    const vix = await t.ctx.database.db
      .selectFrom('instruments')
      .selectAll()
      .where('code', '=', 'VIX')
      .executeTakeFirstOrThrow();
    expect(vix).toMatchObject({ name: 'VIX', source: 'imported', status: 'listed', startPriceTicks: 187_000 });
    const audit = await t.ctx.database.db.selectFrom('auditLog').selectAll().executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'instrument.import', target: 'VIX', operatorId: null });
    expect(JSON.parse(audit.details ?? '{}')).toMatchObject({ via: 'command line', rows: 9188, created: true });

    const again = await marketImport(env, [cleanPath, '--code', 'VIX']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('Replaced 9188 of the 9188 bars stored in that period.');
    expect(await counts()).toEqual({ instruments: 1, dailyBars: 9188, imports: 2, audit: 2 });
  }, 90_000);
});

describe('npm run market:import arguments', () => {
  it('answers bad arguments with exit 2 and the usage, before touching any database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-import-args-'));
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
      for (const [args, message] of [
        [[], 'no file given'],
        [[VIX_PATH], '--code is required'],
        [[VIX_PATH, '--code', 'vix'], '--code "vix" is not a valid instrument code'],
        [[VIX_PATH, '--code', 'VIX', '--force'], "Unknown option '--force'"],
        [[path.join(dataDir, 'missing.csv'), '--code', 'VIX'], 'ENOENT'],
      ] as const) {
        const run = await marketImport(env, [...args]);
        expect(run.status, args.join(' ')).toBe(2);
        expect(run.stderr).toContain(message);
        expect(run.stderr).toContain('usage: npm run market:import -- <file.csv> --code <CODE> [--dry-run]');
      }
      // Nothing was opened: no database file was created.
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
