import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { insertInstrument } from '../../apps/server/src/domains/market/instruments.service.ts';
import type { AppContext } from '../../apps/server/src/platform/context.ts';
import { hashPassword, sha256Hex } from '../../apps/server/src/platform/crypto.ts';

/** The instruments the order benchmarks buy, and the trading password of every bench investor. */
export const ORDER_CODES = ['BNA', 'BNB', 'BNC', 'BND', 'BNE'];
export const TRADING_PASSWORD = '135790';
/** 100,000,000.00 each: enough for every order of a run, a million orders included. */
export const CASH_MINOR = 100_000_000_00;

/**
 * Writes what the order benchmarks need into a fresh database: the simulated instruments, `users`
 * funded investors with a trading password, and a session each (valid for `sessionHours`). Returns
 * the session tokens.
 */
export async function prepareOrderInvestors(
  ctx: AppContext,
  options: { users: number; sessionHours?: number },
): Promise<string[]> {
  const tokens: string[] = [];
  const nowMs = ctx.clock.nowMs();
  const [loginHash, tradingHash] = await Promise.all([hashPassword('Bench12345'), hashPassword(TRADING_PASSWORD)]);
  await ctx.database.transaction(async (trx) => {
    for (const [i, code] of ORDER_CODES.entries()) {
      await insertInstrument(
        trx,
        {
          code,
          name: `Bench ${code}`,
          sector: 'technology',
          lotSize: 100,
          currency: ctx.config.CURRENCY,
          sharesOutstanding: 500_000_000,
          startPrice: `${10 + i * 7}.50`,
        },
        nowMs,
      );
    }
    for (let i = 0; i < options.users; i++) {
      const user = await trx
        .insertInto('users')
        .values({
          phone: `+4915190${String(i).padStart(6, '0')}`,
          passwordHash: loginHash,
          nickname: `bench ${i}`,
          avatar: null,
          email: null,
          lang: 'en',
          tradingPasswordHash: tradingHash,
          inviteCode: 'BENCH',
          createdAt: nowMs,
          updatedAt: nowMs,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const userId = Number(user.id);
      const token = randomBytes(32).toString('base64url');
      tokens.push(token);
      await trx
        .insertInto('sessions')
        .values({
          userId,
          tokenHash: sha256Hex(token),
          createdAt: nowMs,
          lastSeenAt: nowMs,
          expiresAt: nowMs + (options.sessionHours ?? 24) * 3_600_000,
          ip: null,
          userAgent: 'bench',
        })
        .execute();
      await ctx.ledger.post(trx, {
        idempotencyKey: `bench-funding:${userId}`,
        kind: 'deposit',
        postings: [
          { account: { system: 'bank_clearing' }, amountMinor: -CASH_MINOR },
          { account: { userId, kind: 'cash' }, amountMinor: CASH_MINOR },
        ],
      });
    }
  });
  return tokens;
}

/**
 * A wrk script (written to `file`) that places market buys: a session token per request in turn, an
 * instrument and 1–3 lots in turn, a fresh Idempotency-Key each (one wrk thread, so the counter is
 * unique; the prefix makes it unique across runs).
 */
export function orderLuaScript(file: string, tokens: readonly string[]): string {
  const prefix = randomBytes(6).toString('hex');
  writeFileSync(
    file,
    [
      `local tokens = { ${tokens.map((t) => `"${t}"`).join(', ')} }`,
      `local codes = { ${ORDER_CODES.map((c) => `"${c}"`).join(', ')} }`,
      'local n = 0',
      'request = function()',
      '  n = n + 1',
      `  local body = string.format('{"code":"%s","side":"buy","type":"market","lots":%d,"tradingPassword":"${TRADING_PASSWORD}"}', codes[(n % #codes) + 1], 1 + (n % 3))`,
      `  local headers = { ["content-type"] = "application/json", ["token"] = tokens[(n % #tokens) + 1], ["idempotency-key"] = "${prefix}-" .. n }`,
      '  return wrk.format("POST", "/api/trade/orders", headers, body)',
      'end',
    ].join('\n'),
  );
  return file;
}
