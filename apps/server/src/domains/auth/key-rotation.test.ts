import { generateKeyPairSync } from 'node:crypto';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { encryptCredentials, makeNonce } from '@bourse/shared/jwe';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config.ts';
import { body, countRows, createTestApp, DIALECTS, investor, seal, type TestApp } from '../../test/harness.ts';

const newPem = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

interface PublicKey {
  jwk: JWK;
  kid: string;
}

const publicKey = async (t: TestApp) =>
  body<PublicKey>(await t.app.inject({ method: 'GET', url: '/api/user/publicKey' })).data;

const loginWith = (t: TestApp, query: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload: { query } });

const userInfo = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } });

/** Seals exactly `payload` (its own iat and nonce) under `key`, labelled with `kid` (or none). */
async function sealRaw(key: PublicKey, payload: Record<string, unknown>, kid: string | undefined) {
  const rsa = await importJWK(key.jwk, 'RSA-OAEP-256');
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', ...(kid === undefined ? {} : { kid }) })
    .encrypt(rsa);
}

describe.each(DIALECTS)('login key rotation on %s', (dialect) => {
  let oldPem: string;
  let currentPem: string;
  let t: TestApp | undefined;
  beforeAll(() => {
    oldPem = newPem();
    currentPem = newPem();
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const env = (keys: Record<string, string>) => ({ LOGIN_RATE_PER_IP_PER_MINUTE: '100000', ...keys });

  it('opens payloads sealed under the previous key while it is configured, refuses them once it is removed, and logs nobody out', async () => {
    t = await createTestApp(dialect, env({ JWE_PRIVATE_KEY: oldPem }));
    const user = await investor(t);
    const oldKey = await publicKey(t);
    // Sealed by clients that fetched the key just before the switch.
    const sealedBefore = await encryptCredentials(
      oldKey.jwk,
      { username: user.phone, password: user.password },
      { kid: oldKey.kid, nowMs: t.clock.nowMs() },
    );
    const sealedBeforeLate = await encryptCredentials(
      oldKey.jwk,
      { username: user.phone, password: user.password },
      { kid: oldKey.kid, nowMs: t.clock.nowMs() },
    );

    // Step 2 of the procedure: the new key is current, the old one still accepted.
    t = await t.restart(env({ JWE_PRIVATE_KEY: currentPem, JWE_ACCEPTED_PRIVATE_KEYS: oldPem }));
    const newKey = await publicKey(t);
    expect(newKey.kid).not.toBe(oldKey.kid);
    expect(newKey.jwk.kid).toBe(newKey.kid);
    expect((await userInfo(t, user.token)).statusCode).toBe(200);
    const underOld = await loginWith(t, sealedBefore);
    expect(underOld.statusCode).toBe(200);
    expect(body(underOld).data.userinfo.phone).toBe(user.phone);
    const replayed = await loginWith(t, sealedBefore);
    expect(replayed.statusCode).toBe(409);
    expect(body(replayed).error).toBe('JWE_REPLAYED');
    const underNew = await loginWith(t, await seal(t, { username: user.phone, password: user.password }));
    expect(underNew.statusCode).toBe(200);

    // Step 3: the window is over, the old key removed.
    t = await t.restart(env({ JWE_PRIVATE_KEY: currentPem }));
    expect((await publicKey(t)).kid).toBe(newKey.kid);
    const sessions = await countRows(t, 'sessions');
    const audit = await countRows(t, 'auditLog');
    const refused = await loginWith(t, sealedBeforeLate);
    expect(refused.statusCode).toBe(400);
    expect(body(refused).error).toBe('JWE_INVALID');
    expect(await countRows(t, 'sessions')).toBe(sessions);
    expect(await countRows(t, 'auditLog')).toBe(audit);
    // Every session made under either key survived both restarts.
    for (const token of [user.token, body(underOld).data.userinfo.token, body(underNew).data.userinfo.token]) {
      expect((await userInfo(t, token)).statusCode).toBe(200);
    }
  });

  it('refuses a kid that names no configured key, a payload labelled with the wrong kid, and an unlabelled one under the previous key', async () => {
    t = await createTestApp(dialect, env({ JWE_PRIVATE_KEY: oldPem }));
    const user = await investor(t);
    const oldKey = await publicKey(t);
    t = await t.restart(env({ JWE_PRIVATE_KEY: currentPem, JWE_ACCEPTED_PRIVATE_KEYS: oldPem }));
    const newKey = await publicKey(t);
    const payload = () => ({
      username: user.phone,
      password: user.password,
      iat: Math.floor(t!.clock.nowMs() / 1000),
      nonce: makeNonce(),
    });
    const sessions = await countRows(t, 'sessions');
    for (const query of [
      await sealRaw(newKey, payload(), 'no-such-key'),
      await sealRaw(oldKey, payload(), newKey.kid),
      await sealRaw(newKey, payload(), oldKey.kid),
      await sealRaw(oldKey, payload(), undefined),
    ]) {
      const res = await loginWith(t, query);
      expect(res.statusCode).toBe(400);
      expect(body(res).error).toBe('JWE_INVALID');
    }
    expect(await countRows(t, 'sessions')).toBe(sessions);
    // Unlabelled under the current key still opens, as before rotation existed.
    expect((await loginWith(t, await sealRaw(newKey, payload(), undefined))).statusCode).toBe(200);
  });

  it('refuses a nonce already used under the other key', async () => {
    t = await createTestApp(dialect, env({ JWE_PRIVATE_KEY: oldPem }));
    const user = await investor(t);
    const oldKey = await publicKey(t);
    t = await t.restart(env({ JWE_PRIVATE_KEY: currentPem, JWE_ACCEPTED_PRIVATE_KEYS: oldPem }));
    const newKey = await publicKey(t);
    const payload = {
      username: user.phone,
      password: user.password,
      iat: Math.floor(t.clock.nowMs() / 1000),
      nonce: makeNonce(),
    };
    expect((await loginWith(t, await sealRaw(oldKey, payload, oldKey.kid))).statusCode).toBe(200);
    const again = await loginWith(t, await sealRaw(newKey, payload, newKey.kid));
    expect(again.statusCode).toBe(409);
    expect(body(again).error).toBe('JWE_REPLAYED');
  });
});

describe('JWE_ACCEPTED_PRIVATE_KEYS', () => {
  it('takes several PEM keys one after another, and refuses anything else', () => {
    const two = `${newPem()}\n${newPem()}`;
    expect(loadConfig({ JWE_ACCEPTED_PRIVATE_KEYS: two }).JWE_ACCEPTED_PRIVATE_KEYS).toBe(two);
    for (const bad of [
      'not a key',
      `${newPem()}\ntrailing words`,
      '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
    ]) {
      expect(() => loadConfig({ JWE_ACCEPTED_PRIVATE_KEYS: bad })).toThrow(ConfigError);
    }
  });
});
