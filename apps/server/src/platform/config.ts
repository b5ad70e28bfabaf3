import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root (apps/server/src/platform → four levels up). */
export const REPO_ROOT = path.resolve(here, '../../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const PEM_PRIVATE_KEY = /-----BEGIN ([A-Z ]*)PRIVATE KEY-----[\s\S]*?-----END \1PRIVATE KEY-----/g;
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Every environment variable the server reads. README's configuration table is generated from the
 * same names; a bad value stops start-up with a list of every problem.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: int(0, 65535).default(3000),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  SQLITE_FILE: z.string().min(1).optional(),
  SQLITE_CHECKPOINT_THREAD: bool.default(true),
  /** Uploaded files (ID images); outside the web root. Defaults to `$DATA_DIR/uploads`. */
  UPLOAD_DIR: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /**
   * Prepended to every Redis key and channel (hub, rate limits, nonces): deployments (or test runs)
   * sharing one Redis keep apart. Pub/sub channels ignore Redis database numbers, so this is the way.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,40}$/, 'must be 1–40 letters, digits, or _ . : -')
    .default('bourse:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CLOCK_MODE: z.enum(['real', 'simulated']).optional(),
  SEED_DEMO: bool.default(true),
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT_BYTES: int(1024, 64 * 1024 * 1024).default(1024 * 1024),
  SESSION_TTL_HOURS: int(1, 24 * 90).default(12),
  OPERATOR_SESSION_TTL_HOURS: int(1, 72).default(8),
  JWE_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }).optional(),
  /**
   * During a rotation of JWE_PRIVATE_KEY: keys accepted besides it (the next one, then the one before),
   * PEM blocks one after another. Payloads sealed under them (picked by the JWE header's kid) are
   * still opened; only the current key is served.
   */
  JWE_ACCEPTED_PRIVATE_KEYS: z
    .string()
    .refine(
      (text) => /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text) && text.replace(PEM_PRIVATE_KEY, '').trim() === '',
      'must be one or more PEM private keys and nothing else',
    )
    .optional(),
  JWE_MAX_AGE_SECONDS: int(5, 600).default(60),
  LOGIN_MAX_FAILURES: int(1, 100).default(5),
  LOGIN_LOCK_MINUTES: int(1, 24 * 60).default(15),
  LOGIN_RATE_PER_IP_PER_MINUTE: int(1, 100_000).default(30),
  RESET_CODE_TTL_MINUTES: int(1, 120).default(10),
  RESET_CODE_MAX_ATTEMPTS: int(1, 20).default(5),
  RESET_CODE_COOLDOWN_SECONDS: int(0, 3600).default(60),
  RESET_CODE_RATE_PER_IP_PER_MINUTE: int(1, 100_000).default(10),
  DUPLICATE_SUBMIT_WINDOW_MS: int(0, 60_000).default(1000),
  MONEY_WRITES_PER_MINUTE: int(1, 100_000).default(30),
  MONEY_WRITES_PER_IP_PER_MINUTE: int(1, 10_000_000).default(600),
  /** Which payment processor takes deposits: the built-in sandbox, or none (deposits refused). */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'none']).optional(),
  PAYMENT_SANDBOX_IN_PRODUCTION: bool.default(false),
  PAYMENT_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * During a rotation of PAYMENT_WEBHOOK_SECRET: secrets accepted besides it (the next one, then the one
   * before), comma-separated. Webhooks signed with them are still accepted; the sandbox signs with
   * the current secret only.
   */
  PAYMENT_WEBHOOK_ACCEPTED_SECRETS: z
    .string()
    .transform((list) => list.split(',').map((secret) => secret.trim()))
    .pipe(z.array(z.string().min(32, 'each must be at least 32 characters')).min(1))
    .optional(),
  SANDBOX_WEBHOOK_DELAY_MS: int(0, 60_000).default(500),
  /** An external customer-service address; unset, `kf_url` points to the built-in chat. */
  KF_URL: z.string().min(1).optional(),
  /** Let operator-configured outbound URLs (news feeds) reach private and loopback addresses: tests, closed networks. */
  OUTBOUND_ALLOW_PRIVATE: bool.default(false),
  SUPPORT_OPEN_HOUR: int(0, 23).default(8),
  SUPPORT_CLOSE_HOUR: int(1, 24).default(20),
  SUPPORT_TIME_ZONE: z.string().min(1).default('Europe/Berlin'),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code')
    .default('EUR'),
  /**
   * Obsolete (issue 18): the `market` lease decides which instance simulates. Still accepted so an
   * existing deployment's environment does not stop start-up; its value is ignored.
   */
  MARKET_SIMULATOR: bool.default(true),
  MARKET_SEED: int(0, 2 ** 31 - 1).default(20_261_123),
  MARKET_TICK_MS: int(50, 60_000).default(1000),
  MARKET_HOURS: z
    .string()
    .regex(/^(24\/7|([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d)$/, 'must be 24/7 or HH:MM-HH:MM')
    .default('24/7'),
  MARKET_TIME_ZONE: z.string().min(1).refine(isTimeZone, 'must be an IANA time zone').default('Europe/Berlin'),
  MARKET_HOLIDAYS: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2}(,\d{4}-\d{2}-\d{2})*)?$/, 'must be a comma-separated list of YYYY-MM-DD dates')
    .default(''),
  MARKET_RATE_PER_IP_PER_MINUTE: int(1, 10_000_000).default(1200),
  MARKET_LIMIT_BAND_PCT: int(0, 100).default(0),
  MARKET_SPREAD_BP: int(1, 1000).default(10),
  MARKET_BACKFILL_DAYS: int(0, 3660).default(1096),
  MARKET_BACKFILL_INTRADAY_DAYS: int(0, 60).default(30),
  STREAM_HEARTBEAT_MS: int(100, 120_000).default(15_000),
  STREAM_MAX_TOPICS: int(1, 10_000).default(200),
  STREAM_MAX_CONNECTIONS_PER_IP: int(1, 1_000_000).default(50),
  TRADE_PRICE_COLLAR_PCT: int(1, 50).default(5),
  TRADE_ORDERS_PER_MINUTE: int(1, 10_000_000).default(120),
  TRADE_GROUP_COMMIT_MAX_BATCH: int(1, 1_000).default(25),
  TRADE_WRITER_THREAD: bool.default(true),
  IPO_DRAW_THREAD: bool.default(true),
  TRADING_PASSWORD_CACHE_SECONDS: int(0, 3_600).default(300),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  ADMIN_DIST: z.string().default(path.join(REPO_ROOT, 'apps/admin/dist')),
});

