import type { Redis } from 'ioredis';
import type { Ledger } from './ledger/ledger.ts';
import type { MarketDataProvider } from './market-data-provider.ts';
import type { PaymentProvider, SandboxPaymentProvider } from './payment-provider.ts';
import type { BusinessCalendar } from './calendar.ts';
import type { ExchangeCalendars } from './exchange-calendars.ts';
import type { Clock } from './clock.ts';
import type { ClockSync } from './clock-sync.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { JobRunner } from './jobs.ts';
import type { JweKeys } from './keys.ts';
import type { LeaseKeeper } from './lease.ts';
import type { NonceStore } from './nonce-store.ts';
import type { Notifier } from './notifier.ts';
import type { RealtimeHub } from './realtime-hub.ts';

/** What every domain may depend on. Built once by the process (or a test) and handed to buildApp. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  keys: JweKeys;
  nonces: NonceStore;
  notifier: Notifier;
  redis?: Redis | undefined;
  ledger: Ledger;
  payments: PaymentProvider;
  /** The built-in sandbox processor, when it is the one in use (it serves its checkout page). */
  sandbox?: SandboxPaymentProvider | undefined;
  calendar: BusinessCalendar;
  /** Each exchange's own hours and zone (all open in 24/7 mode); loaded by the market domain. */
  exchanges: ExchangeCalendars;
  /** Fan-out of live events (quotes, a user's events) to the WebSocket stream. */
  hub: RealtimeHub;
  /** Live prices: the simulator, or a vendor feed behind the same interface. */
  market: MarketDataProvider;
  /**
   * Scaled out (REDIS_URL): the `market` lease, which makes the instance holding it the one that
   * simulates prices (the others follow them through the hub). Undefined on a single instance.
   */
  marketLeadership?: LeaseKeeper | undefined;
  /** Scheduled work (order expiry, …): on a timer in the process, and after the sandbox clock moves. */
  jobs: JobRunner;
  /**
   * The sandbox clock shared by the instances (CLOCK_MODE=simulated): an advance on one moves them
   * all, and waits for the jobs it made due wherever they run. Undefined with the real clock.
   */
  clockSync?: ClockSync | undefined;
}
