import { describe, expect, it } from 'vitest';
import { RedisHub } from '../../platform/redis-hub.ts';
import { createTestApp, investor } from '../../test/harness.ts';
import { authenticate } from '../auth/auth.service.ts';
import {
  setTradingPassword,
  TRADING_PASSWORD_FORGET_NOTICE,
  verifyTradingPasswordForSession,
} from './trading-password.service.ts';

if (process.env.CI === 'true' && !process.env.TEST_REDIS_URL) {
  throw new Error('CI=true but TEST_REDIS_URL is not set: the Redis suite must run in CI');
}

/**
 * A session's remembered trading-password check lives in one instance's memory; a new trading
 * password set through another instance must end it there too (the next order may land anywhere).
 */
describe.runIf(process.env.TEST_REDIS_URL)('trading-password memory across instances', () => {
  it('is forgotten on every instance when the password changes on one', async () => {
    const url = process.env.TEST_REDIS_URL!;
    const a = await createTestApp('sqlite', { REDIS_URL: url });
    // Another instance on the same database: its own hub connection, its own memory.
    const otherHub = new RedisHub({ url });
    const other = { ...a.ctx, hub: otherHub };
    try {
      const { token, password } = await investor(a);
      const { userId, sessionId } = await authenticate(a.ctx, token);
      await setTradingPassword(a.ctx, userId, {
        password: '135790',
        confirmPassword: '135790',
        loginPassword: password,
      });
      await verifyTradingPasswordForSession(other, { userId, sessionId }, '135790');
      let heard = false;
      otherHub.onNotice(TRADING_PASSWORD_FORGET_NOTICE, () => (heard = true));
      await otherHub.flush();

      await setTradingPassword(a.ctx, userId, { password: '246801', confirmPassword: '246801', oldPassword: '135790' });
      const start = Date.now();
      while (!heard) {
        if (Date.now() - start > 10_000) throw new Error('the notice did not arrive'); // a bound, not a delay
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // Without the notice the other instance would still accept the old password from memory.
      await expect(verifyTradingPasswordForSession(other, { userId, sessionId }, '135790')).rejects.toMatchObject({
        code: 'TRADING_PASSWORD_WRONG',
      });
      await verifyTradingPasswordForSession(other, { userId, sessionId }, '246801');
    } finally {
      await otherHub.close();
      await a.close();
    }
  });
});
