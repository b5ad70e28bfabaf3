import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, createContext } from '../../bootstrap.ts';
import { SimulatedClock } from '../../platform/clock.ts';
import { openPostgres, openSqlite } from '../../platform/db/database.ts';
import { body, createTestApp, DIALECTS, operator, type TestApp } from '../../test/harness.ts';

const DAY = 24 * 3_600_000;

// Found by the crash test (issue 17): a restarted sandbox started its clock at real time again, so
// everything the driver had moved it through (IPO allocations, T+1, accruals) lay in the future
// once more and orders placed after the restart were dated before the ones placed before it.
describe.each(DIALECTS)('the sandbox clock across a restart on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('starts where the audited advances left it, not at real time', async () => {
    for (const ms of [2 * DAY, DAY + 3_600_000]) {
      // A new sign-in each time: operator sessions last 8 hours of the clock.
      const admin = await operator(t, ['admin']);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/clock/advance',
        headers: { token: admin.token },
        payload: { ms },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).data.now).toBe(new Date(t.clock.nowMs()).toISOString());
    }
    // A second process on the same database (the harness's clock is not passed: the server's own).
    const database =
      dialect === 'postgres'
        ? openPostgres(process.env.TEST_DATABASE_URL!, { schema: t.ctx.database.schema!, max: 2 })
        : openSqlite(path.join(t.ctx.config.DATA_DIR, 'test.sqlite'));
    const restarted = await createContext(t.ctx.config, { database });
    try {
      expect(restarted.clock).toBeInstanceOf(SimulatedClock);
      const ahead = restarted.clock.nowMs() - Date.now();
      expect(ahead).toBeGreaterThan(3 * DAY + 3_600_000 - 5_000);
      expect(ahead).toBeLessThanOrEqual(3 * DAY + 3_600_000);
    } finally {
      await closeContext(restarted);
    }
  });
});
