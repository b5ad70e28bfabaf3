import type { Redis } from 'ioredis';
import type { Ledger } from '../domains/ledger/ledger.service.ts';
import type { PaymentProvider, SandboxPaymentProvider } from '../domains/wallet/payment-provider.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { JweKeys } from './keys.ts';
import type { NonceStore } from './nonce-store.ts';
import type { Notifier } from './notifier.ts';

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
}
