import { compactDecrypt, exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { encryptCredentials } from './jwe.ts';

describe('encryptCredentials', () => {
  it('encrypts with RSA-OAEP-256 + A256GCM and adds iat and a fresh nonce', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RSA-OAEP-256', { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(publicKey);
    const a = await encryptCredentials(
      jwk,
      { username: '+4915100000000', password: 'x' },
      { kid: 'k1', nowMs: 1_700_000_000_500 },
    );
    const b = await encryptCredentials(
      jwk,
      { username: '+4915100000000', password: 'x' },
      { kid: 'k1', nowMs: 1_700_000_000_500 },
    );
    const { plaintext, protectedHeader } = await compactDecrypt(a, privateKey);
    expect(protectedHeader).toEqual({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'k1' });
    const payload = JSON.parse(new TextDecoder().decode(plaintext));
    expect(payload).toMatchObject({ username: '+4915100000000', password: 'x', iat: 1_700_000_000 });
    expect(payload.nonce).toMatch(/^[0-9a-f]{32}$/);
    const other = JSON.parse(new TextDecoder().decode((await compactDecrypt(b, privateKey)).plaintext));
    expect(other.nonce).not.toBe(payload.nonce);
  });
});
