import { randomUUID } from 'node:crypto';
import { parsePrice } from '@bourse/shared/price';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, DIALECTS, operator, type TestApp } from '../../test/harness.ts';
import { StreamClient, waitUntil, type Message } from '../../test/stream-client.ts';
import { fundedTrader, instrument, TRADING_PASSWORD, TRADING_TEST_ENV } from '../../test/trading-fixture.ts';
import { insertInstrument } from '../market/instruments.service.ts';
import type { MarketSimulator } from '../market/simulator.ts';
import { tradingEngine } from './trading-engine.ts';

/**
 * Fills and expiries of orders reach the investor's message centre (issue 15): stored in the
 * fill's transaction, rendered in the reader's language, live on the stream after the commit —
 * whether the order writer thread (SQLite file) or the main thread wrote the order.
 */
const ENV = TRADING_TEST_ENV;
const isMessageEvent = (message: Message) => message.type === 'event' && message.event === 'message';

// SQLite twice: orders on the writer thread, and in the main thread's group commit.
interface Variant {
  dialect: (typeof DIALECTS)[number];
  name: string;
  env: Record<string, string>;
}
const VARIANTS = DIALECTS.flatMap((dialect): Variant[] =>
  dialect === 'sqlite'
    ? [
        { dialect, name: 'sqlite, writer thread', env: {} },
        { dialect, name: 'sqlite, main thread', env: { TRADE_WRITER_THREAD: 'false' } },
      ]
    : [{ dialect, name: dialect, env: {} }],
);

