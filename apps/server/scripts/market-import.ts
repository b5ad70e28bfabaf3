// `npm run market:import -- file.csv --code X [--dry-run]`: imports OHLCV history into instrument X
// of the configured database (DATABASE_URL, or the SQLite file under DATA_DIR), creating X when the
// code is new. Exit codes: 0 imported (or previewed), 1 the file was refused (every bad line is
// listed on stderr and nothing was written), 2 bad arguments or the import could not run.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { INSTRUMENT_CODE_PATTERN } from '@bourse/shared/schemas/market';
import { csvInvalidDetails, type ImportSummary } from '@bourse/shared/schemas/market-admin';
import { importBars } from '../src/domains/market/import.service.ts';
import { closeContext, createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/platform/config.ts';
import { AppError } from '../src/platform/errors.ts';

const USAGE = `usage: npm run market:import -- <file.csv> --code <CODE> [--dry-run]

  <file.csv>   datetime,open,high,low,close[,volume] rows: YYYY-MM-DD for daily bars,
               YYYY-MM-DD HH:MM (UTC) for 1-minute bars; prices with up to 4 decimals
  --code       the instrument: 1–12 characters A–Z, 0–9, "." or "-"; a new code creates it
  --dry-run    check the file and show what would change, writing nothing`;

function usageError(message: string): never {
  console.error(`market:import: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseArguments(): { file: string; code: string; dryRun: boolean } {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      strict: true,
      options: { code: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
    });
  } catch (error) {
    usageError((error as Error).message);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1) usageError(positionals.length === 0 ? 'no file given' : 'give exactly one file');
  const code = values.code;
  if (code === undefined) usageError('--code is required');
  if (!INSTRUMENT_CODE_PATTERN.test(code)) usageError(`--code ${JSON.stringify(code)} is not a valid instrument code`);
  return { file: positionals[0] ?? '', code, dryRun: values['dry-run'] ?? false };
}

function describe(summary: ImportSummary, fileName: string): string {
  const unit = summary.interval === '1d' ? 'daily' : '1-minute';
  // Daily bars are dates; minute bars are UTC times.
  const shown = (iso: string) =>
    summary.interval === '1d' ? iso.slice(0, 10) : `${iso.slice(0, 16).replace('T', ' ')} UTC`;
  const range = `${shown(summary.firstT)} to ${shown(summary.lastT)}`;
  const instrument = summary.isNew
    ? `new instrument ${summary.code} (named ${summary.code} until an operator edits it)`
    : `instrument ${summary.code}`;
  const lines = summary.dryRun
    ? [
        `Dry run, nothing was written. ${fileName}: ${summary.rowsTotal} ${unit} bars, ${range}.`,
        `They would go into ${instrument}, replacing ${summary.replacedBars} of the ${summary.existingBarsInRange} stored bars in that period.`,
      ]
    : [
        `Imported ${summary.rowsTotal} ${unit} bars from ${fileName} into ${instrument}: ${range}.`,
        ...(summary.isNew
          ? []
          : [`Replaced ${summary.replacedBars} of the ${summary.existingBarsInRange} bars stored in that period.`]),
      ];
  if (summary.dailyBarsRolledUp > 0) lines.push(`Rebuilt ${summary.dailyBarsRolledUp} daily bars from the minutes.`);
  return lines.join('\n');
}

const { file, code, dryRun } = parseArguments();
let text: string;
try {
  text = await readFile(file, 'utf8');
} catch (error) {
  usageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
}

try {
  // A short-lived process: its one transaction checkpoints as SQLite does, no checkpointer thread.
  const ctx = await createContext({ ...loadConfig(), SQLITE_CHECKPOINT_THREAD: false });
  try {
    const summary = await importBars(ctx, {
      code,
      fileName: path.basename(file),
      text,
      dryRun,
      // The command line lists every bad line, not only the first thousand.
      maxProblems: Number.MAX_SAFE_INTEGER,
    });
    console.log(describe(summary, path.basename(file)));
  } finally {
    await closeContext(ctx);
  }
} catch (error) {
  const details = error instanceof AppError && error.code === 'CSV_INVALID' ? error.extra['details'] : undefined;
  const report = csvInvalidDetails.safeParse(details);
  if (report.success) {
    const { problems, problemsTotal, rowsTotal } = report.data;
    const lines = problems.map((p) => `line ${p.line}: ${p.code} — ${p.detail}`);
    console.error(
      `${path.basename(file)}: ${problemsTotal} problem${problemsTotal === 1 ? '' : 's'} in ${rowsTotal} rows; nothing was imported.\n${lines.join('\n')}`,
    );
    process.exitCode = 1;
  } else {
    console.error(error);
    process.exitCode = 2;
  }
}
