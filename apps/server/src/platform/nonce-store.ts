import type { Redis } from 'ioredis';
import { isUniqueViolation, type Db } from './db/database.ts';

/** Remembers nonces of encrypted payloads so each can be used once within its lifetime. */
export interface NonceStore {
  /** True when the nonce was not seen before (and is now taken); false on a replay. */
  claim(nonce: string, expiresAtMs: number, nowMs: number): Promise<boolean>;
}

/**
 * The database store: works on one instance and across instances sharing a PostgreSQL database.
 * Expired nonces are removed by the retention job (platform/retention.ts), not on the request path.
 */
export class DatabaseNonceStore implements NonceStore {
  constructor(private readonly db: Db) {}

  async claim(nonce: string, expiresAtMs: number): Promise<boolean> {
    try {
      await this.db.insertInto('usedNonces').values({ nonce, expiresAt: expiresAtMs }).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
}

/** The Redis store for scaled-out deployments: SET NX with an expiry, one round trip. */
export class RedisNonceStore implements NonceStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'bourse:nonce:',
  ) {}

  async claim(nonce: string, expiresAtMs: number, nowMs: number): Promise<boolean> {
    const ttlMs = Math.max(1, expiresAtMs - nowMs);
    const result = await this.redis.set(this.prefix + nonce, '1', 'PX', ttlMs, 'NX');
    return result === 'OK';
  }
}
