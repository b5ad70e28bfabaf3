import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Ledger } from './platform/ledger/ledger.ts';
import { MarketSimulator } from './domains/market/simulator.ts';
import { MessageCentreNotifier, publishMessageVia } from './domains/messages/messages.service.ts';
import { NoPaymentProvider, SandboxPaymentProvider } from './platform/payment-provider.ts';
import pino from 'pino';
import { BusinessCalendar } from './platform/calendar.ts';
import { ExchangeCalendars } from './platform/exchange-calendars.ts';
import { auditedClockAdvanceMs } from './platform/audit.ts';
import { ClockSync } from './platform/clock-sync.ts';
import { SimulatedClock, SystemClock, type Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import type { AppContext } from './platform/context.ts';
import { openDatabase, type DatabaseHandle } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { JobRunner } from './platform/jobs.ts';
import { holderId, jobRunRecorder, Lease, LeaseKeeper } from './platform/lease.ts';
import { loadJweKeys } from './platform/keys.ts';
import { DatabaseNonceStore, RedisNonceStore } from './platform/nonce-store.ts';
import { OutboxNotifier } from './platform/notifier.ts';
import { InProcessHub } from './platform/realtime-hub.ts';
import { RedisHub } from './platform/redis-hub.ts';
import { loggerOptions } from './platform/logger.ts';

/**
 * Opens everything the app depends on, from configuration: the database (migrated), the clock, the
 * JWE key, the nonce store (Redis when REDIS_URL is set), the notifier.
 */
export async function createContext(
  config: Config,
  overrides: { database?: DatabaseHandle; clock?: Clock } = {},
): Promise<AppContext> {
  const database = overrides.database ?? openDatabase(config);
  await migrateToLatest(database);
  const clock =
    overrides.clock ??
    (config.clockMode === 'simulated'
      ? new SimulatedClock({ aheadMs: await auditedClockAdvanceMs(database.db) })
      : new SystemClock());
  const keys = await loadJweKeys({
    pem: config.JWE_PRIVATE_KEY,
    previousPems: config.JWE_ACCEPTED_PRIVATE_KEYS,
    dataDir: config.DATA_DIR,
  });
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  const nonces = redis
    ? new RedisNonceStore(redis, `${config.REDIS_PREFIX}nonce:`)
    : new DatabaseNonceStore(database.db);
  const log = config.NODE_ENV === 'production' ? undefined : pino(loggerOptions(config) as pino.LoggerOptions);
  const outbox = new OutboxNotifier(() => clock.nowMs(), database.dialect, log);
  const ledger = new Ledger(database.dialect, config.CURRENCY, clock);
  // The sandbox only where configured (loadConfig refuses it in production unless explicitly allowed);
  // without a provider, deposits answer PAYMENT_PROVIDER_UNAVAILABLE and no sandbox page is served.
  const sandbox =
    config.paymentProvider === 'sandbox'
      ? new SandboxPaymentProvider(database.db, clock, {
          // Both ends of the sandbox live in this process; a real provider's secret comes from its dashboard.
          secret: config.PAYMENT_WEBHOOK_SECRET ?? randomBytes(32).toString('hex'),
          previousSecrets: config.PAYMENT_WEBHOOK_ACCEPTED_SECRETS,
          publicBaseUrl: '',
          deliveryDelayMs: config.SANDBOX_WEBHOOK_DELAY_MS,
          retryDelaysMs: [1_000, 5_000, 30_000],
        })
      : undefined;
  const calendar = new BusinessCalendar({
    hours: config.MARKET_HOURS,
    timeZone: config.MARKET_TIME_ZONE,
    holidays: config.MARKET_HOLIDAYS ? config.MARKET_HOLIDAYS.split(',') : [],
  });
  const exchanges = new ExchangeCalendars(calendar);
  // With Redis, every instance's stream sockets hear every instance's publishes (DESIGN §7).
  const hub = config.REDIS_URL
    ? new RedisHub({
        url: config.REDIS_URL,
        prefix: `${config.REDIS_PREFIX}hub:`,
        onError: (error) => (log ? log.warn({ err: error }, 'realtime hub: redis error') : console.error(error)),
      })
    : new InProcessHub();
  // One name per process for every lease it holds (host, pid, a random part).
  const holder = holderId();
  // Scaled out (REDIS_URL), the instance holding the `market` lease simulates and the others follow
  // its quotes through Redis; when it stops renewing, another takes the lease and carries on.
  const marketLease = config.REDIS_URL ? new Lease(database, 'market', { holder }) : undefined;
  const market = new MarketSimulator(database, clock, calendar, {
    exchanges,
    seed: config.MARKET_SEED,
    tickMs: config.MARKET_TICK_MS,
    spreadBp: config.MARKET_SPREAD_BP,
    limitBandPct: config.MARKET_LIMIT_BAND_PCT,
    backfillDays: config.MARKET_BACKFILL_DAYS,
    backfillIntradayDays: config.MARKET_BACKFILL_INTRADAY_DAYS,
    follow: marketLease ? hub : undefined,
    stillLeading: marketLease ? () => marketLease.held() !== null : undefined,
  });
  const marketLeadership = marketLease
    ? new LeaseKeeper(marketLease, {
        onGained: async () => {
          log?.info({ holder }, 'market lease taken: this instance simulates');
          await market.lead();
        },
        onLost: async () => {
          log?.warn({ holder }, 'market lease lost: this instance follows');
          await market.followSource();
        },
        onError: (error) => log?.error({ err: error }, 'market lease'),
      })
    : undefined;
  // Every scheduled job runs on the instance holding the `jobs` lease, fenced by its token (on
  // SQLite too: one process takes it at once), and each run is recorded in `job_runs`.
  const jobs = new JobRunner(clock, {
    onError: (job, error) => log?.error({ err: error, job }, 'scheduled job failed'),
    lease: new Lease(database, 'jobs', { holder }),
    record: jobRunRecorder(database, holder),
  });
  const ctx: AppContext = {
    config,
    database,
    clock,
    keys,
    nonces,
    // Every notification to an investor is also kept in their message centre (domains/messages).
    notifier: new MessageCentreNotifier(
      outbox,
      database.dialect,
      () => clock.nowMs(),
      publishMessageVia(() => ctx),
    ),
    redis,
    ledger,
    payments: sandbox ?? new NoPaymentProvider(),
    sandbox,
    calendar,
    exchanges,
    hub,
    market,
    marketLeadership,
    jobs,
    // Every instance follows the sandbox clock's advances, wherever they were made.
    clockSync:
      clock instanceof SimulatedClock
        ? new ClockSync(clock, database.db, hub, jobs, (error) => log?.error({ err: error }, 'sandbox clock sync'))
        : undefined,
  };
  return ctx;
}

export async function closeContext(ctx: AppContext): Promise<void> {
  ctx.clockSync?.stop();
  await ctx.jobs.stop();
  await ctx.marketLeadership?.stop();
  await ctx.market.stop();
  await ctx.hub.close();
  await ctx.database.close();
  if (ctx.redis) await ctx.redis.quit();
}