for (const { dialect, name, env } of VARIANTS) {
  describe(`order notifications (${name})`, () => {
    let t: TestApp;
    let sim: MarketSimulator;
    let url: string;
    const clients: StreamClient[] = [];

    beforeAll(async () => {
      t = await createTestApp(dialect, { ...ENV, ...env });
      expect(tradingEngine(t.ctx).orders.threaded).toBe(name === 'sqlite, writer thread');
      await t.ctx.database.transaction((trx) => insertInstrument(trx, instrument('TST', '12.33'), t.clock.nowMs()));
      sim = t.ctx.market as MarketSimulator;
      await sim.start();
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      url = `${address.replace('http', 'ws')}/api/stream`;
    }, 60_000);
    afterEach(async () => {
      for (const client of clients.splice(0)) client.close();
      await waitUntil(() => t.app.streamConnections() === 0);
    });
    afterAll(() => t.close());

    /** Last price exactly `last` (bid one cent below, ask one cent above), matching done. */
    const setPrice = async (last: string) => {
      await sim.printTrade('TST', parsePrice(last)!);
      await tradingEngine(t.ctx).matcher.idle();
    };
    const placeOrder = (token: string, payload: Record<string, unknown>, key = randomUUID()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trade/orders',
        headers: { token, 'idempotency-key': key },
        payload: { tradingPassword: TRADING_PASSWORD, code: 'TST', timeInForce: 'day', ...payload },
      });
    const messages = async (token: string, lang = 'de') =>
      body<{ total: number; unread: number; items: Array<{ title: string; body: string; createdAt: number }> }>(
        await t.app.inject({ method: 'GET', url: '/api/messages', headers: { token, lang } }),
      ).data;
    const outboxOf = (userId: number) =>
      t.ctx.database.db
        .selectFrom('outbox')
        .select(['template', 'body'])
        .where('userId', '=', userId)
        .orderBy('id')
        .execute();
    const listen = async (token: string) => {
      const client = await StreamClient.forUser(url, token);
      clients.push(client);
      return client;
    };

    it('a filled market order: one message, the price as the wire writes it, in the reader’s language, live after the commit', async () => {
      // Last 12.39: the ask is 12.40, written with both decimals.
      await setPrice('12.39');
      const user = await fundedTrader(t, '10000.00');
      const client = await listen(user.token);
      const key = randomUUID();
      const placed = await placeOrder(user.token, { side: 'buy', type: 'market', lots: 1 }, key);
      expect(placed.statusCode, placed.body).toBe(200);
      expect(body(placed).data).toMatchObject({ status: 'filled', fillPrice: '12.40' });
      expect((await client.take(isMessageEvent)).data).toEqual({ kind: 'notification' });

      const german = await messages(user.token, 'de');
      expect(german).toMatchObject({ total: 1, unread: 1 });
      expect(german.items[0]).toMatchObject({
        title: 'Handel',
        body: 'Ihre Order (Kauf) über 100 Aktien TST wurde zu 12.40 ausgeführt.',
        createdAt: t.clock.nowMs(),
      });
      // Read in English, the same message is rendered again, the side included.
      expect((await messages(user.token, 'en')).items[0]).toMatchObject({
        title: 'Trading',
        body: 'Your order (Buy) for 100 shares of TST was filled at 12.40.',
      });
      // The SMS went out in the investor's language (German, the default).
      expect(await outboxOf(user.userId)).toEqual([
        { template: 'notify.orderFilled', body: 'Ihre Order (Kauf) über 100 Aktien TST wurde zu 12.40 ausgeführt.' },
      ]);

      // The same request again is answered from its stored answer: no second message, no event.
      expect((await placeOrder(user.token, { side: 'buy', type: 'market', lots: 1 }, key)).statusCode).toBe(200);
      expect((await messages(user.token)).total).toBe(1);
      expect(await client.pending(isMessageEvent, 200)).toEqual([]);

      // A sale at a round price: two decimals, not four; the side said as a sale.
      await setPrice('13.00');
      const lotId = body<{ positionId: number }>(placed).data.positionId;
      const sold = await placeOrder(user.token, { side: 'sell', type: 'market', quantity: 40, positionId: lotId });
      expect(sold.statusCode, sold.body).toBe(200);
      expect((await client.take(isMessageEvent)).data).toEqual({ kind: 'notification' });
      expect((await messages(user.token, 'en')).items[0]?.body).toBe(
        'Your order (Sell) for 40 shares of TST was filled at 12.99.',
      );
    });

    it('a refused order tells nothing; a resting limit order tells when the market fills it', async () => {
      await setPrice('12.33');
      const user = await fundedTrader(t, '100.00');
      const client = await listen(user.token);
      const refused = await placeOrder(user.token, { side: 'buy', type: 'market', lots: 1 });
      expect(refused.statusCode).toBe(422);
      expect(await client.pending(isMessageEvent, 200)).toEqual([]);
      expect((await messages(user.token)).total).toBe(0);

      const rich = await fundedTrader(t, '10000.00');
      const richClient = await listen(rich.token);
      const resting = await placeOrder(rich.token, { side: 'buy', type: 'limit', lots: 1, limitPrice: '12.00' });
      expect(body(resting).data).toMatchObject({ status: 'new' });
      expect((await messages(rich.token)).total).toBe(0);
      // Last 11.90: the ask 11.91 is under the limit, the order fills there.
      await setPrice('11.90');
      expect((await richClient.take(isMessageEvent)).data).toEqual({ kind: 'notification' });
      expect((await messages(rich.token)).items[0]?.body).toBe(
        'Ihre Order (Kauf) über 100 Aktien TST wurde zu 11.91 ausgeführt.',
      );
    });

    it('a day order expiring at the end of its day tells the investor what was not filled', async () => {
      await setPrice('12.33');
      const user = await fundedTrader(t, '10000.00');
      const day = await placeOrder(user.token, { side: 'buy', type: 'limit', lots: 2, limitPrice: '5.00' });
      expect(body(day).data).toMatchObject({ status: 'new' });
      const client = await listen(user.token);
      const admin = await operator(t, ['admin']);
      // 09:00Z → 23:00Z: midnight in Berlin, the end of the trading day; the job expires the day's orders.
      const moved = await t.app.inject({
        method: 'POST',
        url: '/api/admin/clock/advance',
        headers: { token: admin.token },
        payload: { ms: 14 * 3_600_000 },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(body<{ jobs: Array<{ name: string }> }>(moved).data.jobs).toContainEqual(
        expect.objectContaining({ name: 'trading.expire-day-orders' }),
      );
      expect((await client.take(isMessageEvent)).data).toEqual({ kind: 'notification' });
      // (The night's jobs may tell the investor other things too: only the trading messages here.)
      const trading = async (lang: string, title: string) =>
        (await messages(user.token, lang)).items.filter((item) => item.title === title).map((item) => item.body);
      expect(await trading('de', 'Handel')).toEqual([
        'Ihre Tagesorder (Kauf) für TST ist zum Handelsschluss abgelaufen: 200 Aktien wurden nicht ausgeführt. Das dafür Reservierte steht Ihnen wieder zur Verfügung.',
      ]);
      expect(await trading('fr', 'Ordres')).toEqual([
        'Votre ordre jour (Achat) sur TST a expiré à la clôture : 200 actions n’ont pas été exécutées. Ce qui était réservé est de nouveau à votre disposition.',
      ]);
    });
  });
}
