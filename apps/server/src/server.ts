import path from 'node:path';
import { buildApp } from './app.ts';
import { closeContext, createContext } from './bootstrap.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { describeCredentials, seedDemo } from './seed/demo.ts';

/** The process: configuration, context, the app, listen, and a graceful stop on SIGTERM/SIGINT. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const ctx = await createContext(config);
  const app = await buildApp(ctx, { serveStatic: true });
  const credentials = config.SEED_DEMO ? await seedDemo(ctx) : undefined;
  // The market loads (and on first start back-fills) its history before the port opens, so the
  // first screen already has full charts.
  const marketStart = Date.now();
  // Scaled out, the market lease decides whether this instance simulates (and back-fills) or follows.
  await ctx.marketLeadership?.check();
  await ctx.market.start({ timer: true });
  ctx.marketLeadership?.start();
  app.log.info({ ms: Date.now() - marketStart, instruments: ctx.market.quotes().length }, 'market ready');
  // Scheduled work (day orders expiring at the close, …) runs on its own timer from here on.
  ctx.jobs.start();
  // The sandbox clock moves on every instance when an operator advances it on one.
  ctx.clockSync?.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await closeContext(ctx);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const shown = address.replace('127.0.0.1', 'localhost');
  if (credentials)
    console.log(describeCredentials(credentials, shown, path.join(config.DATA_DIR, 'demo-credentials.json')));
  else console.log(`Bourse is listening on ${shown}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
