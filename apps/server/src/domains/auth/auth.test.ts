import { CompactEncrypt, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@bourse/shared/i18n/index';
import {
  body,
  countRows,
  createTestApp,
  DIALECTS,
  GOOD_PASSWORD,
  investor,
  login,
  newInvite,
  nextPhone,
  register,
  seal,
  type TestApp,
} from '../../test/harness.ts';

describe.each(DIALECTS)('accounts and sessions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-IP limit has its own test below; here every request comes from the same inject address.
    t = await createTestApp(dialect, {
      LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
      RESET_CODE_RATE_PER_IP_PER_MINUTE: '100000',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('publishes a 2048-bit RSA key with e = 65537 for RSA-OAEP-256 + A256GCM', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/publicKey' });
    expect(res.statusCode).toBe(200);
    const { data, code } = body(res);
    expect(code).toBe(1);
    expect(data.alg).toBe('RSA-OAEP-256');
    expect(data.enc).toBe('A256GCM');
    expect(data.jwk.e).toBe('AQAB');
    expect(Buffer.from(data.jwk.n, 'base64url').length).toBe(256);
    expect(data.pem).toContain('BEGIN PUBLIC KEY');
    expect(data.kid).toBe(data.jwk.kid);
  });

  it('registers with an invitation code, logs in, reads the user, logs out; the token then gets 401', async () => {
    const invite = await newInvite(t, 1);
    const { response, phone } = await register(t, { inviteCode: invite });
    expect(response.statusCode).toBe(200);
    const registered = body(response);
    expect(registered).toMatchObject({ code: 1, msg: 'ok' });
    expect(registered.data.userinfo).toMatchObject({ phone, kycStatus: 'none', hasTradingPassword: false, lang: 'de' });
    expect(registered.data.userinfo).not.toHaveProperty('passwordHash');
    const expiresAt = Date.parse(registered.data.userinfo.expiresAt);
    expect(expiresAt - t.ctx.clock.nowMs()).toBe(t.ctx.config.SESSION_TTL_HOURS * 3_600_000);

    const res = await login(t, phone, GOOD_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { token } = body(res).data.userinfo;
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const stored = await t.ctx.database.db.selectFrom('sessions').select('tokenHash').execute();
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);

    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } });
    expect(info.statusCode).toBe(200);
    expect(body(info).data.phone).toBe(phone);

    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token } });
    expect(body(out)).toEqual({ code: 1, msg: 'ok', data: null });
    const after = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } });
    expect(after.statusCode).toBe(401);
    expect(body(after)).toMatchObject({ code: 401, error: 'SESSION_EXPIRED', data: null });
  });

  it('signs the investor in on registering: the answer’s token works on an authenticated route', async () => {
    const invite = await newInvite(t, 1);
    const { response, phone } = await register(t, { inviteCode: invite });
    const { token } = body(response).data.userinfo;
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const stored = await t.ctx.database.db.selectFrom('sessions').select('tokenHash').execute();
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } });
    expect(info.statusCode).toBe(200);
    expect(body(info).data.phone).toBe(phone);
  });

  it('accepts national formatting of the phone at login and normalizes it to E.164', async () => {
    const { phone } = await investor(t);
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
    const res = await login(t, spaced, GOOD_PASSWORD);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a missing, unknown or over-long token with HTTP 401 and body code 401', async () => {
    for (const headers of [{}, { token: 'nope' }, { token: 'x'.repeat(500) }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/info', headers });
      expect(res.statusCode).toBe(401);
      expect(body(res).code).toBe(401);
    }
  });

  describe('registration refuses bad input and changes nothing', () => {
    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      ['a wrong invitation code', { inviteCode: 'NOSUCHCODE1234' }, 422, 'INVITE_INVALID'],
      ['mismatched passwords', { confirmPassword: 'Other1234' }, 400, 'PASSWORD_MISMATCH'],
      ['a password without digits', { password: 'abcdefghij' }, 400, 'WEAK_PASSWORD'],
      ['a password shorter than 8', { password: 'abc123' }, 400, 'WEAK_PASSWORD'],
      ['an unaccepted agreement', { agree: false }, 400, 'AGREEMENT_REQUIRED'],
      ['a phone without country code', { phone: '015123456789' }, 400, 'INVALID_PHONE'],
      ['a phone that is not a number', { phone: '+49abc' }, 400, 'INVALID_PHONE'],
    ];
    it.each(cases)('%s', async (_name, fields, status, error) => {
      const invite = await newInvite(t, 1);
      const users = await countRows(t, 'users');
      const { response } = await register(t, { inviteCode: invite, ...fields });
      expect(response.statusCode).toBe(status);
      expect(body(response)).toMatchObject({ code: status, error, data: null });
      expect(body(response).msg).toBe(translate('de', `errors.${error}` as never));
      expect(await countRows(t, 'users')).toBe(users);
      const inv = await t.ctx.database.db
        .selectFrom('invitations')
        .select('uses')
        .where('code', '=', invite)
        .executeTakeFirstOrThrow();
      expect(inv.uses).toBe(0);
    });

    it('an already registered phone', async () => {
      const { phone } = await investor(t);
      const { response } = await register(t, { phone });
      expect(response.statusCode).toBe(409);
      expect(body(response).error).toBe('PHONE_TAKEN');
    });

    it('an invitation code that is used up', async () => {
      const invite = await newInvite(t, 1);
      expect((await register(t, { inviteCode: invite })).response.statusCode).toBe(200);
      const second = await register(t, { inviteCode: invite });
      expect(second.response.statusCode).toBe(422);
      expect(body(second.response).error).toBe('INVITE_INVALID');
    });

    it('accepts an invitation code typed in lower case with spaces', async () => {
      const invite = await newInvite(t, 1);
      const typed = `${invite.slice(0, 7).toLowerCase()} ${invite.slice(7)}`;
      expect((await register(t, { inviteCode: typed })).response.statusCode).toBe(200);
    });
  });

  describe('malformed requests get a clear error', () => {
    it('a missing body field, an extra field and a mistyped field', async () => {
      const missing = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(body(missing)).toMatchObject({ error: 'VALIDATION_FAILED' });
      expect(body(missing).msg).toContain('query');

      const extra = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { query: 'x', admin: true },
      });
      expect(extra.statusCode).toBe(400);
      expect(body(extra)).toMatchObject({ error: 'UNKNOWN_FIELD' });
      expect(body(extra).msg).toContain('admin');

      const typed = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { query: 42 } });
      expect(typed.statusCode).toBe(400);
      expect(body(typed).error).toBe('VALIDATION_FAILED');
    });

    it('extra and mistyped fields inside the encrypted payload', async () => {
      const extra = await seal(t, { username: nextPhone(), password: 'x', role: 'admin' });
      const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { query: extra } });
      expect(res.statusCode).toBe(400);
      expect(body(res).error).toBe('UNKNOWN_FIELD');

      const typed = await seal(t, {
        phone: 4915,
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
        inviteCode: 'X',
        agree: 'yes',
      });
      const res2 = await t.app.inject({ method: 'POST', url: '/api/user/register', payload: { query: typed } });
      expect(res2.statusCode).toBe(400);
      expect(body(res2).error).toBe('VALIDATION_FAILED');
    });

    it('a JWE that is garbage, under another key, or with another algorithm', async () => {
      const garbage = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { query: 'not.a.jwe.at.all' },
      });
      expect(garbage.statusCode).toBe(400);
      expect(body(garbage).error).toBe('JWE_INVALID');

      const { publicKey } = await generateKeyPair('RSA-OAEP-256', { modulusLength: 2048 });
      const plaintext = new TextEncoder().encode(
        JSON.stringify({
          username: '+4915100000000',
          password: 'x',
          iat: Math.floor(t.clock.nowMs() / 1000),
          nonce: 'n'.repeat(32),
        }),
      );
      const foreign = await new CompactEncrypt(plaintext)
        .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
        .encrypt(publicKey);
      const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { query: foreign } });
      expect(body(res).error).toBe('JWE_INVALID');

      const pk = body(await t.app.inject({ method: 'GET', url: '/api/user/publicKey' })).data;
      const { importJWK } = await import('jose');
      const serverKey = await importJWK(pk.jwk, 'RSA-OAEP');
      const weakAlg = await new CompactEncrypt(plaintext)
        .setProtectedHeader({ alg: 'RSA-OAEP', enc: 'A128GCM' })
        .encrypt(serverKey);
      const res2 = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { query: weakAlg } });
      expect(body(res2).error).toBe('JWE_INVALID');
    });

    it('a replayed JWE is refused, and a stale one too', async () => {
      const { phone } = await investor(t);
      const query = await seal(t, { username: phone, password: GOOD_PASSWORD });
      const first = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { query } });
      expect(first.statusCode).toBe(200);
      const replay = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { query } });
      expect(replay.statusCode).toBe(409);
      expect(body(replay).error).toBe('JWE_REPLAYED');

      const stale = await seal(t, { username: phone, password: GOOD_PASSWORD }, t.clock.nowMs() - 61_000);
      const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { query: stale } });
      expect(res.statusCode).toBe(400);
      expect(body(res).error).toBe('JWE_STALE');

      const future = await seal(t, { username: phone, password: GOOD_PASSWORD }, t.clock.nowMs() + 120_000);
      expect(
        body(await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { query: future } })).error,
      ).toBe('JWE_STALE');
    });

    it('an oversized body gets 413 and __proto__ keys get 400, before anything runs', async () => {
      const users = await countRows(t, 'users');
      const big = await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ query: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(big.statusCode).toBe(413);
      expect(body(big).error).toBe('PAYLOAD_TOO_LARGE');

      const proto = await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"query":"x","__proto__":{"admin":true}}',
      });
      expect(proto.statusCode).toBe(400);
      expect(body(proto).error).toBe('MALFORMED_BODY');

      const protoInside = await seal(t, JSON.parse('{"username":"+4915100000001","password":"x","__proto__":{"a":1}}'));
      const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { query: protoInside } });
      expect(res.statusCode).toBe(400);
      expect(await countRows(t, 'users')).toBe(users);
    });

    it('broken JSON and a wrong content type', async () => {
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"query":',
      });
      expect(broken.statusCode).toBe(400);
      expect(body(broken).error).toBe('MALFORMED_BODY');
      const xml = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<query/>',
      });
      expect(xml.statusCode).toBe(415);
      expect(body(xml).error).toBe('UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('login', () => {
    it('answers an unknown phone exactly like a wrong password, in similar time', async () => {
      const { phone } = await investor(t);
      const timings = { unknown: [] as number[], wrong: [] as number[] };
      const answers = new Set<string>();
      for (let i = 0; i < 4; i++) {
        for (const [kind, username] of [
          ['unknown', nextPhone()],
          ['wrong', phone],
        ] as const) {
          const query = await seal(t, { username, password: 'Wrong1234' });
          const started = performance.now();
          const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { query } });
          timings[kind].push(performance.now() - started);
          answers.add(`${res.statusCode} ${res.body}`);
        }
      }
      expect(answers.size).toBe(1);
      expect([...answers][0]).toContain('INVALID_CREDENTIALS');
      // Both paths run one argon2id verification (tens of ms); without the dummy verification an unknown
      // phone would answer in about a millisecond. The fastest of four runs (a fifth failure would lock the phone) filters scheduling noise.
      const ratio = Math.min(...timings.unknown) / Math.min(...timings.wrong);
      expect(ratio).toBeGreaterThan(1 / 3);
      expect(ratio).toBeLessThan(3);
    });

    it('locks a phone for 15 minutes after 5 failures, known or unknown, then lets the right password in', async () => {
      const { phone } = await investor(t);
      for (let i = 1; i <= 4; i++) {
        expect(body(await login(t, phone, 'Wrong1234')).error).toBe('INVALID_CREDENTIALS');
      }
      const fifth = await login(t, phone, 'Wrong1234');
      expect(fifth.statusCode).toBe(429);
      expect(body(fifth).error).toBe('ACCOUNT_LOCKED');
      const locked = await login(t, phone, GOOD_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(body(locked).msg).toBe(translate('de', 'errors.ACCOUNT_LOCKED', { minutes: 15 }));

      t.clock.advance(14 * 60_000);
      expect((await login(t, phone, GOOD_PASSWORD)).statusCode).toBe(429);
      t.clock.advance(60_000 + 1);
      expect((await login(t, phone, GOOD_PASSWORD)).statusCode).toBe(200);

      const stranger = nextPhone();
      for (let i = 1; i <= 5; i++) await login(t, stranger, 'Wrong1234');
      expect(body(await login(t, stranger, 'Wrong1234')).error).toBe('ACCOUNT_LOCKED');
    });

    it('expires sessions after SESSION_TTL_HOURS', async () => {
      const { token } = await investor(t);
      t.clock.advance(11 * 3_600_000);
      expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } })).statusCode).toBe(200);
      t.clock.advance(3_600_000);
      const res = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } });
      expect(res.statusCode).toBe(401);
      expect(body(res)).toMatchObject({ code: 401, error: 'SESSION_EXPIRED' });
    });
  });

  describe('forgot password', () => {
    async function latestOutbox(phone: string) {
      return t.ctx.database.db
        .selectFrom('outbox')
        .selectAll()
        .where('recipient', '=', phone)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    }
    const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

    it('sends a 6-digit code in the user’s language, resets once, revokes every session', async () => {
      const { phone, token } = await investor(t);
      await t.ctx.database.db.updateTable('users').set({ lang: 'fr' }).where('phone', '=', phone).execute();
      const res = await t.app.inject({ method: 'POST', url: '/api/user/forgotPassword/code', payload: { phone } });
      expect(body(res)).toEqual({ code: 1, msg: 'ok', data: null });
      const sms = await latestOutbox(phone);
      expect(sms?.channel).toBe('sms');
      const code = codeOf(sms!.body);
      expect(code).toMatch(/^\d{6}$/);
      expect(sms!.body).toBe(translate('fr', 'notify.resetCodeSms', { code, minutes: 10 }));

      const wrong = code === '000000' ? '000001' : '000000';
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/user/forgotPassword',
        payload: { phone, code: wrong, password: 'NewSecret9', confirmPassword: 'NewSecret9' },
      });
      expect(bad.statusCode).toBe(422);
      expect(body(bad).error).toBe('RESET_CODE_INVALID');

      const good = await t.app.inject({
        method: 'POST',
        url: '/api/user/forgotPassword',
        payload: { phone, code, password: 'NewSecret9', confirmPassword: 'NewSecret9' },
      });
      expect(good.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } })).statusCode).toBe(401);
      expect((await login(t, phone, GOOD_PASSWORD)).statusCode).toBe(401);
      expect((await login(t, phone, 'NewSecret9')).statusCode).toBe(200);

      const again = await t.app.inject({
        method: 'POST',
        url: '/api/user/forgotPassword',
        payload: { phone, code, password: 'Another99x', confirmPassword: 'Another99x' },
      });
      expect(body(again).error).toBe('RESET_CODE_INVALID');
    });

    it('answers an unknown phone the same way and sends nothing', async () => {
      const phone = nextPhone();
      const outbox = await countRows(t, 'outbox');
      const res = await t.app.inject({ method: 'POST', url: '/api/user/forgotPassword/code', payload: { phone } });
      expect(body(res)).toEqual({ code: 1, msg: 'ok', data: null });
      expect(await countRows(t, 'outbox')).toBe(outbox);
      const cooldown = await t.app.inject({ method: 'POST', url: '/api/user/forgotPassword/code', payload: { phone } });
      expect(cooldown.statusCode).toBe(429);
    });

    it('limits attempts and expires codes', async () => {
      const { phone } = await investor(t);
      await t.app.inject({ method: 'POST', url: '/api/user/forgotPassword/code', payload: { phone } });
      const code = codeOf((await latestOutbox(phone))!.body);
      const wrong = code === '111111' ? '222222' : '111111';
      const attempt = (c: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/forgotPassword',
          payload: { phone, code: c, password: 'NewSecret9', confirmPassword: 'NewSecret9' },
        });
      for (let i = 1; i <= 4; i++) expect(body(await attempt(wrong)).error).toBe('RESET_CODE_INVALID');
      expect(body(await attempt(wrong)).error).toBe('RESET_CODE_TOO_MANY_ATTEMPTS');
      expect(body(await attempt(code)).error).toBe('RESET_CODE_TOO_MANY_ATTEMPTS');

      t.clock.advance(61_000);
      await t.app.inject({ method: 'POST', url: '/api/user/forgotPassword/code', payload: { phone } });
      const fresh = codeOf((await latestOutbox(phone))!.body);
      t.clock.advance(10 * 60_000 + 1);
      expect(body(await attempt(fresh)).error).toBe('RESET_CODE_EXPIRED');
    });

    it('refuses a code that is not 6 digits', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/forgotPassword',
        payload: { phone: nextPhone(), code: '12ab56', password: 'NewSecret9', confirmPassword: 'NewSecret9' },
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).error).toBe('VALIDATION_FAILED');
    });
  });

  describe('change password', () => {
    it('needs the current password, then revokes every session', async () => {
      const { token, phone } = await investor(t);
      const second = body(await login(t, phone, GOOD_PASSWORD)).data.userinfo.token;
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/user/changePassword',
        headers: { token },
        payload: { oldPassword: 'Nope12345', password: 'Changed123', confirmPassword: 'Changed123' },
      });
      expect(wrong.statusCode).toBe(422);
      expect(body(wrong).error).toBe('OLD_PASSWORD_WRONG');
      const mismatch = await t.app.inject({
        method: 'POST',
        url: '/api/user/changePassword',
        headers: { token },
        payload: { oldPassword: GOOD_PASSWORD, password: 'Changed123', confirmPassword: 'Changed124' },
      });
      expect(body(mismatch).error).toBe('PASSWORD_MISMATCH');
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/user/changePassword',
        headers: { token },
        payload: { oldPassword: GOOD_PASSWORD, password: 'Changed123', confirmPassword: 'Changed123' },
      });
      expect(ok.statusCode).toBe(200);
      for (const tk of [token, second]) {
        expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token: tk } })).statusCode).toBe(
          401,
        );
      }
      expect((await login(t, phone, 'Changed123')).statusCode).toBe(200);
    });
  });

  describe('profile, config, support, agreement', () => {
    it('changes the language and nickname; refuses an unknown language', async () => {
      const { token } = await investor(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/profile',
        headers: { token },
        payload: { lang: 'zh-TW', nickname: 'Anna' },
      });
      expect(body(res).data).toMatchObject({ lang: 'zh-TW', nickname: 'Anna' });
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/user/profile',
        headers: { token },
        payload: { lang: 'xx' },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('serves the public configuration with kf_url without a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/stock/getconfig' });
      expect(res.statusCode).toBe(200);
      const data = body(res).data;
      // No external address configured: the built-in chat.
      expect(data.kf_url).toBe('#/customerService');
      expect(data.languages).toHaveLength(12);
      expect(data.defaultLanguage).toBe('de');
      expect(data.minWithdrawal).toMatch(/^\d+\.\d{2}$/);
      expect(data.currency).toBe('EUR');
    });

    it('tells whether customer service is online from the clock', async () => {
      const { token } = await investor(t);
      const res = await t.app.inject({ method: 'GET', url: '/api/stock/kefu', headers: { token } });
      expect(body(res).data).toMatchObject({ url: '#/customerService', online: expect.any(Boolean) });
    });

    it('serves the agreement in the requested language', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/agreement?lang=el' });
      const data = body(res).data;
      expect(data.lang).toBe('el');
      expect(data.title).toBe(translate('el', 'agreement.title'));
      expect(data.sections.length).toBe(8);
      expect(new Date(data.updated).toISOString()).toBe(data.updated);
      const bad = await t.app.inject({ method: 'GET', url: '/api/agreement?lang=klingon' });
      expect(bad.statusCode).toBe(400);
    });
  });

  it('localizes error messages by the lang header, then accept-language, defaulting to German', async () => {
    const ask = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user/info', headers });
    expect(body(await ask({})).msg).toBe(translate('de', 'errors.UNAUTHORIZED'));
    expect(body(await ask({ lang: 'fr' })).msg).toBe(translate('fr', 'errors.UNAUTHORIZED'));
    expect(body(await ask({ 'accept-language': 'zh-HK,zh;q=0.8' })).msg).toBe(
      translate('zh-TW', 'errors.UNAUTHORIZED'),
    );
    expect(body(await ask({ lang: 'sv', 'accept-language': 'ru' })).msg).toBe(translate('sv', 'errors.UNAUTHORIZED'));
    expect(body(await ask({ 'accept-language': 'ja, ru;q=0.5' })).msg).toBe(translate('ru', 'errors.UNAUTHORIZED'));
    expect(translate('fr', 'errors.UNAUTHORIZED')).not.toBe(translate('de', 'errors.UNAUTHORIZED'));
  });
});
