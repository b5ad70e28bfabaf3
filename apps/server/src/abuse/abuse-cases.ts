import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { signWebhook, SIGNATURE_HEADER } from '../platform/payment-provider.ts';
import { body, GOOD_PASSWORD, investor, jpegImage, login, multipartBody, nextPhone, seal } from '../test/harness.ts';
import { fundedTrader, TRADING_PASSWORD } from '../test/trading-fixture.ts';
import { INSTRUMENT, money, request, WEBHOOK_SECRET, type Res, type World } from './abuse-world.ts';

/**
 * The abuse suite's cases, one row each. A case sends one hostile request (after an optional
 * preparation that is not under test) and names the exact status and error code it must get. The
 * runner (abuse.test.ts) takes a snapshot of every money and ownership table before the request and
 * compares it after, and checks every answer for a 5xx or a leak. A case that writes by design (an
 * XSS payload stored as text, a new request under a reused key of another investor) says which
 * tables may change, and checks what was stored.
 */
export type Group =
  | 'idor'
  | 'mass-assignment'
  | 'prototype-pollution'
  | 'session'
  | 'brute-force'
  | 'replay'
  | 'upload'
  | 'xss'
  | 'sql-metacharacters'
  | 'input-validation'
  | 'cross-origin'
  | 'operator-authorization'
  | 'idempotency';

export interface AbuseCase {
  group: Group;
  name: string;
  /** Work before the snapshot, not under test (a second session, a first payment …). */
  prepare?: (w: World) => Promise<void>;
  send: (w: World) => Promise<Res>;
  status: number;
  /** The stable error code, or null for a 2xx answer. */
  error: string | null;
  /** The answer is not the JSON envelope (a file download). */
  raw?: boolean;
  /** Tables this case may change (by design); every other snapshot table must stay as it was. */
  changes?: string[];
  check?: (w: World, res: Res) => Promise<void> | void;
}

const XSS = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(document.cookie)</script>';
const SQL = `x' OR '1'='1' --`;
const SQL2 = `1; DROP TABLE users; --`;
const q = encodeURIComponent;

const get = (w: World, url: string, token?: string) => request(w, 'GET', url, { token });
const post = (w: World, url: string, token: string | undefined, payload?: unknown, headers?: Record<string, string>) =>
  request(w, 'POST', url, { token, payload, headers });
const rawJson = (w: World, method: 'POST' | 'PUT', url: string, token: string, json: string) =>
  request(w, method, url, { token, payload: json, headers: { 'content-type': 'application/json' } });
const upload = async (
  w: World,
  url: string,
  token: string,
  fields: Record<string, string>,
  files: Record<string, { filename: string; contentType: string; data: Buffer }>,
) => {
  const form = multipartBody(fields, files);
  return request(w, 'POST', url, { token, headers: form.headers, payload: form.payload });
};
const data = <T = Record<string, unknown>>(res: Res): T => body<T>(res).data;
type Payment = { id: number; checkoutUrl: string };
const JSON_TYPE = /^application\/json/;

/** One free-standing investor per case that needs a clean account of its own. */
const fresh = new Map<string, { token: string; phone: string; password: string }>();
const freshInvestor = async (w: World, name: string) => {
  const user = await investor(w.t);
  fresh.set(name, user);
  return user;
};
const freshOf = (name: string) => {
  const user = fresh.get(name);
  if (!user) throw new Error(`no prepared investor ${name}`);
  return user;
};
const scratch = new Map<string, unknown>();
const scratchOf = <T>(name: string) => scratch.get(name) as T;

