import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { body, createTestApp, nextPhone, seal } from '../test/harness.ts';

/**
 * Two API instances with the same REDIS_URL behave as one: the per-IP limit counts across both, and
 * an encrypted payload accepted by one is a replay at the other.
 */
describe.runIf(process.env.TEST_REDIS_URL)('two instances sharing Redis', () => {
  it('share the per-IP login limit and the replay-nonce store', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL!, LOGIN_RATE_PER_IP_PER_MINUTE: '3' };
    const a = await createTestApp('sqlite', env);
    const b = await createTestApp('sqlite', env);
    try {
      // A fresh address label per run, so earlier runs' counters in Redis cannot interfere.
      const remoteAddress = `127.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const attempt = async (app: typeof a, query?: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress,
          payload: { query: query ?? (await seal(app, { username: nextPhone(), password: 'Wrong1234' })) },
        });

      const query = await seal(a, { username: nextPhone(), password: 'Wrong1234' });
      expect(body(await attempt(a, query)).error).toBe('INVALID_CREDENTIALS');
      expect(body(await attempt(b, query)).error).toBe('JWE_REPLAYED');
      expect((await attempt(a)).statusCode).toBe(401);
      const fourth = await attempt(b);
      expect(fourth.statusCode).toBe(429);
      expect(body(fourth).error).toBe('RATE_LIMITED');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
