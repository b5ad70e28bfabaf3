import { randomUUID } from 'node:crypto';
import { parsePrice } from '@bourse/shared/price';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/crypto.ts';
import { expectLedgerOk } from '../../test/expect-ledger.ts';
import { body, createTestApp, DIALECTS, operator, verifiedInvestor, type TestApp } from '../../test/harness.ts';
import { fundCash, fundedTrader, instrument, TRADING_PASSWORD } from '../../test/trading-fixture.ts';
import { insertInstrument } from '../market/instruments.service.ts';
import type { MarketSimulator } from '../market/simulator.ts';
import { writeSettings } from '../settings/settings.service.ts';
import { tradingEngine } from '../trading/trading-engine.ts';

/**
 * Block trades through the API, once per dialect: offers listed in the console, orders with cash
 * held, approval (one operator, or two at or above the four-eyes threshold of 10,000.00) into a lot
 * that sells like any other, rejection releasing the hold, and every bad input refused with nothing
 * changed and the ledger verifying.
 */
const ENV = {
  LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
  SESSION_TTL_HOURS: '2000',
  TRADE_ORDERS_PER_MINUTE: '100000',
  DUPLICATE_SUBMIT_WINDOW_MS: '0',
  MARKET_BACKFILL_DAYS: '0',
  MARKET_BACKFILL_INTRADAY_DAYS: '0',
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

for (const dialect of DIALECTS) {
  describe(`block trades (${dialect})`, () => {
    let t: TestApp;
    let admin: { token: string };
    let finance: { token: string };
    let finance2: { token: string };
    let tradingPasswordHash: string;

    beforeAll(async () => {
      t = await createTestApp(dialect, ENV);
      await t.ctx.database.transaction(async (trx) => {
        for (const item of [
          instrument('BLK', '10.00'),
          instrument('IDXB', '1000.00', { board: 'index' }),
          instrument('NEWB', '10.00', { status: 'ipo' }),
        ]) {
          await insertInstrument(trx, item, t.clock.nowMs());
        }
      });
      const sim = t.ctx.market as MarketSimulator;
      await sim.start();
      await sim.printTrade('BLK', parsePrice('10.00')!);
      await tradingEngine(t.ctx).matcher.idle();
      admin = await operator(t, ['admin']);
      finance = await operator(t, ['finance']);
      finance2 = await operator(t, ['finance']);
      tradingPasswordHash = await hashPassword(TRADING_PASSWORD);
    }, 60_000);
    afterAll(async () => {
      await t.close();
    });

    const iso = (ms: number) => new Date(ms).toISOString();
    const now = () => t.clock.nowMs();

    /** An investor with approved identity, `cash` and the trading password. */
    async function verifiedTrader(cash = '20000.00') {
      const user = await verifiedInvestor(t, 'Erika Mustermann');
      await fundCash(t, user.userId, cash);
      await t.ctx.database.db.updateTable('users').set({ tradingPasswordHash }).where('id', '=', user.userId).execute();
      return user;
    }

    const createOffer = (token: string, fields: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/blocktrade/offers',
        headers: { token },
        payload: {
          code: 'BLK',
          price: '9.50',
          minQuantity: 100,
          totalQuantity: 5000,
          startsAt: iso(now() - HOUR),
          endsAt: iso(now() + 30 * DAY),
          ...fields,
        },
      });
    async function offer(fields: Record<string, unknown> = {}): Promise<number> {
      const res = await createOffer(admin.token, fields);
      expect(res.statusCode, res.body).toBe(200);
      return body<{ id: number }>(res).data.id;
    }
    const order = (
      token: string,
      offerId: number,
      quantity: number,
      options: { key?: string | null; password?: string; price?: string } = {},
    ) => {
      const key = options.key === undefined ? randomUUID() : options.key;
      return t.app.inject({
        method: 'POST',
        url: `/api/blocktrade/offers/${offerId}/orders`,
        headers: { token, ...(key ? { 'idempotency-key': key } : {}) },
        payload: {
          quantity,
          tradingPassword: options.password ?? TRADING_PASSWORD,
          ...(options.price === undefined ? {} : { price: options.price }),
        },
      });
    };
    const decide = (token: string, orderId: number, decision: 'approve' | 'reject', reason?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/blocktrade/orders/${orderId}/${decision}`,
        headers: { token },
        ...(decision === 'reject' ? { payload: { reason: reason ?? 'price no longer agreed' } } : {}),
      });
    const get = async (token: string, url: string) =>
      body(await t.app.inject({ method: 'GET', url, headers: { token } }));
    const assets = async (token: string) =>
      (await get(token, '/api/user/assets')).data as {
        cash: string;
        frozen: string;
        available: string;
        withdrawable: string;
        marketValue: string;
      };
    async function count(table: 'blockOrders' | 'holds' | 'journalEntries' | 'positions' | 'outbox') {
      const row = await t.ctx.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
    async function available(offerId: number) {
      const row = await t.ctx.database.db
        .selectFrom('blockOffers')
        .select('availableQuantity')
        .where('id', '=', offerId)
        .executeTakeFirstOrThrow();
      return Number(row.availableQuantity);
    }
    /** Everything a refused request must leave as it was. */
    async function snapshot(token: string, offerId: number) {
      return {
        orders: await count('blockOrders'),
        holds: await count('holds'),
        entries: await count('journalEntries'),
        positions: await count('positions'),
        available: await available(offerId),
        assets: await assets(token),
      };
    }
    async function expectRefused(
      res: { statusCode: number; body: string },
      status: number,
      code: string,
      before: Awaited<ReturnType<typeof snapshot>>,
      token: string,
      offerId: number,
    ) {
      expect(res.statusCode, res.body).toBe(status);
      expect(body(res).error).toBe(code);
      expect(await snapshot(token, offerId)).toEqual(before);
      await expectLedgerOk(t);
    }

    it('lists an offer only for a listed share in a valid window, audited; support may not', async () => {
      const bad: Array<[Record<string, unknown>, number, string]> = [
        [{ code: 'NOPE' }, 404, 'INSTRUMENT_NOT_FOUND'],
        [{ code: 'IDXB' }, 422, 'INSTRUMENT_NOT_TRADABLE'],
        [{ code: 'NEWB' }, 422, 'INSTRUMENT_NOT_LISTED'],
        [{ minQuantity: 6000 }, 400, 'BLOCK_MINIMUM_ABOVE_TOTAL'],
        [{ endsAt: iso(now() - 2 * HOUR) }, 400, 'BLOCK_OFFER_WINDOW_INVALID'],
        [{ startsAt: iso(now() + 2 * DAY), endsAt: iso(now() + DAY) }, 400, 'BLOCK_OFFER_WINDOW_INVALID'],
        [{ price: '0' }, 400, 'VALIDATION_FAILED'],
        [{ price: '9.123456' }, 400, 'VALIDATION_FAILED'],
        [{ price: '9.505' }, 400, 'PRICE_OFF_TICK'],
        [{ price: '0.9505' }, 400, 'PRICE_OFF_TICK'],
      ];
      const offersBefore = await t.ctx.database.db.selectFrom('blockOffers').select('id').execute();
      for (const [fields, status, code] of bad) {
        const res = await createOffer(admin.token, fields);
        expect(res.statusCode, JSON.stringify(fields)).toBe(status);
        expect(body(res).error).toBe(code);
      }
      const support = await operator(t, ['support']);
      expect((await createOffer(support.token)).statusCode).toBe(403);
      expect(await t.ctx.database.db.selectFrom('blockOffers').select('id').execute()).toEqual(offersBefore);

      const res = await createOffer(finance.token);
      expect(res.statusCode).toBe(200);
      const created = body(res).data;
      expect(created).toMatchObject({
        code: 'BLK',
        name: 'BLK AG',
        price: '9.50',
        minQuantity: 100,
        totalQuantity: 5000,
        availableQuantity: 5000,
        status: 'open',
      });
      const audit = await t.ctx.database.db
        .selectFrom('auditLog')
        .selectAll()
        .where('action', '=', 'blocktrade.offer.create')
        .where('target', '=', String(created.id))
        .execute();
      expect(audit).toHaveLength(1);
      const listed = (await get(admin.token, '/api/admin/blocktrade/offers')).data;
      expect(listed.items.map((o: { id: number }) => o.id)).toContain(created.id);
    });

    it('shows investors the offers inside their window only', async () => {
      const open = await offer();
      const later = await offer({ startsAt: iso(now() + DAY), endsAt: iso(now() + 2 * DAY) });
      const { token } = await verifiedTrader();
      const offers = (await get(token, '/api/blocktrade/offers')).data as Array<{ id: number }>;
      expect(offers.map((o) => o.id)).toContain(open);
      expect(offers.map((o) => o.id)).not.toContain(later);
    });

    it('holds quantity × price; available and withdrawable drop by it; a replay answers the same', async () => {
      const offerId = await offer({ price: '0.955' });
      const { token } = await verifiedTrader('20000.00');
      const key = randomUUID();
      const res = await order(token, offerId, 333, { key });
      expect(res.statusCode, res.body).toBe(200);
      // 0.955 × 333 = 318.015 → 318.02 (half-up to the cent, as a trade's gross; 0.955 is on the grid below 1.00).
      expect(body(res).data).toMatchObject({
        offerId,
        code: 'BLK',
        price: '0.955',
        quantity: 333,
        amount: '318.02',
        status: 'pending',
        approvals: 0,
        approvalsRequired: 1,
        positionId: null,
      });
      // `cash` counts what is held; `available` is what is free.
      expect(await assets(token)).toMatchObject({
        cash: '20000.00',
        frozen: '318.02',
        available: '19681.98',
        withdrawable: '19681.98',
      });
      const replay = await order(token, offerId, 333, { key });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toBe(res.body);
      const records = (await get(token, '/api/blocktrade/orders')).data;
      expect(records.total).toBe(1);
      expect(records.items[0]).toMatchObject({ id: body(res).data.id, status: 'pending' });
      await expectLedgerOk(t);
    });

    it('refuses bad orders with a clear code and changes nothing', async () => {
      const offerId = await offer({ minQuantity: 200, totalQuantity: 1000 });
      const rich = await verifiedTrader('20000.00');
      const poor = await verifiedTrader('500.00');
      const unverified = await fundedTrader(t, '20000.00');
      const future = await offer({ startsAt: iso(now() + DAY), endsAt: iso(now() + 2 * DAY) });

      let before = await snapshot(rich.token, offerId);
      await expectRefused(
        await order(rich.token, offerId, 199),
        422,
        'BLOCK_BELOW_MINIMUM',
        before,
        rich.token,
        offerId,
      );
      expect(body(await order(rich.token, offerId, 199)).msg).toContain('200');
      await expectRefused(
        await order(rich.token, offerId, 1001),
        422,
        'BLOCK_QUANTITY_UNAVAILABLE',
        before,
        rich.token,
        offerId,
      );
      await expectRefused(
        await order(rich.token, offerId, 250.5),
        400,
        'QUANTITY_NOT_WHOLE',
        before,
        rich.token,
        offerId,
      );
      await expectRefused(
        await order(rich.token, offerId, -300),
        400,
        'QUANTITY_NOT_POSITIVE',
        before,
        rich.token,
        offerId,
      );
      await expectRefused(await order(rich.token, future, 300), 422, 'BLOCK_OFFER_CLOSED', before, rich.token, offerId);
      await expectRefused(
        await order(rich.token, 999_999, 300),
        404,
        'BLOCK_OFFER_NOT_FOUND',
        before,
        rich.token,
        offerId,
      );
      await expectRefused(
        await order(rich.token, offerId, 300, { password: '000000' }),
        422,
        'TRADING_PASSWORD_WRONG',
        before,
        rich.token,
        offerId,
      );
      await expectRefused(
        await order(rich.token, offerId, 300, { key: null }),
        400,
        'IDEMPOTENCY_KEY_REQUIRED',
        before,
        rich.token,
        offerId,
      );

      // The same key with another body.
      const key = randomUUID();
      expect((await order(rich.token, offerId, 300, { key })).statusCode).toBe(200);
      before = await snapshot(rich.token, offerId);
      await expectRefused(
        await order(rich.token, offerId, 400, { key }),
        409,
        'IDEMPOTENCY_KEY_REUSED',
        before,
        rich.token,
        offerId,
      );

      // 9.50 × 300 = 2,850.00 > 500.00.
      before = await snapshot(poor.token, offerId);
      await expectRefused(
        await order(poor.token, offerId, 300),
        422,
        'INSUFFICIENT_FUNDS',
        before,
        poor.token,
        offerId,
      );

      before = await snapshot(unverified.token, offerId);
      await expectRefused(
        await order(unverified.token, offerId, 300),
        422,
        'KYC_REQUIRED',
        before,
        unverified.token,
        offerId,
      );
    });

    it('keeps one investor’s orders from another; an unknown order id is 404 on the console', async () => {
      const offerId = await offer();
      const a = await verifiedTrader();
      const b = await verifiedTrader();
      const placed = body(await order(a.token, offerId, 100)).data;
      const seenByB = (await get(b.token, '/api/blocktrade/orders')).data;
      expect(seenByB.items.map((o: { id: number }) => o.id)).not.toContain(placed.id);
      expect(seenByB.total).toBe(0);
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/blocktrade/orders/${placed.id}`,
        headers: { token: a.token },
      });
      expect(own.statusCode).toBe(200);
      expect(body(own).data).toMatchObject({ id: placed.id, status: 'pending', amount: '950.00' });
      for (const id of [placed.id, 987_654]) {
        const other = await t.app.inject({
          method: 'GET',
          url: `/api/blocktrade/orders/${id}`,
          headers: { token: b.token },
        });
        expect(other.statusCode).toBe(404);
        expect(body(other).error).toBe('BLOCK_ORDER_NOT_FOUND');
      }
      for (const decision of ['approve', 'reject'] as const) {
        const res = await decide(finance.token, 987_654, decision);
        expect(res.statusCode).toBe(404);
        expect(body(res).error).toBe('BLOCK_ORDER_NOT_FOUND');
      }
      // An investor's session is no operator's: the console routes are closed to it.
      expect((await decide(a.token, placed.id, 'approve')).statusCode).toBe(401);
    });

    it('approves: the hold is captured, the offer shrinks, the shares are a lot that sells; no double posting', async () => {
      const offerId = await offer({ price: '9.50', totalQuantity: 2000 });
      const { token } = await verifiedTrader('20000.00');
      const placed = body(await order(token, offerId, 500)).data;
      const outboxBefore = await count('outbox');

      const res = await decide(finance.token, placed.id, 'approve');
      expect(res.statusCode, res.body).toBe(200);
      const approved = body(res).data;
      expect(approved).toMatchObject({ status: 'approved', approvals: 1, approvalsRequired: 1 });
      expect(approved.positionId).toEqual(expect.any(Number));
      expect(await available(offerId)).toBe(1500);
      // 9.50 × 500 = 4,750.00 paid; the lot is worth 10.00 × 500 at the market.
      expect(await assets(token)).toMatchObject({ cash: '15250.00', frozen: '0.00', marketValue: '5000.00' });
      const lot = (await get(token, `/api/trade/positions/${approved.positionId}`)).data;
      expect(lot).toMatchObject({ code: 'BLK', quantity: 500 });
      expect(await count('outbox')).toBe(outboxBefore + 1);
      const note = await t.ctx.database.db
        .selectFrom('outbox')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(note.template).toBe('notify.blockOrderApproved');
      expect(note.body).toContain('BLK AG');
      await expectLedgerOk(t);

      // A second decision of either kind is refused and posts nothing.
      const entries = await count('journalEntries');
      for (const decision of ['approve', 'reject'] as const) {
        const again = await decide(finance2.token, placed.id, decision);
        expect(again.statusCode).toBe(409);
        expect(body(again).error).toBe('BLOCK_ORDER_NOT_PENDING');
      }
      expect(await count('journalEntries')).toBe(entries);
      expect(await available(offerId)).toBe(1500);

      // Sellable like any other lot (T+1 is off by default).
      const sell = await t.app.inject({
        method: 'POST',
        url: '/api/trade/orders',
        headers: { token, 'idempotency-key': randomUUID() },
        payload: {
          code: 'BLK',
          side: 'sell',
          type: 'market',
          quantity: 500,
          positionId: approved.positionId,
          tradingPassword: TRADING_PASSWORD,
        },
      });
      expect(sell.statusCode, sell.body).toBe(200);
      expect(body(sell).data).toMatchObject({ status: 'filled', quantity: 500 });
      const records = (await get(token, '/api/blocktrade/orders')).data;
      expect(records.items[0]).toMatchObject({ id: placed.id, status: 'approved', positionId: approved.positionId });
      await expectLedgerOk(t);
    });

    it('rejects with a reason: the hold is released, the investor told', async () => {
      const offerId = await offer();
      const { token } = await verifiedTrader('20000.00');
      const placed = body(await order(token, offerId, 1000)).data;
      expect(await assets(token)).toMatchObject({ frozen: '9500.00', available: '10500.00' });
      const missing = await t.app.inject({
        method: 'POST',
        url: `/api/admin/blocktrade/orders/${placed.id}/reject`,
        headers: { token: finance.token },
        payload: {},
      });
      expect(missing.statusCode).toBe(400);
      const res = await decide(finance.token, placed.id, 'reject', 'seller withdrew');
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).data).toMatchObject({ status: 'rejected', reason: 'seller withdrew', positionId: null });
      expect(await assets(token)).toMatchObject({ cash: '20000.00', frozen: '0.00', available: '20000.00' });
      expect(await available(offerId)).toBe(5000);
      const note = await t.ctx.database.db
        .selectFrom('outbox')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(note.template).toBe('notify.blockOrderRejected');
      expect(note.body).toContain('seller withdrew');
      const entries = await count('journalEntries');
      const again = await decide(finance2.token, placed.id, 'reject', 'twice');
      expect(again.statusCode).toBe(409);
      expect(await count('journalEntries')).toBe(entries);
      const audit = await t.ctx.database.db
        .selectFrom('auditLog')
        .select('action')
        .where('target', '=', String(placed.id))
        .where('action', 'like', 'blocktrade.order.%')
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['blocktrade.order.reject']);
      await expectLedgerOk(t);
    });

    it('needs two different operators at or above the four-eyes threshold', async () => {
      const offerId = await offer();
      const { token } = await verifiedTrader('20000.00');
      // 9.50 × 1,100 = 10,450.00 ≥ 10,000.00.
      const placed = body(await order(token, offerId, 1100)).data;
      expect(placed).toMatchObject({ amount: '10450.00', approvalsRequired: 2, approvals: 0 });
      const entries = await count('journalEntries');
      const first = await decide(finance.token, placed.id, 'approve');
      expect(first.statusCode).toBe(200);
      expect(body(first).data).toMatchObject({ status: 'pending', approvals: 1, approvalsRequired: 2 });
      expect(await count('journalEntries')).toBe(entries);
      const self = await decide(finance.token, placed.id, 'approve');
      expect(self.statusCode).toBe(409);
      expect(body(self).error).toBe('FOUR_EYES_REQUIRED');
      expect(await available(offerId)).toBe(5000);
      const second = await decide(finance2.token, placed.id, 'approve');
      expect(second.statusCode, second.body).toBe(200);
      expect(body(second).data).toMatchObject({ status: 'approved', approvals: 2, approvalsRequired: 2 });
      expect(await available(offerId)).toBe(3900);
      expect(await assets(token)).toMatchObject({ cash: '9550.00', frozen: '0.00' });
      const queue = (await get(admin.token, '/api/admin/blocktrade/orders?status=approved')).data;
      expect(queue.items.find((o: { id: number }) => o.id === placed.id)).toMatchObject({ approvals: 2 });
      await expectLedgerOk(t);
    });

    it('refuses an approval when fewer shares are left than ordered, changing nothing', async () => {
      const offerId = await offer({ totalQuantity: 800, minQuantity: 100 });
      const a = await verifiedTrader();
      const b = await verifiedTrader();
      const first = body(await order(a.token, offerId, 600)).data;
      const second = body(await order(b.token, offerId, 500)).data;
      const queue = (await get(finance.token, '/api/admin/blocktrade/orders?status=pending')).data;
      expect(queue.items.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([first.id, second.id]));
      expect((await decide(finance.token, first.id, 'approve')).statusCode).toBe(200);
      const before = await snapshot(b.token, offerId);
      const refused = await decide(finance.token, second.id, 'approve');
      await expectRefused(refused, 422, 'BLOCK_QUANTITY_UNAVAILABLE', before, b.token, offerId);
      expect((await decide(finance.token, second.id, 'reject', 'sold out')).statusCode).toBe(200);
      expect(await assets(b.token)).toMatchObject({ frozen: '0.00', cash: '20000.00' });
      await expectLedgerOk(t);
    });

    it('decides once under concurrent operators: one approval wins, the shares are taken once', async () => {
      const offerId = await offer({ totalQuantity: 1000, minQuantity: 100 });
      const a = await verifiedTrader();
      const b = await verifiedTrader();
      const same = body(await order(a.token, offerId, 300)).data;
      const entries = await count('journalEntries');
      const both = await Promise.all([
        decide(finance.token, same.id, 'approve'),
        decide(finance2.token, same.id, 'approve'),
        decide(admin.token, same.id, 'reject'),
      ]);
      expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
      // One decision: one journal entry (a capture or a release), never two.
      expect(await count('journalEntries')).toBe(entries + 1);

      // Two orders that together need more than is left, approved at once: one of them is refused.
      const left = await available(offerId);
      const first = body(await order(a.token, offerId, left - 100)).data;
      const second = body(await order(b.token, offerId, left - 100)).data;
      const raced = await Promise.all([
        decide(finance.token, first.id, 'approve'),
        decide(finance2.token, second.id, 'approve'),
      ]);
      expect(raced.map((res) => res.statusCode).sort()).toEqual([200, 422]);
      expect(raced.map((res) => body(res).error).filter(Boolean)).toEqual(['BLOCK_QUANTITY_UNAVAILABLE']);
      expect(await available(offerId)).toBe(100);
      await expectLedgerOk(t);
    });

    const editOffer = (token: string, offerId: number, patch: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/blocktrade/offers/${offerId}`,
        headers: { token },
        payload: patch,
      });
    const cancelOffer = (
      token: string,
      offerId: number,
      payload: Record<string, unknown> = { reason: 'seller withdrew' },
    ) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/blocktrade/offers/${offerId}/cancel`,
        headers: { token },
        payload,
      });
    const offerRow = (offerId: number) =>
      t.ctx.database.db.selectFrom('blockOffers').selectAll().where('id', '=', offerId).executeTakeFirstOrThrow();
    const auditOf = async (action: string, target: number) =>
      (
        await t.ctx.database.db
          .selectFrom('auditLog')
          .selectAll()
          .where('action', '=', action)
          .where('target', '=', String(target))
          .orderBy('id', 'asc')
          .execute()
      ).map((line) => ({ ...line, details: JSON.parse(line.details ?? 'null') }));
    const orderStatus = async (orderId: number) =>
      (
        await t.ctx.database.db
          .selectFrom('blockOrders')
          .select(['status', 'reason'])
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).status;

    it('edits an open offer’s terms, audited from and to; bad edits and other roles are refused', async () => {
      const offerId = await offer({ price: '9.50', minQuantity: 100, totalQuantity: 5000 });
      const endsAt = iso(now() + 40 * DAY);
      const res = await editOffer(finance.token, offerId, {
        price: '9.80',
        minQuantity: 200,
        availableQuantity: 4000,
        endsAt,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).data).toMatchObject({
        id: offerId,
        price: '9.80',
        minQuantity: 200,
        availableQuantity: 4000,
        totalQuantity: 4000,
        endsAt,
        status: 'open',
        pendingOrders: 0,
        pendingQuantity: 0,
      });
      const [line] = await auditOf('blocktrade.offer.update', offerId);
      expect(line?.details).toEqual({
        changes: {
          price: { from: '9.50', to: '9.80' },
          minQuantity: { from: 100, to: 200 },
          availableQuantity: { from: 5000, to: 4000 },
          totalQuantity: { from: 5000, to: 4000 },
          endsAt: { from: expect.any(String), to: endsAt },
        },
      });
      // Investors order at the new price: 9.80 × 200 = 1,960.00. One who was shown the old price is
      // told it changed, and nothing is held.
      const { token } = await verifiedTrader();
      const stale = await snapshot(token, offerId);
      const refusedStale = await order(token, offerId, 200, { price: '9.50' });
      await expectRefused(refusedStale, 409, 'BLOCK_PRICE_CHANGED', stale, token, offerId);
      expect(body(refusedStale).msg).toContain('9.80');
      const placed = await order(token, offerId, 200, { price: '9.80' });
      expect(body(placed).data).toMatchObject({ price: '9.80', amount: '1960.00' });
      expect((await decide(finance.token, body(placed).data.id, 'reject', 'test over')).statusCode).toBe(200);

      const rowBefore = await offerRow(offerId);
      const bad: Array<[Record<string, unknown>, number, string]> = [
        [{ price: '0' }, 400, 'VALIDATION_FAILED'],
        [{ price: '9.123456' }, 400, 'VALIDATION_FAILED'],
        [{ price: '9.805' }, 400, 'PRICE_OFF_TICK'],
        [{ availableQuantity: -1 }, 400, 'VALIDATION_FAILED'],
        [{ minQuantity: 0 }, 400, 'VALIDATION_FAILED'],
        [{ totalQuantity: 10 }, 400, 'UNKNOWN_FIELD'],
        [{ code: 'IDXB' }, 400, 'UNKNOWN_FIELD'],
        [{ minQuantity: 4001 }, 400, 'BLOCK_MINIMUM_ABOVE_TOTAL'],
        [{ availableQuantity: 150 }, 400, 'BLOCK_MINIMUM_ABOVE_TOTAL'],
        [{ endsAt: iso(now() - HOUR) }, 400, 'BLOCK_OFFER_WINDOW_INVALID'],
        [{ startsAt: iso(now() + 50 * DAY) }, 400, 'BLOCK_OFFER_WINDOW_INVALID'],
        [{ price: '99999999.00', availableQuantity: 100_000 }, 400, 'ORDER_VALUE_TOO_LARGE'],
      ];
      for (const [patch, status, code] of bad) {
        const refused = await editOffer(admin.token, offerId, patch);
        expect(refused.statusCode, JSON.stringify(patch)).toBe(status);
        expect(body(refused).error).toBe(code);
      }
      const missing = await editOffer(admin.token, 999_999, { price: '9.00' });
      expect(missing.statusCode).toBe(404);
      expect(body(missing).error).toBe('BLOCK_OFFER_NOT_FOUND');
      const support = await operator(t, ['support']);
      expect((await editOffer(support.token, offerId, { price: '9.00' })).statusCode).toBe(403);
      expect((await editOffer(token, offerId, { price: '9.00' })).statusCode).toBe(401);
      expect(await offerRow(offerId)).toEqual(rowBefore);

      // Sending the terms as they are changes nothing and records nothing.
      const same = await editOffer(admin.token, offerId, { price: '9.8', minQuantity: 200 });
      expect(same.statusCode).toBe(200);
      expect(await auditOf('blocktrade.offer.update', offerId)).toHaveLength(1);
      expect(await offerRow(offerId)).toEqual(rowBefore);
    });

    it('locks price and minimum while an order is pending; the available quantity may still drop', async () => {
      const offerId = await offer({ price: '9.50', minQuantity: 100, totalQuantity: 5000 });
      const { token } = await verifiedTrader('20000.00');
      const placed = body(await order(token, offerId, 1000)).data;
      const before = await snapshot(token, offerId);
      const rowBefore = await offerRow(offerId);
      for (const patch of [{ price: '9.00' }, { minQuantity: 50 }, { price: '9.00', availableQuantity: 3000 }]) {
        const refused = await editOffer(finance.token, offerId, patch);
        await expectRefused(refused, 409, 'BLOCK_OFFER_TERMS_LOCKED', before, token, offerId);
      }
      expect(await offerRow(offerId)).toEqual(rowBefore);
      expect(await auditOf('blocktrade.offer.update', offerId)).toEqual([]);

      // Fewer shares than the pending order asks for: allowed; its approval is then refused.
      const lowered = await editOffer(finance.token, offerId, { availableQuantity: 500 });
      expect(lowered.statusCode, lowered.body).toBe(200);
      expect(body(lowered).data).toMatchObject({
        availableQuantity: 500,
        totalQuantity: 500,
        pendingOrders: 1,
        pendingQuantity: 1000,
      });
      const listed = (await get(admin.token, '/api/admin/blocktrade/offers?pageSize=200')).data;
      expect(listed.items.find((o: { id: number }) => o.id === offerId)).toMatchObject({
        pendingOrders: 1,
        pendingQuantity: 1000,
      });
      const approval = await decide(finance.token, placed.id, 'approve');
      expect(approval.statusCode).toBe(422);
      expect(body(approval).error).toBe('BLOCK_QUANTITY_UNAVAILABLE');
      expect(await assets(token)).toMatchObject({ frozen: '9500.00' });
      expect((await decide(finance.token, placed.id, 'reject', 'fewer shares')).statusCode).toBe(200);

      // Decided: the terms are free again.
      const repriced = await editOffer(finance.token, offerId, { price: '9.00', minQuantity: 50 });
      expect(repriced.statusCode, repriced.body).toBe(200);
      expect(body(repriced).data).toMatchObject({ price: '9.00', minQuantity: 50, pendingOrders: 0 });
      await expectLedgerOk(t);
    });

    it('cancels an offer: each pending hold released, investors told, audited; a second cancel changes nothing', async () => {
      const offerId = await offer({ price: '9.50', minQuantity: 100, totalQuantity: 5000 });
      const a = await verifiedTrader('20000.00');
      const b = await verifiedTrader('20000.00');
      const c = await verifiedTrader('20000.00');
      const first = body(await order(a.token, offerId, 1000)).data;
      const second = body(await order(b.token, offerId, 300)).data;
      const bought = body(await order(c.token, offerId, 200)).data;
      expect((await decide(finance.token, bought.id, 'approve')).statusCode).toBe(200);
      // 9.50 × 1,000 = 9,500.00 and 9.50 × 300 = 2,850.00 held.
      expect(await assets(a.token)).toMatchObject({ cash: '20000.00', frozen: '9500.00', available: '10500.00' });
      expect(await assets(b.token)).toMatchObject({ cash: '20000.00', frozen: '2850.00', available: '17150.00' });

      const noReason = await cancelOffer(finance.token, offerId, {});
      expect(noReason.statusCode).toBe(400);
      const support = await operator(t, ['support']);
      expect((await cancelOffer(support.token, offerId)).statusCode).toBe(403);
      expect((await cancelOffer(a.token, offerId)).statusCode).toBe(401);
      expect(await orderStatus(first.id)).toBe('pending');

      const entries = await count('journalEntries');
      const outbox = await count('outbox');
      const res = await cancelOffer(finance.token, offerId, { reason: 'seller withdrew' });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).data).toMatchObject({ id: offerId, status: 'cancelled', pendingOrders: 0, pendingQuantity: 0 });
      // Both holds released in full; the approved order is left as it was.
      expect(await assets(a.token)).toMatchObject({ cash: '20000.00', frozen: '0.00', available: '20000.00' });
      expect(await assets(b.token)).toMatchObject({ cash: '20000.00', frozen: '0.00', available: '20000.00' });
      expect(await assets(c.token)).toMatchObject({ cash: '18100.00', frozen: '0.00' });
      expect(await count('journalEntries')).toBe(entries + 2);
      expect(await orderStatus(bought.id)).toBe('approved');
      for (const [investor, placed] of [
        [a, first],
        [b, second],
      ] as const) {
        const own = body(
          await t.app.inject({
            method: 'GET',
            url: `/api/blocktrade/orders/${placed.id}`,
            headers: { token: investor.token },
          }),
        ).data;
        expect(own).toMatchObject({ status: 'rejected', reason: 'seller withdrew', positionId: null });
        const [line] = await auditOf('blocktrade.order.reject', placed.id);
        expect(line?.details).toMatchObject({ reason: 'seller withdrew', offerCancelled: true });
      }
      const notes = await t.ctx.database.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(2).execute();
      expect(await count('outbox')).toBe(outbox + 2);
      expect(notes.map((note) => note.template)).toEqual(['notify.blockOrderRejected', 'notify.blockOrderRejected']);
      expect(notes.every((note) => note.body.includes('seller withdrew'))).toBe(true);
      const [line] = await auditOf('blocktrade.offer.cancel', offerId);
      expect(line?.details).toMatchObject({
        reason: 'seller withdrew',
        from: 'open',
        rejectedOrders: [first.id, second.id],
        released: '12350.00',
      });
      await expectLedgerOk(t);

      // A second cancel, an edit, an order or a decision on it: refused, nothing moves.
      const before = await snapshot(a.token, offerId);
      const outboxAfter = await count('outbox');
      await expectRefused(
        await cancelOffer(admin.token, offerId, { reason: 'again' }),
        409,
        'BLOCK_OFFER_ALREADY_CANCELLED',
        before,
        a.token,
        offerId,
      );
      await expectRefused(
        await editOffer(admin.token, offerId, { availableQuantity: 10 }),
        409,
        'BLOCK_OFFER_NOT_EDITABLE',
        before,
        a.token,
        offerId,
      );
      await expectRefused(await order(a.token, offerId, 100), 422, 'BLOCK_OFFER_CLOSED', before, a.token, offerId);
      await expectRefused(
        await decide(finance2.token, first.id, 'approve'),
        409,
        'BLOCK_ORDER_NOT_PENDING',
        before,
        a.token,
        offerId,
      );
      expect(await count('outbox')).toBe(outboxAfter);
      expect(await auditOf('blocktrade.offer.cancel', offerId)).toHaveLength(1);
      const open = (await get(a.token, '/api/blocktrade/offers')).data as Array<{ id: number }>;
      expect(open.map((o) => o.id)).not.toContain(offerId);
      const missing = await cancelOffer(admin.token, 999_999);
      expect(missing.statusCode).toBe(404);
      expect(body(missing).error).toBe('BLOCK_OFFER_NOT_FOUND');
    });

    it('cancels once against concurrent orders and approvals: every order decided once, no hold left', async () => {
      const offerId = await offer({ price: '9.50', minQuantity: 100, totalQuantity: 5000 });
      const a = await verifiedTrader('20000.00');
      const b = await verifiedTrader('20000.00');
      const pending = body(await order(a.token, offerId, 400)).data;
      const entries = await count('journalEntries');
      const [cancelled, approved, ordered] = await Promise.all([
        cancelOffer(finance.token, offerId),
        decide(finance2.token, pending.id, 'approve'),
        order(b.token, offerId, 300),
      ]);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      // The approval came first (200) or found the order rejected (409); the order came first and
      // was rejected by the cancel (200), or found the offer cancelled (422).
      expect([200, 409]).toContain(approved.statusCode);
      expect([200, 422]).toContain(ordered.statusCode);
      expect(await orderStatus(pending.id)).toBe(approved.statusCode === 200 ? 'approved' : 'rejected');
      const left = await t.ctx.database.db
        .selectFrom('blockOrders')
        .select('id')
        .where('offerId', '=', offerId)
        .where('status', '=', 'pending')
        .execute();
      expect(left).toEqual([]);
      // One entry per decision of a's order, and for b's order a hold and its release or nothing.
      expect(await count('journalEntries')).toBe(entries + 1 + (ordered.statusCode === 200 ? 2 : 0));
      expect(await assets(b.token)).toMatchObject({ cash: '20000.00', frozen: '0.00' });
      expect(await assets(a.token)).toMatchObject({ frozen: '0.00' });
      await expectLedgerOk(t);
    });

    // These move the clock: they come last.
    it('closes an offer after its window; a lot bought today waits for T+1 when the rule is on', async () => {
      const offerId = await offer({ endsAt: iso(now() + 2 * HOUR) });
      const withdrawn = await offer({ endsAt: iso(now() + 2 * HOUR) });
      expect((await cancelOffer(admin.token, withdrawn)).statusCode).toBe(200);
      const { token } = await verifiedTrader();
      const placed = body(await order(token, offerId, 200)).data;
      await t.ctx.database.transaction((trx) =>
        writeSettings(trx, [['tPlusOne', 'true']], { operatorId: null, nowMs: now() }),
      );
      const approved = body(await decide(finance.token, placed.id, 'approve')).data;
      const sell = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/trade/orders',
          headers: { token, 'idempotency-key': randomUUID() },
          payload: {
            code: 'BLK',
            side: 'sell',
            type: 'market',
            quantity: 200,
            positionId: approved.positionId,
            tradingPassword: TRADING_PASSWORD,
          },
        });
      const early = await sell();
      expect(early.statusCode).toBe(422);
      expect(body(early).error).toBe('T_PLUS_ONE_NOT_SELLABLE');

      const moved = await t.app.inject({
        method: 'POST',
        url: '/api/admin/clock/advance',
        headers: { token: admin.token },
        payload: { ms: DAY },
      });
      expect(moved.statusCode).toBe(200);
      expect(body(moved).data.jobs).toContainEqual(expect.objectContaining({ name: 'blocktrade.close-ended-offers' }));
      // Operator sessions do not last a day: sign in again.
      const admin2 = await operator(t, ['admin']);
      const offers = (await get(admin2.token, '/api/admin/blocktrade/offers?pageSize=200')).data;
      expect(offers.items.find((o: { id: number }) => o.id === offerId)).toMatchObject({ status: 'closed' });
      // The closing job leaves a cancelled offer cancelled.
      expect(offers.items.find((o: { id: number }) => o.id === withdrawn)).toMatchObject({ status: 'cancelled' });
      const before = await snapshot(token, offerId);
      await expectRefused(await order(token, offerId, 200), 422, 'BLOCK_OFFER_CLOSED', before, token, offerId);

      await (t.ctx.market as MarketSimulator).printTrade('BLK', parsePrice('10.00')!);
      const later = await sell();
      expect(later.statusCode, later.body).toBe(200);
      await expectLedgerOk(t);
    });
  });
}