export const CASES: AbuseCase[] = [
  // ── IDOR: the attacker's own session, the victim's ids ─────────────────────────────────────────
  {
    group: 'idor',
    name: 'position lot of another investor',
    send: (w) => get(w, `/api/trade/positions/${w.victim.positionId}`, w.attacker.token),
    status: 404,
    error: 'POSITION_NOT_FOUND',
  },
  {
    group: 'idor',
    name: 'cancel another investor’s open order',
    send: (w) => post(w, `/api/trade/orders/${w.victim.orderId}/cancel`, w.attacker.token),
    status: 404,
    error: 'ORDER_NOT_FOUND',
  },
  {
    group: 'idor',
    name: 'sell from another investor’s position lot',
    send: (w) =>
      money(w, '/api/trade/orders', w.attacker.token, {
        code: INSTRUMENT,
        side: 'sell',
        type: 'market',
        quantity: 100,
        positionId: w.victim.positionId,
        tradingPassword: TRADING_PASSWORD,
      }),
    status: 404,
    error: 'POSITION_NOT_FOUND',
  },
  {
    group: 'idor',
    name: 'another investor’s deposit',
    send: (w) => get(w, `/api/wallet/payments/${w.victim.paymentId}`, w.attacker.token),
    status: 404,
    error: 'NOT_FOUND',
  },
  {
    group: 'idor',
    name: 'unbind another investor’s bank card',
    send: (w) => request(w, 'DELETE', `/api/wallet/cards/${w.victim.cardId}`, { token: w.attacker.token }),
    status: 404,
    error: 'CARD_NOT_FOUND',
  },
  {
    group: 'idor',
    name: 'withdraw to another investor’s card',
    send: (w) =>
      money(w, '/api/wallet/withdrawals', w.attacker.token, {
        cardId: w.victim.cardId,
        amount: '100.00',
        tradingPassword: TRADING_PASSWORD,
      }),
    status: 404,
    error: 'CARD_NOT_FOUND',
  },
  {
    group: 'idor',
    name: 'pull money from another investor’s card',
    send: (w) => money(w, '/api/wallet/transfers', w.attacker.token, { cardId: w.victim.cardId, amount: '500.00' }),
    status: 404,
    error: 'CARD_NOT_FOUND',
  },
  {
    group: 'idor',
    name: 'another investor’s block order',
    send: (w) => get(w, `/api/blocktrade/orders/${w.victim.blockOrderId}`, w.attacker.token),
    status: 404,
    error: 'BLOCK_ORDER_NOT_FOUND',
  },
  {
    group: 'idor',
    name: 'another investor’s loan',
    send: (w) => get(w, `/api/loans/${w.victim.loanId}`, w.attacker.token),
    status: 404,
    error: 'LOAN_NOT_FOUND',
  },
  {
    group: 'idor',
    name: 'repay another investor’s loan',
    send: (w) =>
      money(w, `/api/loans/${w.victim.loanId}/repay`, w.attacker.token, {
        amount: '10.00',
        tradingPassword: TRADING_PASSWORD,
      }),
    status: 404,
    error: 'LOAN_NOT_FOUND',
  },
  {
    group: 'idor',
    name: 'mark another investor’s notification read',
    send: (w) => post(w, `/api/messages/${w.victim.messageId}/read`, w.attacker.token),
    status: 404,
    error: 'MESSAGE_NOT_FOUND',
  },
  {
    group: 'idor',
    name: 'another investor’s support image',
    send: (w) => get(w, `/api/support/attachments/${w.victim.attachmentId}`, w.attacker.token),
    status: 404,
    error: 'NOT_FOUND',
  },
  {
    group: 'idor',
    name: 'post another investor’s support image into one’s own chat',
    send: (w) => post(w, '/api/support/messages', w.attacker.token, { attachmentId: w.victim.attachmentId }),
    status: 404,
    error: 'NOT_FOUND',
  },
  {
    group: 'idor',
    name: 'IPO subscriptions list shows only one’s own',
    send: (w) => get(w, '/api/ipo/subscriptions', w.attacker.token),
    status: 200,
    error: null,
    check: (_w, res) => expect(data(res)).toMatchObject({ items: [], total: 0 }),
  },
  {
    group: 'idor',
    name: 'fund holdings are one’s own',
    send: (w) => get(w, '/api/fund', w.attacker.token),
    status: 200,
    error: null,
    check: (_w, res) => expect(JSON.stringify(data(res))).not.toContain('500.00'),
  },
  {
    group: 'idor',
    name: 'an owner id in the query of a list',
    send: (w) => get(w, `/api/trade/orders?userId=${w.victim.userId}`, w.attacker.token),
    status: 400,
    error: 'UNKNOWN_FIELD',
  },
  {
    group: 'idor',
    name: 'identity details with another investor’s id in the query give one’s own',
    send: (w) => get(w, `/api/user/authenticationDetail?userId=${w.victim.userId}`, w.attacker.token),
    status: 200,
    error: null,
    check: (_w, res) => expect(data(res)).toMatchObject({ status: 'approved', realName: 'Max Mustermann' }),
  },
  {
    group: 'idor',
    name: 'data export with another investor’s id in the query gives one’s own',
    send: (w) => get(w, `/api/user/export?userId=${w.victim.userId}`, w.attacker.token),
    status: 200,
    error: null,
    raw: true,
    check: (w, res) => {
      expect(res.body).toContain(w.attacker.phone);
      expect(res.body).not.toContain(w.victim.phone);
    },
  },
  {
    group: 'idor',
    name: 'identity document path traversal',
    send: (w) => get(w, `/api/user/authentication/images/${q('../../jwe-private.pem')}`, w.attacker.token),
    status: 400,
    error: 'VALIDATION_FAILED',
  },
  {
    group: 'idor',
    name: 'avatar path traversal',
    send: (w) => get(w, `/api/user/avatars/${q('../jwe-private.pem')}`),
    status: 404,
    error: 'NOT_FOUND',
  },
  {
    group: 'idor',
    name: 'another investor’s support conversation through the console route',
    send: (w) => get(w, `/api/admin/support/conversations/${w.victim.conversationId}`, w.attacker.token),
    status: 401,
    error: 'SESSION_EXPIRED',
  },

  // ── Mass assignment: fields the server owns ───────────────────────────────────────────────────
  ...(
    [
      ['userId', (w: World) => ({ nickname: 'Erika', userId: w.victim.userId })],
      ['kycStatus', () => ({ kycStatus: 'approved' })],
      ['role', () => ({ nickname: 'Root', role: 'admin' })],
      ['balance', () => ({ balance: '1000000.00' })],
      ['status, level, creditPoints', () => ({ status: 'active', level: 5, creditPoints: 1_000_000 })],
    ] as const
  ).map(([field, payload]): AbuseCase => ({
    group: 'mass-assignment',
    name: `profile with ${field}`,
    send: (w) => post(w, '/api/user/profile', w.attacker.token, payload(w)),
    status: 400,
    error: 'UNKNOWN_FIELD',
  })),
  {
    group: 'mass-assignment',
    name: 'deposit born succeeded',
    send: (w) =>
      money(w, '/api/wallet/deposits', w.attacker.token, { amount: '100.00', method: 'quick', status: 'succeeded' }),
    status: 400,
    error: 'UNKNOWN_FIELD',
  },
  {
    group: 'mass-assignment',
    name: 'order placed for another investor',
    send: (w) =>
      money(w, '/api/trade/orders', w.attacker.token, {
        code: INSTRUMENT,
        side: 'buy',
        type: 'market',
        lots: 1,
        userId: w.victim.userId,
        tradingPassword: TRADING_PASSWORD,
      }),
    status: 400,
    error: 'UNKNOWN_FIELD',
  },
  {
    group: 'mass-assignment',
    name: 'loan application born passed',
    send: (w) =>
      money(w, '/api/loans', w.attacker.token, { amount: '100.00', termDays: 30, purpose: 'Car', status: 'passed' }),
    status: 400,
    error: 'UNKNOWN_FIELD',
  },
  {
    group: 'mass-assignment',
    name: 'identity submission with kycStatus=approved',
    prepare: async (w) => void (await freshInvestor(w, 'kyc-mass')),
    send: async (w) => {
      const image = await jpegImage();
      return upload(
        w,
        '/api/user/authentication',
        freshOf('kyc-mass').token,
        { realName: 'Eve Angreifer', idNumber: 'L01X00T47', docType: 'id_card', kycStatus: 'approved' },
        {
          front: { filename: 'f.jpg', contentType: 'image/jpeg', data: image },
          back: { filename: 'b.jpg', contentType: 'image/jpeg', data: image },
        },
      );
    },
    status: 400,
    error: 'UNKNOWN_FIELD',
  },
  {
    group: 'mass-assignment',
    name: 'invitation with a chosen code and use count',
    send: (w) => post(w, '/api/admin/invitations', w.ops.admin.token, { maxUses: 1, code: 'ABCDEFGH', uses: -100 }),
    status: 400,
    error: 'UNKNOWN_FIELD',
  },

  // ── __proto__ and constructor keys ─────────────────────────────────────────────────────────────
  {
    group: 'prototype-pollution',
    name: '__proto__ in a profile body',
    send: (w) =>
      rawJson(w, 'POST', '/api/user/profile', w.attacker.token, '{"nickname":"x","__proto__":{"role":"admin"}}'),
    status: 400,
    error: 'MALFORMED_BODY',
  },
  {
    group: 'prototype-pollution',
    name: 'constructor.prototype in a profile body',
    send: (w) =>
      rawJson(w, 'POST', '/api/user/profile', w.attacker.token, '{"constructor":{"prototype":{"isAdmin":true}}}'),
    status: 400,
    error: 'MALFORMED_BODY',
  },
  {
    group: 'prototype-pollution',
    name: 'nested __proto__ in an order',
    send: (w) =>
      rawJson(
        w,
        'POST',
        '/api/trade/quote',
        w.attacker.token,
        `{"code":"${INSTRUMENT}","side":"buy","type":"market","lots":1,"x":{"__proto__":{"lots":1000}}}`,
      ),
    status: 400,
    error: 'MALFORMED_BODY',
  },
  {
    group: 'prototype-pollution',
    name: '__proto__ in the console’s settings',
    send: (w) => rawJson(w, 'PUT', '/api/admin/settings', w.ops.admin.token, '{"__proto__":{"minWithdrawal":"0.00"}}'),
    status: 400,
    error: 'MALFORMED_BODY',
  },
  {
    group: 'prototype-pollution',
    name: '__proto__ in a query string',
    send: (w) => get(w, '/api/trade/orders?__proto__[status]=open&constructor[prototype][x]=1', w.attacker.token),
    status: 400,
    error: 'UNKNOWN_FIELD',
    check: () => expect(({} as Record<string, unknown>).status).toBeUndefined(),
  },

  // ── Sessions and tokens ────────────────────────────────────────────────────────────────────────
  {
    group: 'session',
    name: 'token after logout',
    prepare: async (w) => {
      const user = await freshInvestor(w, 'logout');
      expect((await post(w, '/api/user/logout', user.token)).statusCode).toBe(200);
    },
    send: (w) => get(w, '/api/user/assets', freshOf('logout').token),
    status: 401,
    error: 'SESSION_EXPIRED',
  },
  {
    group: 'session',
    name: 'another session’s token after a password change',
    prepare: async (w) => {
      const user = await freshInvestor(w, 'changed');
      const second = body<{ userinfo: { token: string } }>(await login(w.t, user.phone, user.password)).data.userinfo
        .token;
      scratch.set('changed-second', second);
      const changed = await post(w, '/api/user/changePassword', user.token, {
        oldPassword: user.password,
        password: 'Another456',
        confirmPassword: 'Another456',
      });
      expect(changed.statusCode, changed.body).toBe(200);
    },
    send: (w) => get(w, '/api/user/assets', scratchOf<string>('changed-second')),
    status: 401,
    error: 'SESSION_EXPIRED',
  },
  {
    group: 'session',
    name: 'forged token (random 256 bits)',
    send: (w) => get(w, '/api/user/assets', randomBytes(32).toString('base64url')),
    status: 401,
    error: 'SESSION_EXPIRED',
  },
  {
    group: 'session',
    name: 'truncated token',
    send: (w) => get(w, '/api/user/assets', w.victim.token.slice(0, -1)),
    status: 401,
    error: 'SESSION_EXPIRED',
  },
  {
    group: 'session',
    name: 'over-long token',
    send: (w) => get(w, '/api/user/assets', w.victim.token + 'A'.repeat(4000)),
    status: 401,
    error: 'SESSION_EXPIRED',
  },
  {
    group: 'session',
    name: 'token in a cookie instead of the header',
    send: (w) => request(w, 'GET', '/api/user/assets', { headers: { cookie: `token=${w.victim.token}` } }),
    status: 401,
    error: 'UNAUTHORIZED',
  },
  {
    group: 'session',
    name: 'operator token on an investor route',
    send: (w) => get(w, '/api/user/assets', w.ops.admin.token),
    status: 401,
    error: 'SESSION_EXPIRED',
  },
  {
    group: 'session',
    name: 'operator token after the operator signed out',
    prepare: async (w) => {
      const { operator } = await import('../test/harness.ts');
      const op = await operator(w.t, ['admin']);
      expect((await post(w, '/api/admin/logout', op.token)).statusCode).toBe(200);
      scratch.set('op-logout', op.token);
    },
    send: (w) => get(w, '/api/admin/users', scratchOf<string>('op-logout')),
    status: 401,
    error: 'SESSION_EXPIRED',
  },

  // ── Brute force ────────────────────────────────────────────────────────────────────────────────
  {
    group: 'brute-force',
    name: 'login: five wrong passwords lock the account, the right one is then refused',
    prepare: async (w) => void (await freshInvestor(w, 'bf-login')),
    send: async (w) => {
      const user = freshOf('bf-login');
      for (let i = 0; i < 4; i += 1) {
        const res = await login(w.t, user.phone, `Wrong${i}pass1`);
        w.responses.push({ label: 'login wrong', res });
        expect(body(res).error).toBe('INVALID_CREDENTIALS');
      }
      const fifth = await login(w.t, user.phone, 'Wrong5pass1');
      w.responses.push({ label: 'login fifth', res: fifth });
      expect(body(fifth).error).toBe('ACCOUNT_LOCKED');
      const res = await login(w.t, user.phone, user.password);
      w.responses.push({ label: 'login right', res });
      return res;
    },
    status: 429,
    error: 'ACCOUNT_LOCKED',
  },
  {
    group: 'brute-force',
    name: 'login: an unknown phone locks the same way (no account enumeration)',
    send: async (w) => {
      const phone = nextPhone();
      let res: Res | undefined;
      for (let i = 0; i < 6; i += 1) {
        res = await login(w.t, phone, `Guess${i}word1`);
        w.responses.push({ label: 'login unknown', res });
      }
      return res!;
    },
    status: 429,
    error: 'ACCOUNT_LOCKED',
  },
  {
    group: 'brute-force',
    name: 'trading password: wrong codes lock it, the right one is then refused',
    prepare: async (w) => {
      const trader = await fundedTrader(w.t, '1000.00');
      scratch.set('bf-tp', trader);
    },
    send: async (w) => {
      const trader = scratchOf<{ token: string }>('bf-tp');
      const attempt = (password: string) =>
        money(w, '/api/fund/purchase', trader.token, { amount: '10.00', tradingPassword: password });
      for (let i = 0; i < 5; i += 1) await attempt(`00000${i}`);
      return attempt(TRADING_PASSWORD);
    },
    status: 429,
    error: 'TRADING_PASSWORD_LOCKED',
  },
  {
    group: 'brute-force',
    name: 'password reset code: guesses end in a lockout',
    prepare: async (w) => {
      const user = await freshInvestor(w, 'bf-reset');
      expect((await post(w, '/api/user/forgotPassword/code', undefined, { phone: user.phone })).statusCode).toBe(200);
    },
    send: async (w) => {
      const user = freshOf('bf-reset');
      let res: Res | undefined;
      for (let i = 0; i < 6; i += 1) {
        res = await post(w, '/api/user/forgotPassword', undefined, {
          phone: user.phone,
          code: String(100000 + i),
          password: 'Hijacked99',
          confirmPassword: 'Hijacked99',
        });
      }
      return res!;
    },
    changes: ['outbox'],
    status: 429,
    error: 'RESET_CODE_TOO_MANY_ATTEMPTS',
  },
  {
    group: 'brute-force',
    name: 'operator sign-in: wrong codes lock the operator',
    send: async (w) => {
      const { operator } = await import('../test/harness.ts');
      const op = await operator(w.t, ['finance']);
      let res: Res | undefined;
      for (let i = 0; i < 6; i += 1) {
        res = await post(w, '/api/admin/login', undefined, {
          username: op.username,
          password: op.password,
          totp: '000000',
        });
      }
      return res!;
    },
    // Every failed operator sign-in is audited (by design); a new operator and its session are rows too.
    changes: ['auditLog', 'operators'],
    status: 429,
    error: 'ACCOUNT_LOCKED',
  },

  // ── Replays ────────────────────────────────────────────────────────────────────────────────────
  {
    group: 'replay',
    name: 'a login JWE sent twice',
    prepare: async (w) => {
      const user = await freshInvestor(w, 'jwe-replay');
      const query = await seal(w.t, { username: user.phone, password: user.password });
      expect((await post(w, '/api/user/login', undefined, { query })).statusCode).toBe(200);
      scratch.set('jwe-replay', query);
    },
    send: (w) => post(w, '/api/user/login', undefined, { query: scratchOf<string>('jwe-replay') }),
    status: 409,
    error: 'JWE_REPLAYED',
  },
  {
    group: 'replay',
    name: 'a register JWE sent twice',
    prepare: async (w) => {
      const { newInvite } = await import('../test/harness.ts');
      const query = await seal(w.t, {
        phone: nextPhone(),
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
        inviteCode: await newInvite(w.t, 5),
        agree: true,
      });
      expect((await post(w, '/api/user/register', undefined, { query })).statusCode).toBe(200);
      scratch.set('jwe-register', query);
    },
    send: (w) => post(w, '/api/user/register', undefined, { query: scratchOf<string>('jwe-register') }),
    status: 409,
    error: 'JWE_REPLAYED',
  },
  {
    group: 'replay',
    name: 'a stale login JWE (two minutes old)',
    send: async (w) =>
      post(w, '/api/user/login', undefined, {
        query: await seal(w.t, { username: w.victim.phone, password: w.victim.password }, w.t.clock.nowMs() - 120_000),
      }),
    status: 400,
    error: 'JWE_STALE',
  },
  {
    group: 'replay',
    name: 'a tampered login JWE',
    send: async (w) => {
      const parts = (await seal(w.t, { username: w.victim.phone, password: w.victim.password })).split('.');
      const cipher = Buffer.from(parts[3]!, 'base64url');
      cipher[0] = cipher[0]! ^ 0xff;
      parts[3] = cipher.toString('base64url');
      return post(w, '/api/user/login', undefined, { query: parts.join('.') });
    },
    status: 400,
    error: 'JWE_INVALID',
  },
  {
    group: 'replay',
    name: 'a payment webhook delivered again',
    prepare: async (w) => {
      const payment = data<Payment>(
        await money(w, '/api/wallet/deposits', w.attacker.token, { amount: '200.00', method: 'quick' }),
      );
      const event = JSON.stringify({
        id: `evt_${randomUUID().replaceAll('-', '')}`,
        type: 'payment.succeeded',
        created: Math.floor(w.t.clock.nowMs() / 1000),
        data: {
          reference: String(payment.checkoutUrl).split('/').pop(),
          merchantReference: String(payment.id),
          amount: '200.00',
          currency: 'EUR',
        },
      });
      const signature = signWebhook(WEBHOOK_SECRET, event, Math.floor(w.t.clock.nowMs() / 1000));
      scratch.set('webhook', { event, signature });
      const first = await request(w, 'POST', '/api/payments/webhook', {
        payload: event,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      });
      expect(data(first)).toMatchObject({ outcome: 'applied' });
    },
    send: (w) => {
      const { event, signature } = scratchOf<{ event: string; signature: string }>('webhook');
      return request(w, 'POST', '/api/payments/webhook', {
        payload: event,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      });
    },
    status: 200,
    error: null,
    check: (_w, res) => expect(data(res)).toMatchObject({ outcome: 'duplicate' }),
  },
  {
    group: 'replay',
    name: 'a payment webhook with its amount raised under the old signature',
    send: (w) => {
      const { event, signature } = scratchOf<{ event: string; signature: string }>('webhook');
      return request(w, 'POST', '/api/payments/webhook', {
        payload: event.replace('"200.00"', '"20000.00"'),
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      });
    },
    status: 401,
    error: 'WEBHOOK_SIGNATURE_INVALID',
  },
  {
    group: 'replay',
    name: 'the sandbox approval of an already approved payment',
    prepare: async (w) => {
      const payment = data<Payment>(
        await money(w, '/api/wallet/deposits', w.attacker.token, { amount: '150.00', method: 'quick' }),
      );
      const reference = String(payment.checkoutUrl).split('/').pop()!;
      await post(w, `/api/payments/sandbox/${reference}/approve`, undefined);
      await w.t.ctx.sandbox!.flush();
      scratch.set('sandbox-ref', reference);
    },
    send: async (w) => {
      const res = await post(w, `/api/payments/sandbox/${scratchOf<string>('sandbox-ref')}/approve`, undefined);
      await w.t.ctx.sandbox!.flush();
      return res;
    },
    status: 409,
    error: 'CONFLICT',
  },

  // ── Uploads ────────────────────────────────────────────────────────────────────────────────────
  {
    group: 'upload',
    name: 'identity image over 8 MiB',
    prepare: async (w) => void (await freshInvestor(w, 'kyc-big')),
    send: async (w) =>
      upload(
        w,
        '/api/user/authentication',
        freshOf('kyc-big').token,
        { realName: 'Eve Angreifer', idNumber: 'L01X00T47', docType: 'id_card' },
        {
          front: {
            filename: 'f.jpg',
            contentType: 'image/jpeg',
            data: Buffer.concat([await jpegImage(), Buffer.alloc(8 * 1024 * 1024 + 1)]),
          },
          back: { filename: 'b.jpg', contentType: 'image/jpeg', data: await jpegImage() },
        },
      ),
    status: 413,
    error: 'PAYLOAD_TOO_LARGE',
  },
  {
    group: 'upload',
    name: 'identity image: a JPEG header on HTML and script',
    prepare: async (w) => void (await freshInvestor(w, 'kyc-polyglot')),
    send: async (w) =>
      upload(
        w,
        '/api/user/authentication',
        freshOf('kyc-polyglot').token,
        { realName: 'Eve Angreifer', idNumber: 'L01X00T47', docType: 'id_card' },
        {
          front: {
            filename: 'f.jpg',
            contentType: 'image/jpeg',
            data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`<html>${SCRIPT}</html>`)]),
          },
          back: { filename: 'b.jpg', contentType: 'image/jpeg', data: await jpegImage() },
        },
      ),
    status: 422,
    error: 'KYC_IMAGE_UNREADABLE',
  },
  {
    group: 'upload',
    name: 'avatar: an SVG with a script',
    send: (w) =>
      upload(
        w,
        '/api/user/editAvatar',
        w.attacker.token,
        {},
        {
          avatar: {
            filename: 'a.svg',
            contentType: 'image/svg+xml',
            data: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}</svg>`),
          },
        },
      ),
    status: 415,
    error: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    group: 'upload',
    name: 'avatar: a real JPEG with JavaScript after its end',
    send: async (w) =>
      upload(
        w,
        '/api/user/editAvatar',
        w.attacker.token,
        {},
        {
          avatar: {
            filename: 'a.jpg',
            contentType: 'image/jpeg',
            data: Buffer.concat([await jpegImage(), Buffer.from(`/*${SCRIPT}*/alert(1)`)]),
          },
        },
      ),
    status: 422,
    error: 'IMAGE_HAS_TRAILING_DATA',
  },
  {
    group: 'upload',
    name: 'support image: HTML labelled image/jpeg',
    send: (w) =>
      upload(
        w,
        '/api/support/attachments',
        w.attacker.token,
        {},
        { image: { filename: 'x.jpg', contentType: 'image/jpeg', data: Buffer.from(`<html>${SCRIPT}</html>`) } },
      ),
    status: 415,
    error: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    group: 'upload',
    name: 'a multipart body on a JSON route',
    send: (w) =>
      upload(
        w,
        '/api/user/profile',
        w.attacker.token,
        { nickname: 'x' },
        { file: { filename: 'x.html', contentType: 'text/html', data: Buffer.from(SCRIPT) } },
      ),
    status: 415,
    error: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    group: 'upload',
    name: 'a JSON body over the body limit',
    send: (w) =>
      rawJson(
        w,
        'POST',
        '/api/support/messages',
        w.attacker.token,
        JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) }),
      ),
    status: 413,
    error: 'PAYLOAD_TOO_LARGE',
  },

  // ── XSS payloads stored as text and given back as JSON ────────────────────────────────────────
  {
    group: 'xss',
    name: 'nickname',
    send: (w) => post(w, '/api/user/profile', w.attacker.token, { nickname: XSS }),
    status: 200,
    error: null,
    changes: ['users'],
    check: async (w) => {
      const info = await get(w, '/api/user/info', w.attacker.token);
      expect(info.headers['content-type']).toMatch(JSON_TYPE);
      expect(info.headers['x-content-type-options']).toBe('nosniff');
      expect(data<{ nickname: string }>(info).nickname).toBe(XSS);
    },
  },
  {
    group: 'xss',
    name: 'support chat message, as the operator reads it',
    send: (w) => post(w, '/api/support/messages', w.attacker.token, { text: `${SCRIPT}${XSS}` }),
    status: 200,
    error: null,
    changes: ['supportConversations', 'supportMessages'],
    check: async (w) => {
      const conversation = await w.t.ctx.database.db
        .selectFrom('supportConversations')
        .select('id')
        .where('userId', '=', w.attacker.userId)
        .executeTakeFirstOrThrow();
      const seen = await get(w, `/api/admin/support/conversations/${conversation.id}`, w.ops.support.token);
      expect(seen.headers['content-type']).toMatch(JSON_TYPE);
      expect(JSON.stringify(data(seen))).toContain(JSON.stringify(`${SCRIPT}${XSS}`).slice(1, -1));
    },
  },
  {
    group: 'xss',
    name: 'loan purpose and an operator’s rejection reason',
    send: async (w) => {
      const applied = await money(w, '/api/loans', w.attacker.token, { amount: '100.00', termDays: 30, purpose: XSS });
      expect(applied.statusCode, applied.body).toBe(200);
      scratch.set('xss-loan', data<Payment>(applied).id);
      return post(w, `/api/admin/loans/${data<Payment>(applied).id}/reject`, w.ops.finance.token, { reason: SCRIPT });
    },
    status: 200,
    error: null,
    changes: ['loans', 'messages', 'outbox', 'auditLog', 'creditPointEvents', 'users'],
    check: async (w) => {
      const loan = data(await get(w, `/api/loans/${scratchOf<number>('xss-loan')}`, w.attacker.token));
      expect(loan).toMatchObject({ purpose: XSS, status: 'rejected', reason: SCRIPT });
    },
  },
  {
    group: 'xss',
    name: 'bank card name and branch, and the sandbox checkout page that shows a transfer',
    send: async (w) => {
      const { uniqueTestIban } = await import('../test/ibans.ts');
      const card = await post(w, '/api/wallet/cards', w.attacker.token, {
        bankName: XSS,
        branch: SCRIPT,
        holderName: 'Max Mustermann',
        iban: uniqueTestIban(),
        agree: true,
      });
      expect(card.statusCode, card.body).toBe(200);
      scratch.set('xss-card', data<Payment>(card).id);
      return money(w, '/api/wallet/transfers', w.attacker.token, { cardId: data<Payment>(card).id, amount: '150.00' });
    },
    status: 200,
    error: null,
    changes: ['bankCards', 'payments'],
    check: async (w, res) => {
      const cards = data<Array<{ id: number; bankName: string }>>(await get(w, '/api/wallet/cards', w.attacker.token));
      expect(cards.find((c) => c.id === scratchOf<number>('xss-card'))?.bankName).toBe(XSS);
      const page = await get(w, data<Payment>(res).checkoutUrl);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('<script>alert');
      expect(page.body).not.toContain('<img src=x');
    },
  },
  {
    group: 'xss',
    name: 'news in Markdown with a script and an event handler (sanitized on save)',
    send: (w) =>
      post(w, '/api/admin/news/preview', w.ops.support.token, {
        bodyFormat: 'markdown',
        body: `# Hi\n\n${SCRIPT}\n\n${XSS}\n\n[click](javascript:alert(1))`,
      }),
    status: 200,
    error: null,
    check: (_w, res) => {
      const html = JSON.stringify(data(res));
      expect(html).not.toMatch(/<script|onerror|javascript:/i);
    },
  },
  {
    group: 'xss',
    name: 'a script in an unknown path is not reflected as HTML',
    send: (w) => get(w, `/api/${q(SCRIPT)}`),
    status: 404,
    error: 'NOT_FOUND',
    check: (_w, res) => {
      expect(res.headers['content-type']).toMatch(JSON_TYPE);
      expect(res.body).not.toContain('<script>');
    },
  },

  // ── SQL metacharacters in every query parameter of list and search endpoints ─────────────────
  ...(
    [
      // Free text: searched as text, nothing matches.
      ['/api/market/search', 'q', SQL, undefined, 200, null],
      ['/api/admin/users', 'q', SQL, 'admin', 200, null],
      ['/api/admin/instruments', 'q', SQL, 'admin', 200, null],
      ['/api/admin/orders', 'code', SQL, 'admin', 400, 'VALIDATION_FAILED'],
      ['/api/admin/orders', 'from', SQL2, 'admin', 400, 'VALIDATION_FAILED'],
      // Enumerations, numbers and dates: refused by the schema before any query.
      ['/api/market/instruments', 'board', SQL, undefined, 400, 'VALIDATION_FAILED'],
      ['/api/market/instruments', 'sort', SQL2, undefined, 400, 'VALIDATION_FAILED'],
      ['/api/market/instruments', 'page', SQL2, undefined, 400, 'VALIDATION_FAILED'],
      [`/api/market/instruments/${INSTRUMENT}/candles`, 'from', SQL, undefined, 400, 'VALIDATION_FAILED'],
      [`/api/market/instruments/${INSTRUMENT}/candles`, 'interval', SQL2, undefined, 400, 'VALIDATION_FAILED'],
      ['/api/trade/orders', 'status', SQL, 'investor', 400, 'VALIDATION_FAILED'],
      ['/api/trade/history', 'period', SQL, 'investor', 400, 'VALIDATION_FAILED'],
      ['/api/ipo', 'status', SQL, undefined, 400, 'VALIDATION_FAILED'],
      ['/api/wallet/records', 'direction', SQL, 'investor', 400, 'VALIDATION_FAILED'],
      ['/api/wallet/records', 'period', SQL2, 'investor', 400, 'VALIDATION_FAILED'],
      ['/api/news', 'category', SQL, undefined, 400, 'NEWS_CATEGORY_UNKNOWN'],
      ['/api/news', 'page', SQL2, undefined, 400, 'VALIDATION_FAILED'],
      ['/api/messages', 'pageSize', SQL2, 'investor', 400, 'VALIDATION_FAILED'],
      ['/api/members/points', 'page', SQL, 'investor', 400, 'VALIDATION_FAILED'],
      ['/api/fund/log', 'period', SQL, 'investor', 400, 'VALIDATION_FAILED'],
      ['/api/support/messages', 'before', SQL2, 'investor', 400, 'VALIDATION_FAILED'],
      ['/api/agreement', 'lang', SQL, undefined, 400, 'VALIDATION_FAILED'],
      ['/api/admin/kyc', 'status', SQL, 'compliance', 400, 'VALIDATION_FAILED'],
      ['/api/admin/withdrawals', 'status', SQL, 'admin', 400, 'VALIDATION_FAILED'],
      ['/api/admin/loans', 'status', SQL, 'admin', 400, 'VALIDATION_FAILED'],
      ['/api/admin/audit', 'page', SQL2, 'admin', 400, 'VALIDATION_FAILED'],
      ['/api/admin/news', 'category', SQL, 'admin', 400, 'VALIDATION_FAILED'],
    ] as const
  ).map(([path, param, value, who, status, error]): AbuseCase => ({
    group: 'sql-metacharacters',
    name: `${path} ?${param}=${value}`,
    send: (w) =>
      get(
        w,
        `${path}?${param}=${q(value)}`,
        who === 'investor' ? w.attacker.token : who === undefined ? undefined : w.ops[who].token,
      ),
    status,
    error,
    check: (_w, res) => {
      if (status !== 200) return;
      const found = data<unknown[] | { items: unknown[] }>(res);
      expect(Array.isArray(found) ? found : found.items).toEqual([]);
    },
  })),

  // ── Hostile values: NUL bytes in free text, numbers out of range, deep nesting ────────────────
  {
    group: 'input-validation',
    name: 'a NUL byte in a nickname',
    send: (w) => post(w, '/api/user/profile', w.attacker.token, { nickname: 'Max\u0000Admin' }),
    status: 400,
    error: 'VALIDATION_FAILED',
  },
  {
    group: 'input-validation',
    name: 'a NUL byte in a support message',
    send: (w) => post(w, '/api/support/messages', w.attacker.token, { text: 'hello\u0000world' }),
    status: 400,
    error: 'VALIDATION_FAILED',
  },
  {
    group: 'input-validation',
    name: 'a NUL byte in a loan purpose',
    send: (w) => money(w, '/api/loans', w.attacker.token, { amount: '100.00', termDays: 30, purpose: 'car\u0000' }),
    status: 400,
    error: 'VALIDATION_FAILED',
  },
  {
    group: 'input-validation',
    name: 'a NUL byte in a bank card’s branch',
    send: async (w) => {
      const { uniqueTestIban } = await import('../test/ibans.ts');
      return post(w, '/api/wallet/cards', w.attacker.token, {
        bankName: 'Bank',
        branch: 'Ber\u0000lin',
        holderName: 'Max Mustermann',
        iban: uniqueTestIban(),
        agree: true,
      });
    },
    status: 400,
    error: 'VALIDATION_FAILED',
  },
  {
    group: 'input-validation',
    name: 'a NUL byte in a closure reason',
    prepare: async (w) => void (await freshInvestor(w, 'closure-nul')),
    send: (w) => post(w, '/api/user/closure', freshOf('closure-nul').token, { reason: 'bye\u0000' }),
    status: 400,
    error: 'VALIDATION_FAILED',
  },
  {
    group: 'input-validation',
    name: 'a NUL byte in an operator’s rejection reason',
    send: (w) => post(w, `/api/admin/loans/${w.victim.loanId}/reject`, w.ops.finance.token, { reason: 'no\u0000' }),
    status: 400,
    error: 'VALIDATION_FAILED',
  },
  {
    group: 'input-validation',
    name: 'a NUL byte in a sign-in name (inside the JWE)',
    send: async (w) =>
      post(w, '/api/user/login', undefined, { query: await seal(w.t, { username: '+49\u0000151', password: 'x' }) }),
    status: 400,
    error: 'VALIDATION_FAILED',
  },
  {
    group: 'input-validation',
    name: 'a NUL byte in a real name (multipart)',
    prepare: async (w) => void (await freshInvestor(w, 'kyc-nul')),
    send: async (w) => {
      const image = await jpegImage();
      return upload(
        w,
        '/api/user/authentication',
        freshOf('kyc-nul').token,
        { realName: 'Eve\u0000Angreifer', idNumber: 'L01X00T47', docType: 'id_card' },
        {
          front: { filename: 'f.jpg', contentType: 'image/jpeg', data: image },
          back: { filename: 'b.jpg', contentType: 'image/jpeg', data: image },
        },
      );
    },
    status: 400,
    error: 'VALIDATION_FAILED',
  },
  {
    group: 'input-validation',
    name: 'a NUL byte in a search',
    send: (w) => get(w, `/api/market/search?q=${q('AB\u0000U')}`),
    status: 400,
    error: 'VALIDATION_FAILED',
  },
  {
    group: 'input-validation',
    name: 'a NUL byte in the console’s user search',
    send: (w) => get(w, `/api/admin/users?q=${q('49\u0000')}`, w.ops.admin.token),
    status: 400,
    error: 'VALIDATION_FAILED',
  },
  {
    group: 'input-validation',
    name: 'a NUL byte in a path parameter',
    send: (w) => get(w, `/api/market/instruments/${q('ABU\u0000')}`),
    status: 400,
    error: 'VALIDATION_FAILED',
  },
  {
    group: 'input-validation',
    name: 'a negative deposit',
    send: (w) => money(w, '/api/wallet/deposits', w.attacker.token, { amount: '-100.00', method: 'quick' }),
    status: 400,
    error: 'VALIDATION_FAILED',
  },
  {
    group: 'input-validation',
    name: 'a deposit of 10^20',
    send: (w) =>
      money(w, '/api/wallet/deposits', w.attacker.token, { amount: '100000000000000000000.00', method: 'quick' }),
    status: 400,
    error: 'VALIDATION_FAILED',
  },
  {
    group: 'input-validation',
    name: 'an order of 2^53 lots',
    send: (w) =>
      money(w, '/api/trade/orders', w.attacker.token, {
        code: INSTRUMENT,
        side: 'buy',
        type: 'market',
        lots: 2 ** 53,
        tradingPassword: TRADING_PASSWORD,
      }),
    status: 400,
    error: 'LOTS_TOO_LARGE',
  },
  {
    group: 'input-validation',
    name: 'a limit price of zero',
    send: (w) =>
      money(w, '/api/trade/orders', w.attacker.token, {
        code: INSTRUMENT,
        side: 'buy',
        type: 'limit',
        lots: 1,
        limitPrice: '0.0000',
        tradingPassword: TRADING_PASSWORD,
      }),
    status: 400,
    error: 'LIMIT_PRICE_INVALID',
  },
  {
    group: 'input-validation',
    name: 'a fund redemption above the balance',
    send: (w) => money(w, '/api/fund/redeem', w.attacker.token, { amount: '1.00', tradingPassword: TRADING_PASSWORD }),
    status: 422,
    error: 'FUND_REDEEM_ABOVE_BALANCE',
  },
  {
    group: 'input-validation',
    name: 'a withdrawal above what is withdrawable',
    send: (w) =>
      money(w, '/api/wallet/withdrawals', w.attacker.token, {
        cardId: w.attacker.cardId,
        amount: '9999999.00',
        tradingPassword: TRADING_PASSWORD,
      }),
    status: 422,
    error: 'AMOUNT_EXCEEDS_WITHDRAWABLE',
  },
  {
    group: 'input-validation',
    name: 'a page number past every row',
    send: (w) => get(w, '/api/messages?page=99999999999', w.attacker.token),
    status: 400,
    error: 'VALIDATION_FAILED',
  },
  {
    group: 'input-validation',
    name: 'JSON nested 100,000 deep with a constructor key',
    send: (w) =>
      rawJson(
        w,
        'POST',
        '/api/user/profile',
        w.attacker.token,
        `{"constructor":1,"nickname":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      ),
    status: 400,
    error: 'UNKNOWN_FIELD',
  },

  // ── Cross-origin requests ──────────────────────────────────────────────────────────────────────
  {
    group: 'cross-origin',
    name: 'preflight from a foreign origin gets no allow-origin',
    send: (w) =>
      request(w, 'OPTIONS', '/api/wallet/withdrawals', {
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'token, content-type, idempotency-key',
        },
      }),
    status: 404,
    error: 'NOT_FOUND',
    check: (_w, res) => {
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    },
  },
  {
    group: 'cross-origin',
    name: 'a read with a foreign Origin gets no allow-origin (the browser cannot read it)',
    send: (w) =>
      request(w, 'GET', '/api/user/assets', { token: w.victim.token, headers: { origin: 'https://evil.example' } }),
    status: 200,
    error: null,
    check: (_w, res) => expect(res.headers['access-control-allow-origin']).toBeUndefined(),
  },
  {
    group: 'cross-origin',
    name: 'a state change from a foreign origin carries no ambient credential',
    send: (w) =>
      request(w, 'POST', '/api/wallet/withdrawals', {
        headers: { origin: 'https://evil.example', cookie: `token=${w.victim.token}`, 'idempotency-key': randomUUID() },
        payload: { cardId: w.victim.cardId, amount: '100.00', tradingPassword: TRADING_PASSWORD },
      }),
    status: 401,
    error: 'UNAUTHORIZED',
  },
  {
    group: 'cross-origin',
    name: 'a form post (text/plain) from a foreign origin',
    send: (w) =>
      request(w, 'POST', '/api/user/profile', {
        token: w.attacker.token,
        headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
        payload: '{"nickname":"csrf"}',
      }),
    status: 415,
    error: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    group: 'cross-origin',
    name: 'a urlencoded form post from a foreign origin',
    send: (w) =>
      request(w, 'POST', '/api/loans', {
        token: w.attacker.token,
        headers: {
          origin: 'https://evil.example',
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': randomUUID(),
        },
        payload: 'amount=100.00&termDays=30&purpose=csrf',
      }),
    status: 415,
    error: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    group: 'cross-origin',
    name: 'sign-in sets no cookie',
    prepare: async (w) => void (await freshInvestor(w, 'cookie')),
    send: async (w) => {
      const user = freshOf('cookie');
      const res = await login(w.t, user.phone, user.password);
      w.responses.push({ label: 'login', res });
      return res;
    },
    status: 200,
    error: null,
    check: (_w, res) => expect(res.headers['set-cookie']).toBeUndefined(),
  },

  // ── Operator routes with an investor token and with a role too low ────────────────────────────
  ...(
    [
      ['GET', '/api/admin/users', 'investor', 401, 'SESSION_EXPIRED'],
      ['POST', '/api/admin/withdrawals/:withdrawal/pay', 'investor', 401, 'SESSION_EXPIRED'],
      ['POST', '/api/admin/kyc/:victim/approve', 'investor', 401, 'SESSION_EXPIRED'],
      ['GET', '/api/admin/users/:victim/positions', 'support', 403, 'FORBIDDEN'],
      ['POST', '/api/admin/withdrawals/:withdrawal/pay', 'support', 403, 'FORBIDDEN'],
      ['POST', '/api/admin/withdrawals/:withdrawal/pay', 'compliance', 403, 'FORBIDDEN'],
      ['POST', '/api/admin/loans/:loan/pass', 'compliance', 403, 'FORBIDDEN'],
      ['GET', '/api/admin/kyc/:victim/images/front', 'finance', 403, 'FORBIDDEN'],
      ['GET', '/api/admin/kyc/:victim/images/front', 'support', 403, 'FORBIDDEN'],
      ['POST', '/api/admin/clock/advance', 'finance', 403, 'FORBIDDEN'],
      ['PUT', '/api/admin/settings', 'support', 403, 'FORBIDDEN'],
      ['POST', '/api/admin/ipo/:issue/allocate', 'compliance', 403, 'FORBIDDEN'],
      ['GET', '/api/admin/audit', 'finance', 403, 'FORBIDDEN'],
      ['POST', '/api/admin/blocktrade/orders/:block/approve', 'support', 403, 'FORBIDDEN'],
      ['POST', '/api/admin/users/:victim/freeze', 'finance', 403, 'FORBIDDEN'],
      ['POST', '/api/admin/invitations', 'finance', 403, 'FORBIDDEN'],
      ['GET', '/api/admin/support/attachments/:attachment', 'compliance', 403, 'FORBIDDEN'],
    ] as const
  ).map(([method, template, who, status, error]): AbuseCase => ({
    group: 'operator-authorization',
    name: `${method} ${template} as ${who}`,
    send: (w) => {
      const url = template
        .replace(':withdrawal', String(w.victim.withdrawalId))
        .replace(':victim', String(w.victim.userId))
        .replace(':loan', String(w.victim.loanId))
        .replace(':issue', String(w.victim.subscriptionIssueId))
        .replace(':block', String(w.victim.blockOrderId))
        .replace(':attachment', String(w.victim.attachmentId));
      const token = who === 'investor' ? w.victim.token : w.ops[who].token;
      const payload = url.endsWith('/clock/advance') ? { ms: 86_400_000 } : url.endsWith('/settings') ? {} : undefined;
      return request(w, method, url, { token, payload });
    },
    status,
    error,
  })),

  // ── The same Idempotency-Key with another body ─────────────────────────────────────────────────
  {
    group: 'idempotency',
    name: 'deposit: the same key, another amount',
    prepare: async (w) => {
      const first = await money(
        w,
        '/api/wallet/deposits',
        w.attacker.token,
        { amount: '100.00', method: 'quick' },
        'abuse-dep-1',
      );
      expect(first.statusCode, first.body).toBe(200);
    },
    send: (w) =>
      money(w, '/api/wallet/deposits', w.attacker.token, { amount: '900.00', method: 'quick' }, 'abuse-dep-1'),
    status: 409,
    error: 'IDEMPOTENCY_KEY_REUSED',
  },
  {
    group: 'idempotency',
    name: 'order: the same key, more lots',
    prepare: async (w) => {
      const first = await money(
        w,
        '/api/trade/orders',
        w.attacker.token,
        {
          code: INSTRUMENT,
          side: 'buy',
          type: 'limit',
          lots: 1,
          limitPrice: '9.00',
          tradingPassword: TRADING_PASSWORD,
        },
        'abuse-order-1',
      );
      expect(first.statusCode, first.body).toBe(200);
    },
    send: (w) =>
      money(
        w,
        '/api/trade/orders',
        w.attacker.token,
        {
          code: INSTRUMENT,
          side: 'buy',
          type: 'limit',
          lots: 40,
          limitPrice: '9.00',
          tradingPassword: TRADING_PASSWORD,
        },
        'abuse-order-1',
      ),
    status: 409,
    error: 'IDEMPOTENCY_KEY_REUSED',
  },
  {
    group: 'idempotency',
    name: 'withdrawal: the same key, another card',
    prepare: async (w) => {
      const first = await money(
        w,
        '/api/wallet/withdrawals',
        w.attacker.token,
        { cardId: w.attacker.cardId, amount: '100.00', tradingPassword: TRADING_PASSWORD },
        'abuse-wd-1',
      );
      expect(first.statusCode, first.body).toBe(200);
    },
    send: (w) =>
      money(
        w,
        '/api/wallet/withdrawals',
        w.attacker.token,
        { cardId: w.victim.cardId, amount: '100.00', tradingPassword: TRADING_PASSWORD },
        'abuse-wd-1',
      ),
    status: 409,
    error: 'IDEMPOTENCY_KEY_REUSED',
  },
  {
    group: 'idempotency',
    name: 'another investor’s key is theirs alone: no stored answer crosses accounts',
    prepare: async (w) => {
      const first = await money(
        w,
        '/api/fund/purchase',
        w.victim.token,
        { amount: '10.00', tradingPassword: TRADING_PASSWORD },
        'abuse-shared-key',
      );
      expect(first.statusCode, first.body).toBe(200);
      scratch.set('victim-fund', data(first));
    },
    send: (w) =>
      money(
        w,
        '/api/fund/purchase',
        w.attacker.token,
        { amount: '10.00', tradingPassword: TRADING_PASSWORD },
        'abuse-shared-key',
      ),
    status: 200,
    error: null,
    changes: [
      'fundOrders',
      'fundPositions',
      'journalEntries',
      'postings',
      'holds',
      'ledgerAccounts',
      'messages',
      'outbox',
    ],
    check: (w, res) => expect(data(res)).not.toEqual(scratchOf('victim-fund')),
  },
  {
    group: 'idempotency',
    name: 'a money write without a key',
    send: (w) =>
      request(w, 'POST', '/api/fund/purchase', {
        token: w.attacker.token,
        payload: { amount: '10.00', tradingPassword: TRADING_PASSWORD },
      }),
    status: 400,
    error: 'IDEMPOTENCY_KEY_REQUIRED',
  },
];
