import { encryptCredentials } from '@bourse/shared/jwe';
import { getPublicKey } from './get-public-key';

/**
 * Encrypts credentials to the server's current public key (JWE, RSA-OAEP-256 + A256GCM, with iat and
 * a nonce) for the one-field `{ query }` body of login and register. The key is fetched each time,
 * so a rotated key is picked up at once.
 */
export async function encryptForServer(payload: Record<string, unknown>): Promise<{ query: string }> {
  const { jwk, kid } = await getPublicKey();
  return { query: await encryptCredentials(jwk, payload, { kid }) };
}
