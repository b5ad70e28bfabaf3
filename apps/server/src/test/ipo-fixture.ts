import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { body, type TestApp } from './harness.ts';
import { fundedTrader, TRADING_PASSWORD } from './trading-fixture.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

let codeCounter = 0;

/**
 * Terms of an issue at 10.00 a share, 100-share lots (1,000.00 a lot), at most 5 lots, 500 public
 * lots, its window open from an hour ago for two days, relative to the test's clock.
 */
export function ipoTerms(t: TestApp, overrides: Record<string, unknown> = {}) {
  codeCounter += 1;
  const at = (offsetMs: number) => new Date(t.clock.nowMs() + offsetMs).toISOString();
  return {
    code: `IPO${codeCounter}`,
    name: `Neue Aktie ${codeCounter} AG`,
    applicationCode: `A${codeCounter}`,
    sector: 'technology',
    issuePrice: '10.00',
    issueQuantity: 100_000,
    publicQuantity: 50_000,
    totalShares: 1_000_000,
    lotSize: 100,
    maxLotsPerInvestor: 5,
    pe: '18.50',
    industryPe: '22.10',
    subscribeStart: at(-HOUR),
    subscribeEnd: at(2 * DAY),
    allocationAt: at(3 * DAY),
    listingAt: at(5 * DAY),
    ...overrides,
  };
}

/** Creates an issue through the console (`POST /api/admin/ipo`) with ipoTerms and the overrides. */
export async function createIpoIssue(t: TestApp, adminToken: string, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/ipo',
    headers: { token: adminToken },
    payload: ipoTerms(t, overrides),
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: number; code: string; status: string; seedHash: string | null }>(res).data;
}

/** A funded investor with a trading password and, unless told otherwise, approved identity. */
export async function ipoSubscriber(t: TestApp, cash = '10000.00', verified = true) {
  const user = await fundedTrader(t, cash);
  if (verified) {
    await t.ctx.database.db.updateTable('users').set({ kycStatus: 'approved' }).where('id', '=', user.userId).execute();
  }
  return user;
}

/** `POST /api/ipo/:id/subscribe` with the trading password of fundedTrader and a fresh key unless given. */
export function subscribeIpo(
  t: TestApp,
  token: string,
  issueId: number,
  payload: Record<string, unknown>,
  key: string = randomUUID(),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/ipo/${issueId}/subscribe`,
    headers: { token, 'idempotency-key': key },
    payload: { tradingPassword: TRADING_PASSWORD, ...payload },
  });
}
