// `npm run ledger:verify`: checks the ledger of the configured database (DATABASE_URL, or the SQLite
// file under DATA_DIR); prints the report as JSON and exits 1 on any breach, 2 when it cannot run.
import { verifyLedger } from '../src/platform/ledger/ledger-verify.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';

try {
  const config = loadConfig();
  // A short-lived reader: no checkpointer thread of its own (the server's does that work).
  const database = openDatabase({ ...config, SQLITE_CHECKPOINT_THREAD: false });
  try {
    await migrateToLatest(database);
    const report = await verifyLedger(database.db);
    console.log(JSON.stringify(report, null, 2));
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error);
  process.exitCode = 2;
}
