/**
 * The server side of bench/stream-fanout.ts, run as its own process: a fresh SQLite database with
 * 60 simulated instruments ticking every second (real clock), the whole app listening on a free
 * port. It reports the port, then answers CPU questions over IPC until told to stop.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { INSTRUMENT_CATALOG } from '../apps/server/src/seed/instrument-catalog.ts';
import { insertInstrument } from '../apps/server/src/domains/market/instruments.service.ts';
import { closeContext, createContext } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';

export const BENCH_INSTRUMENTS = 60;

export type ServerReport =
  | { kind: 'ready'; port: number; codes: string[] }
  | {
      kind: 'cpu';
      id: number;
      userMicros: number;
      systemMicros: number;
      rssBytes: number;
      connections: number;
      /** Per tick since the previous report: first publish → every socket's write handed to the kernel. */
      fanoutMs: number[];
    };
export type ServerCommand = { kind: 'cpu'; id: number } | { kind: 'stop' };

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-bench-stream-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    CLOCK_MODE: 'real',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MARKET_TICK_MS: '1000',
    // A little history only: the bench is about live ticks, not the back-fill.
    MARKET_BACKFILL_DAYS: '2',
    MARKET_BACKFILL_INTRADAY_DAYS: '0',
    STREAM_MAX_CONNECTIONS_PER_IP: '100000',
  });
  const ctx = await createContext(config);
  const nowMs = ctx.clock.nowMs();
  const catalog = INSTRUMENT_CATALOG.slice(0, BENCH_INSTRUMENTS);
  await ctx.database.transaction(async (trx) => {
    for (const item of catalog) {
      // Every instrument ticks here, new issues and suspended ones included.
      await insertInstrument(trx, { ...item, currency: config.CURRENCY, status: 'listed' }, nowMs);
    }
  });
  const app = await buildApp(ctx, { logger: false });
  // The server's share of the delay: from the first publish of a tick until the stream has handed
  // every socket's bytes to the kernel (its uncork runs on the next tick queue, before this one).
  let tickStartMs: number | null = null;
  let fanoutMs: number[] = [];
  const publish = ctx.hub.publish.bind(ctx.hub);
  ctx.hub.publish = (topic, message) => {
    tickStartMs ??= performance.now();
    publish(topic, message);
  };
  ctx.market.onQuotes(() => {
    const start = tickStartMs;
    tickStartMs = null;
    if (start !== null) process.nextTick(() => fanoutMs.push(performance.now() - start));
  });
  await ctx.market.start({ timer: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');

  const send = (report: ServerReport) => process.send?.(report);
  send({ kind: 'ready', port: address.port, codes: catalog.map((item) => item.code) });

  process.on('message', (command: ServerCommand) => {
    if (command.kind === 'cpu') {
      const usage = process.cpuUsage();
      send({
        kind: 'cpu',
        id: command.id,
        userMicros: usage.user,
        systemMicros: usage.system,
        rssBytes: process.memoryUsage.rss(),
        connections: app.streamConnections(),
        fanoutMs,
      });
      fanoutMs = [];
    } else {
      void (async () => {
        await app.close();
        await closeContext(ctx);
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      })();
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
