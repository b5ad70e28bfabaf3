import { randomUUID } from 'node:crypto';
import { parsePrice } from '@bourse/shared/price';
import { expect } from 'vitest';
import { hashPassword } from '../platform/crypto.ts';
import type { Database } from '../platform/db/schema.ts';
import { insertInstrument } from '../domains/market/instruments.service.ts';
import type { MarketSimulator } from '../domains/market/simulator.ts';
import { tradingEngine } from '../domains/trading/trading-engine.ts';
import {
  body,
  createTestApp,
  jpegImage,
  multipartBody,
  operator,
  verifiedInvestor,
  type TestApp,
} from '../test/harness.ts';
import { uniqueTestIban } from '../test/ibans.ts';
import { createIpoIssue, DAY, HOUR } from '../test/ipo-fixture.ts';
import { fundCash, instrument, TRADING_PASSWORD } from '../test/trading-fixture.ts';
import type { Dialect } from '../platform/db/database.ts';

/**
 * The world the abuse suite attacks: a victim investor who owns one of every resource (an open
 * order, a position, a deposit, a bank card, a pending withdrawal, an IPO subscription, a block
 * order, a loan application, fund holdings, notifications, a support chat with an image, identity
 * documents), an attacker investor with approved identity, money and a trading password of their
 * own, and operators of every role.
 */
export const WEBHOOK_SECRET = 'abuse-suite-webhook-secret-of-32-characters';

export const ABUSE_ENV = {
  LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
  SESSION_TTL_HOURS: '2000',
  TRADE_ORDERS_PER_MINUTE: '100000',
  MONEY_WRITES_PER_MINUTE: '100000',
  DUPLICATE_SUBMIT_WINDOW_MS: '0',
  MARKET_BACKFILL_DAYS: '0',
  MARKET_BACKFILL_INTRADAY_DAYS: '0',
  SANDBOX_WEBHOOK_DELAY_MS: '0',
  PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

export interface Res {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface Actor {
  token: string;
  phone: string;
  password: string;
  userId: number;
}

export interface Victim extends Actor {
  orderId: number;
  positionId: number;
  paymentId: number;
  cardId: number;
  withdrawalId: number;
  subscriptionIssueId: number;
  blockOrderId: number;
  loanId: number;
  messageId: number;
  attachmentId: number;
  conversationId: number;
}

export interface World {
  t: TestApp;
  victim: Victim;
  attacker: Actor & { cardId: number };
  ops: Record<'admin' | 'finance' | 'compliance' | 'support', { token: string }>;
  offerId: number;
  /** Every response the suite's requests got, checked for 5xx and leaks. */
  responses: Array<{ label: string; res: Res }>;
}

export const INSTRUMENT = 'ABU';

export async function request(
  w: World,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS',
  url: string,
  options: { token?: string; payload?: unknown; headers?: Record<string, string>; key?: string | null } = {},
): Promise<Res> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token !== undefined) headers.token = options.token;
  if (options.key) headers['idempotency-key'] = options.key;
  const res = await w.t.app.inject({
    method,
    url,
    headers,
    ...(options.payload === undefined
      ? {}
      : { payload: typeof options.payload === 'string' ? options.payload : (options.payload as object) }),
  });
  w.responses.push({ label: `${method} ${url}`, res });
  return res;
}

/** POST with a fresh Idempotency-Key, the way the apps send money writes. */
export const money = (w: World, url: string, token: string, payload: unknown, key: string = randomUUID()) =>
  request(w, 'POST', url, { token, payload, key });

function ok<T = Record<string, unknown>>(res: Res, what: string): T {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
  return body<T>(res).data;
}

