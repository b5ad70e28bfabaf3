import { getPublicKey } from './get-public-key';

/**
 * Encrypts credentials to the server's current public key (JWE, RSA-OAEP-256 + A256GCM, with iat and
 * a nonce) for the one-field `{ query }` body of login and register. The key is fetched each time,
 * so a rotated key is picked up at once. The JWE library is fetched with the key, on submit: it is not
 * part of the login screen's first load.
 */
export async function encryptForServer(payload: Record<string, unknown>): Promise<{ query: string }> {
  const [{ jwk, kid }, { encryptCredentials }] = await Promise.all([getPublicKey(), import('@bourse/shared/jwe')]);
  return { query: await encryptCredentials(jwk, payload, { kid }) };
}
