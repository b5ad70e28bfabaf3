import { CompactEncrypt, importJWK, type JWK } from 'jose';

export const JWE_ALG = 'RSA-OAEP-256';
export const JWE_ENC = 'A256GCM';

/** A random nonce for the freshness fields of an encrypted payload (128 bits, hex). */
export function makeNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Encrypts credentials for login or register under the server's public key. Adds `iat` (seconds)
 * and a fresh `nonce`, so the server can refuse stale or replayed envelopes. Works in browsers and Node.
 */
export async function encryptCredentials(
  publicJwk: JWK,
  payload: Record<string, unknown>,
  options: { kid?: string; nowMs?: number } = {},
): Promise<string> {
  const key = await importJWK(publicJwk, JWE_ALG);
  const body = {
    ...payload,
    iat: Math.floor((options.nowMs ?? Date.now()) / 1000),
    nonce: makeNonce(),
  };
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(body)))
    .setProtectedHeader({ alg: JWE_ALG, enc: JWE_ENC, ...(options.kid ? { kid: options.kid } : {}) })
    .encrypt(key);
}
