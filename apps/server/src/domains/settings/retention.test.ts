import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  purgeExpired,
  RETENTION_BATCH,
  RETENTION_BATCH_SQLITE,
  RETENTION_PAUSE_MS,
  THROTTLE_STALE_MS,
} from '../../platform/retention.ts';
import { expectLedgerOk } from '../../test/expect-ledger.ts';
import { body, createTestApp, DIALECTS, operator, type TestApp } from '../../test/harness.ts';
import { fundedTrader, instrument, TRADING_PASSWORD, TRADING_TEST_ENV } from '../../test/trading-fixture.ts';
import { insertInstrument } from '../market/instruments.service.ts';
import type { MarketSimulator } from '../market/simulator.ts';
import { RETENTION_INTERVAL_MS } from './settings.jobs.ts';

/**
 * Storage that does not grow without bound (issue 17): Idempotency-Key answers expire after the
 * retention window in the settings, replay nonces when they expire, rate-limit rows when stale,
 * sent notifications after the outbox window — removed by the `settings.retention` job in batches.
 */
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

for (const dialect of DIALECTS) {
  describe(`retention (${dialect})`, () => {
    let t: TestApp;
    let admin: Awaited<ReturnType<typeof operator>>;

    beforeAll(async () => {
      t = await createTestApp(dialect, TRADING_TEST_ENV);
      await t.ctx.database.transaction((trx) => insertInstrument(trx, instrument('RET', '20.00'), t.clock.nowMs()));
      await (t.ctx.market as MarketSimulator).start();
      admin = await operator(t, ['admin']);
    }, 60_000);
    afterAll(() => t.close());

    const db = () => t.ctx.database.db;
    const placeOrder = (token: string, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trade/orders',
        headers: { token, 'idempotency-key': key, lang: 'en' },
        payload: {
          tradingPassword: TRADING_PASSWORD,
          code: 'RET',
          side: 'buy',
          type: 'limit',
          limitPrice: '19.50',
          lots: 1,
          timeInForce: 'gtc',
        },
      });
    // A fresh operator each time: an operator's session ends before the clock moves days ahead.
    const putSettings = async (payload: Partial<Record<string, string>>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { token: (await operator(t, ['admin'])).token, lang: 'en' },
        payload,
      });
    const keysOf = (userId: number) =>
      db().selectFrom('idempotencyKeys').select('key').where('userId', '=', userId).execute();

    it('the retention windows are settings: whole hours from 24, whole days from 7, anything else refused', async () => {
      const before = body(
        await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { token: admin.token } }),
      ).data;
      expect(before).toMatchObject({ idempotencyRetentionHours: '48', outboxRetentionDays: '90' });
      for (const payload of [
        { idempotencyRetentionHours: '23' },
        { idempotencyRetentionHours: '1.5' },
        { idempotencyRetentionHours: '8761' },
        { outboxRetentionDays: '6' },
        { outboxRetentionDays: '-30' },
      ]) {
        const res = await putSettings(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(body(res).error).toBe('VALIDATION_FAILED');
      }
      const after = body(
        await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { token: admin.token } }),
      ).data;
      expect(after).toEqual(before);
    });

    it('a replay within the window answers the stored order; after the window and the clean-up it is a new request', async () => {
      const user = await fundedTrader(t, '10000.00');
      const key = randomUUID();
      const first = await placeOrder(user.token, key);
      expect(first.statusCode, first.body).toBe(200);
      const orderId = body(first).data.id as number;

      // 47 hours on (the window is 48): the clean-up has run and kept the key; a replay is the same answer.
      t.clock.advance(47 * HOUR);
      await t.ctx.jobs.runDue();
      expect(await keysOf(user.userId)).toHaveLength(1);
      const replay = await placeOrder(user.token, key);
      expect(replay.statusCode).toBe(200);
      expect(body(replay).data.id).toBe(orderId);

      // Past 48 hours the next clean-up removes the key: the same key and body place a new order.
      t.clock.advance(2 * HOUR);
      await t.ctx.jobs.runDue();
      expect(await keysOf(user.userId)).toHaveLength(0);
      const again = await placeOrder(user.token, key);
      expect(again.statusCode, again.body).toBe(200);
      expect(body(again).data.id).not.toBe(orderId);
      const orders = await db().selectFrom('orders').select('id').where('userId', '=', user.userId).execute();
      expect(orders).toHaveLength(2);
      await expectLedgerOk(t);
    });

    it('runs every interval, not more often, and follows a changed window', async () => {
      const user = await fundedTrader(t, '10000.00');
      expect((await putSettings({ idempotencyRetentionHours: '72' })).statusCode).toBe(200);
      try {
        await placeOrder(user.token, randomUUID());
        t.clock.advance(RETENTION_INTERVAL_MS);
        await t.ctx.jobs.runDue();
        // 49 hours: under the new 72-hour window the key stays.
        t.clock.advance(49 * HOUR - RETENTION_INTERVAL_MS);
        const ran = await t.ctx.jobs.runDue();
        expect(ran.filter((run) => run.name === 'settings.retention')).toHaveLength(1);
        expect(await keysOf(user.userId)).toHaveLength(1);
        // Less than an interval later: not due again.
        t.clock.advance(RETENTION_INTERVAL_MS / 2);
        expect((await t.ctx.jobs.runDue()).filter((run) => run.name === 'settings.retention')).toHaveLength(0);
        t.clock.advance(24 * HOUR);
        await t.ctx.jobs.runDue();
        expect(await keysOf(user.userId)).toHaveLength(0);
      } finally {
        expect((await putSettings({ idempotencyRetentionHours: '48' })).statusCode).toBe(200);
      }
    });

    it('removes expired nonces, stale rate-limit rows and old notifications in batches, and keeps the rest', async () => {
      const now = t.clock.nowMs();
      const user = await fundedTrader(t, '1.00');
      await db()
        .insertInto('usedNonces')
        .values([
          ...Array.from({ length: 1_200 }, (_, i) => ({ nonce: `old-${i}`, expiresAt: now - 1 - i })),
          { nonce: 'live', expiresAt: now + 60_000 },
        ])
        .execute();
      await db()
        .insertInto('throttles')
        .values([
          { key: 'stale', failures: 3, windowStartedAt: now - THROTTLE_STALE_MS - 1, lockedUntil: null },
          { key: 'stale-unlocked', failures: 5, windowStartedAt: now - THROTTLE_STALE_MS - 1, lockedUntil: now - 1 },
          // Old window but a lock that was renewed and still holds: kept.
          { key: 'still-locked', failures: 9, windowStartedAt: now - THROTTLE_STALE_MS - 1, lockedUntil: now + HOUR },
          { key: 'recent', failures: 1, windowStartedAt: now - HOUR, lockedUntil: null },
        ])
        .execute();
      await db()
        .insertInto('outbox')
        .values(
          [now - 91 * DAY, now - 90 * DAY - 1, now - 89 * DAY].map((createdAt, i) => ({
            channel: 'sms',
            recipient: `+4915100000${i}`,
            userId: user.userId,
            template: 'notify.depositCredited',
            params: null,
            body: 'x',
            createdAt,
          })),
        )
        .execute();

      const counts = await purgeExpired(
        t.ctx.database,
        { idempotencyBefore: now - 48 * HOUR, outboxBefore: now - 90 * DAY, nowMs: now },
        { batchSize: 500 },
      );
      expect(counts).toMatchObject({ nonces: 1_200, throttles: 2, outbox: 2 });
      // 1,200 nonces in three transactions of at most 500, the rest in one each.
      expect(counts.batches).toBe(3 + 1 + 1);
      expect(
        await db()
          .selectFrom('usedNonces')
          .select('nonce')
          .where((eb) => eb.or([eb('nonce', 'like', 'old-%'), eb('nonce', '=', 'live')]))
          .execute(),
      ).toEqual([{ nonce: 'live' }]);
      expect(
        (
          await db()
            .selectFrom('throttles')
            .select('key')
            .where('key', 'in', ['stale', 'stale-unlocked', 'still-locked', 'recent'])
            .orderBy('key')
            .execute()
        ).map((row) => row.key),
      ).toEqual(['recent', 'still-locked']);
      const outbox = await db().selectFrom('outbox').select('createdAt').where('userId', '=', user.userId).execute();
      expect(outbox.map((row) => Number(row.createdAt))).toEqual([now - 89 * DAY]);

      // A second run finds nothing.
      expect(
        await purgeExpired(t.ctx.database, {
          idempotencyBefore: now - 48 * HOUR,
          outboxBefore: now - 90 * DAY,
          nowMs: now,
        }),
      ).toEqual({ idempotencyKeys: 0, nonces: 0, throttles: 0, outbox: 0, batches: 0 });
    });

    it('pauses between batches, smaller ones on SQLite, and an order waiting meanwhile is written in a pause', async () => {
      const now = t.clock.nowMs();
      const cutoffs = { idempotencyBefore: now - 48 * HOUR, outboxBefore: now - 90 * DAY, nowMs: now };
      // Whatever earlier tests left expired goes first.
      await purgeExpired(t.ctx.database, cutoffs, { pause: () => Promise.resolve() });
      await db()
        .insertInto('usedNonces')
        .values(Array.from({ length: 450 }, (_, i) => ({ nonce: `paused-${i}`, expiresAt: now - 1 - i })))
        .execute();
      const user = await fundedTrader(t, '10000.00');
      const pauses: number[] = [];
      const placed: number[] = [];
      const counts = await purgeExpired(t.ctx.database, cutoffs, {
        pause: async (ms) => {
          pauses.push(ms);
          placed.push((await placeOrder(user.token, randomUUID())).statusCode);
        },
      });
      expect(counts).toMatchObject({ nonces: 450, idempotencyKeys: 0 });
      const batch = dialect === 'sqlite' ? RETENTION_BATCH_SQLITE : RETENTION_BATCH;
      expect(batch).toBe(dialect === 'sqlite' ? 200 : 500);
      // 450 rows: 200 + 200 + 50 on SQLite, with a pause after each full batch; one batch on PostgreSQL.
      const full = Math.floor(450 / batch);
      expect(counts.batches).toBe(full + 1);
      expect(pauses).toEqual(Array.from({ length: full }, () => RETENTION_PAUSE_MS));
      expect(placed).toEqual(Array.from({ length: full }, () => 200));
      expect(await db().selectFrom('usedNonces').select('nonce').where('nonce', 'like', 'paused-%').execute()).toEqual(
        [],
      );
    });
  });
}