export type RawConfig = z.infer<typeof configSchema>;

export type Config = RawConfig & {
  clockMode: 'real' | 'simulated';
  paymentProvider: 'sandbox' | 'none';
  sqliteFile: string;
  uploadDir: string;
  version: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses configuration from an environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(configSchema.shape)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const parsed = configSchema.safeParse(relevant);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  const raw = parsed.data;
  const problems: string[] = [];
  if (raw.SUPPORT_CLOSE_HOUR <= raw.SUPPORT_OPEN_HOUR) {
    problems.push('SUPPORT_CLOSE_HOUR: must be later than SUPPORT_OPEN_HOUR');
  }
  // The sandbox approves any payment on its own page and takes no real money: a demo and test tool.
  // Production runs without it (deposits refused) unless a real provider is configured, or the
  // sandbox is allowed explicitly (a staging deployment in production mode).
  const paymentProvider = raw.PAYMENT_PROVIDER ?? (raw.NODE_ENV === 'production' ? 'none' : 'sandbox');
  if (paymentProvider === 'sandbox' && raw.NODE_ENV === 'production' && !raw.PAYMENT_SANDBOX_IN_PRODUCTION) {
    problems.push(
      'PAYMENT_PROVIDER: the sandbox provider credits deposits no one paid; it is refused with NODE_ENV=production ' +
        'unless PAYMENT_SANDBOX_IN_PRODUCTION=true (or leave PAYMENT_PROVIDER unset: deposits are then unavailable)',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  // Uploads are served only through authorised API routes: never from inside a static root.
  const uploadDir = path.resolve(raw.UPLOAD_DIR ?? path.join(raw.DATA_DIR, 'uploads'));
  for (const [name, root] of [
    ['WEB_DIST', raw.WEB_DIST],
    ['ADMIN_DIST', raw.ADMIN_DIST],
  ] as const) {
    const relative = path.relative(path.resolve(root), uploadDir);
    if (!relative.startsWith('..') && !path.isAbsolute(relative)) {
      throw new ConfigError([`UPLOAD_DIR: must lie outside ${name} (${root})`]);
    }
  }
  // Simulated time is for demos and tests only; production runs on the real clock unless told otherwise.
  const clockMode = raw.CLOCK_MODE ?? (raw.NODE_ENV === 'production' ? 'real' : 'simulated');
  return {
    ...raw,
    clockMode,
    paymentProvider,
    sqliteFile: raw.SQLITE_FILE ?? path.join(raw.DATA_DIR, 'bourse.sqlite'),
    uploadDir,
    version: readVersion(),
  };
}

function readVersion(): string {
  const file = path.join(REPO_ROOT, 'package.json');
  if (!existsSync(file)) return '0.0.0';
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}