export async function buildWorld(dialect: Dialect): Promise<World> {
  const t = await createTestApp(dialect, ABUSE_ENV);
  await t.ctx.database.transaction((trx) => insertInstrument(trx, instrument(INSTRUMENT, '10.00'), t.clock.nowMs()));
  const sim = t.ctx.market as MarketSimulator;
  await sim.start();
  await sim.printTrade(INSTRUMENT, parsePrice('10.00')!);
  await tradingEngine(t.ctx).matcher.idle();
  const ops = {
    admin: await operator(t, ['admin']),
    finance: await operator(t, ['finance']),
    compliance: await operator(t, ['compliance']),
    support: await operator(t, ['support']),
  };
  const passwordHash = await hashPassword(TRADING_PASSWORD);
  const w = { t, ops, responses: [] } as unknown as World;

  async function verifiedActor(realName: string): Promise<Actor> {
    const user = await verifiedInvestor(t, realName);
    await fundCash(t, user.userId, '50000.00');
    await t.ctx.database.db
      .updateTable('users')
      .set({ tradingPasswordHash: passwordHash })
      .where('id', '=', user.userId)
      .execute();
    return user;
  }
  const bindCard = async (token: string, holderName: string) =>
    Number(
      ok(
        await request(w, 'POST', '/api/wallet/cards', {
          token,
          payload: { bankName: 'Musterbank', branch: 'Berlin', holderName, iban: uniqueTestIban(), agree: true },
        }),
        'bind card',
      ).id,
    );

  const a = await verifiedActor('Erika Mustermann');
  const b = await verifiedActor('Max Mustermann');

  // Trading: a resting limit order far below the market, and a filled market buy (a position lot).
  const resting = ok(
    await money(w, '/api/trade/orders', a.token, {
      code: INSTRUMENT,
      side: 'buy',
      type: 'limit',
      lots: 1,
      limitPrice: '9.00',
      tradingPassword: TRADING_PASSWORD,
    }),
    'limit order',
  );
  const bought = ok(
    await money(w, '/api/trade/orders', a.token, {
      code: INSTRUMENT,
      side: 'buy',
      type: 'market',
      lots: 1,
      tradingPassword: TRADING_PASSWORD,
    }),
    'market order',
  );
  await tradingEngine(t.ctx).matcher.idle();
  const positionId = Number(bought.positionId);
  expect(positionId).toBeGreaterThan(0);

  // Wallet: a pending deposit, a bound card, a pending withdrawal.
  const deposit = ok(await money(w, '/api/wallet/deposits', a.token, { amount: '100.00', method: 'quick' }), 'deposit');
  const cardId = await bindCard(a.token, 'Erika Mustermann');
  const withdrawal = ok(
    await money(w, '/api/wallet/withdrawals', a.token, { cardId, amount: '100.00', tradingPassword: TRADING_PASSWORD }),
    'withdrawal',
  );

  // New shares: an open issue the victim subscribed to.
  const issue = await createIpoIssue(t, ops.admin.token);
  ok(
    await money(w, `/api/ipo/${issue.id}/subscribe`, a.token, { lots: 1, tradingPassword: TRADING_PASSWORD }),
    'subscribe',
  );

  // Block trades: an offer and the victim's pending order.
  const offer = ok<{ id: number }>(
    await request(w, 'POST', '/api/admin/blocktrade/offers', {
      token: ops.admin.token,
      payload: {
        code: INSTRUMENT,
        price: '9.50',
        minQuantity: 100,
        totalQuantity: 5000,
        startsAt: new Date(t.clock.nowMs() - HOUR).toISOString(),
        endsAt: new Date(t.clock.nowMs() + 30 * DAY).toISOString(),
      },
    }),
    'block offer',
  );
  const blockOrder = ok(
    await money(w, `/api/blocktrade/offers/${offer.id}/orders`, a.token, {
      quantity: 100,
      tradingPassword: TRADING_PASSWORD,
    }),
    'block order',
  );

  // Loans and the fund.
  const loan = ok(
    await money(w, '/api/loans', a.token, { amount: '1000.00', termDays: 30, purpose: 'New roof' }),
    'loan',
  );
  ok(await money(w, '/api/fund/purchase', a.token, { amount: '500.00', tradingPassword: TRADING_PASSWORD }), 'fund');

  // Notifications (identity approved, orders …) and a support chat with an image.
  const messages = ok<{ items: Array<{ id: number }> }>(
    await request(w, 'GET', '/api/messages', { token: a.token }),
    'messages',
  );
  const messageId = Number(messages.items[0]!.id);
  const form = multipartBody({}, { image: { filename: 'p.jpg', contentType: 'image/jpeg', data: await jpegImage() } });
  const attachment = ok(
    await request(w, 'POST', '/api/support/attachments', {
      token: a.token,
      headers: form.headers,
      payload: form.payload,
    }),
    'support attachment',
  );
  ok(
    await request(w, 'POST', '/api/support/messages', {
      token: a.token,
      payload: { text: 'My order is stuck', attachmentId: attachment.id },
    }),
    'support message',
  );
  const conversation = await t.ctx.database.db
    .selectFrom('supportConversations')
    .select('id')
    .where('userId', '=', a.userId)
    .executeTakeFirstOrThrow();

  w.victim = {
    ...a,
    orderId: Number(resting.id),
    positionId,
    paymentId: Number(deposit.id),
    cardId,
    withdrawalId: Number(withdrawal.id),
    subscriptionIssueId: issue.id,
    blockOrderId: Number(blockOrder.id),
    loanId: Number(loan.id),
    messageId,
    attachmentId: Number(attachment.id),
    conversationId: Number(conversation.id),
  };
  w.attacker = { ...b, cardId: await bindCard(b.token, 'Max Mustermann') };
  w.offerId = Number(offer.id);
  return w;
}

