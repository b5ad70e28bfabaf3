import { parseAmount } from '@bourse/shared/money';
import { hashPassword } from '../platform/crypto.ts';
import type { NewInstrument } from '../domains/market/instruments.service.ts';
import { body, investor, type TestApp } from './harness.ts';

/** The configuration of a trading test app: no rate limits in the way, long sessions, exact prices. */
export const TRADING_TEST_ENV = {
  LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
  // Sessions outlive the days the clock is moved forward.
  SESSION_TTL_HOURS: '2000',
  TRADE_ORDERS_PER_MINUTE: '100000',
  DUPLICATE_SUBMIT_WINDOW_MS: '0',
  // No back-filled history: an instrument starts exactly at its start price.
  MARKET_BACKFILL_DAYS: '0',
  MARKET_BACKFILL_INTRADAY_DAYS: '0',
};

/** The trading password of every investor made by fundedTrader. */
export const TRADING_PASSWORD = '135790';
let tradingPasswordHash: Promise<string> | undefined;

/** A listed instrument of 100-share lots for trading tests, trading at `startPrice`. */
export const instrument = (code: string, startPrice: string, extra: Partial<NewInstrument> = {}): NewInstrument => ({
  code,
  name: `${code} AG`,
  sector: 'technology',
  lotSize: 100,
  currency: 'EUR',
  sharesOutstanding: 10_000_000,
  startPrice,
  ...extra,
});

/** Puts `cash` ("10000.00") into the investor's cash account: one deposit entry from bank clearing. */
export async function fundCash(t: TestApp, userId: number, cash: string): Promise<void> {
  const parsed = parseAmount(cash);
  if (parsed === null) throw new Error(`not an amount: ${cash}`);
  const minor: number = parsed;
  await t.ctx.database.transaction((trx) =>
    t.ctx.ledger.post(trx, {
      idempotencyKey: `test-funding:${userId}`,
      kind: 'deposit',
      postings: [
        { account: { system: 'bank_clearing' }, amountMinor: -minor },
        { account: { userId, kind: 'cash' }, amountMinor: minor },
      ],
    }),
  );
}

/**
 * A registered, signed-in investor with `cash` in their account (a deposit from bank clearing) and
 * the trading password TRADING_PASSWORD.
 */
export async function fundedTrader(t: TestApp, cash = '10000.00') {
  const user = await investor(t);
  const info = body<{ id: number }>(
    await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token: user.token } }),
  );
  const userId = info.data.id;
  await fundCash(t, userId, cash);
  // Set like POST /api/user/tradingPassword does (tested with the users), without its rate limit.
  tradingPasswordHash ??= hashPassword(TRADING_PASSWORD);
  await t.ctx.database.db
    .updateTable('users')
    .set({ tradingPasswordHash: await tradingPasswordHash })
    .where('id', '=', userId)
    .execute();
  return { ...user, userId };
}
