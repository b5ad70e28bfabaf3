import { compactDecrypt, exportJWK, generateKeyPair } from 'jose';

/**
 * A real RSA key pair standing in for the server's: tests serve the public half at
 * /api/user/publicKey and decrypt what the app sends with the private half.
 */
export async function createServerKeys() {
  const { publicKey, privateKey } = await generateKeyPair('RSA-OAEP-256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = 'test-key-1';
  return {
    publicKeyResponse: {
      kid,
      alg: 'RSA-OAEP-256',
      enc: 'A256GCM',
      jwk: { kty: 'RSA' as const, n: jwk.n!, e: jwk.e!, kid },
      pem: '-----BEGIN PUBLIC KEY-----\n(test)\n-----END PUBLIC KEY-----',
    },
    /** Decrypts a `{ query }` body and returns the JSON payload and the protected header. */
    async decrypt(query: string) {
      const { plaintext, protectedHeader } = await compactDecrypt(query, privateKey);
      return { payload: JSON.parse(new TextDecoder().decode(plaintext)) as Record<string, unknown>, protectedHeader };
    },
  };
}