/**
 * What a refused request must leave as it was: every row of the tables that hold money, ownership
 * and what investors and operators see. Left out: sessions (last seen), throttles and nonces (a
 * refusal counts), stored Idempotency-Key answers (a refusal is stored as the key's answer), market
 * data the simulator writes.
 */
const SNAPSHOT_TABLES = [
  'users',
  'ledgerAccounts',
  'journalEntries',
  'postings',
  'holds',
  'orders',
  'positions',
  'positionSales',
  'bankCards',
  'payments',
  'paymentEvents',
  'withdrawals',
  'ipoIssues',
  'ipoSubscriptions',
  'blockOffers',
  'blockOrders',
  'loans',
  'loanRepayments',
  'fundOrders',
  'fundPositions',
  'kycSubmissions',
  'favorites',
  'invitations',
  'settings',
  'settingsChanges',
  'messages',
  'announcements',
  'newsArticles',
  'supportConversations',
  'supportMessages',
  'supportAttachments',
  'supportCannedReplies',
  'closureRequests',
  'creditPointEvents',
  'operators',
  'auditLog',
  'outbox',
] as const satisfies ReadonlyArray<keyof Database>;

export async function snapshot(t: TestApp): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of SNAPSHOT_TABLES) {
    const rows = await t.ctx.database.db.selectFrom(table).selectAll().execute();
    out[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

/** Stack frames, file paths, SQL and the names of the machinery behind the API. */
const LEAKS: RegExp[] = [
  /\n\s+at /,
  /\bat [\w.$<>]+ \(/,
  /node_modules/,
  /\/(work|home|tmp|usr|src)\//,
  /\.ts:\d+/,
  /\bselect\b[^"]{0,80}\bfrom\b/i,
  /\binsert into\b/i,
  /\bupdate \w+ set\b/i,
  /kysely/i,
  /sqlite/i,
  /postgres|\bpg_|syntax error at/i,
  /\b(journal_entries|ledger_accounts|idempotency_keys|bank_cards|block_orders|kyc_submissions|used_nonces|support_messages|operator_sessions)\b/,
  /SqliteError|DatabaseError|TypeError|ReferenceError|ZodError/,
];

export function expectNoLeak(label: string, res: Res) {
  expect(res.statusCode, `${label} answered ${res.statusCode}: ${res.body}`).toBeLessThan(500);
  for (const pattern of LEAKS) {
    expect(pattern.test(res.body), `${label} leaks ${pattern}: ${res.body.slice(0, 400)}`).toBe(false);
  }
  expect(res.headers['x-powered-by'], label).toBeUndefined();
}
