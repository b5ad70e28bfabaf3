import type { KeyObject } from 'node:crypto';
import { compactDecrypt, errors as joseErrors } from 'jose';
import type { z } from 'zod';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';
import type { JweKeys } from './keys.ts';
import type { NonceStore } from './nonce-store.ts';
import { parseInput } from './validation.ts';

/**
 * The private key a payload was sealed under, by the kid in its header: the current key or, during a
 * rotation, a previous one. A header without a kid is tried with the current key only; a kid that
 * names no configured key is refused (no trying every key).
 */
function decryptionKey(keys: JweKeys, kid: string | undefined): KeyObject {
  if (kid === undefined) return keys.privateKey;
  const key = keys.byKid.get(kid);
  if (!key) throw new joseErrors.JWKSNoMatchingKey();
  return key;
}

/**
 * Opens an encrypted credential envelope: decrypts (RSA-OAEP-256 + A256GCM only, under the key its
 * kid names), validates the payload against `schema`, refuses a stale `iat` and a replayed `nonce`
 * (nonces are claimed whatever key sealed them, so a rotation opens no replay window).
 */
export async function openEnvelope<S extends z.ZodType<{ iat: number; nonce: string }>>(
  jwe: string,
  schema: S,
  deps: { keys: JweKeys; nonces: NonceStore; clock: Clock; maxAgeSeconds: number },
): Promise<z.infer<S>> {
  let plaintext: Uint8Array;
  try {
    ({ plaintext } = await compactDecrypt(jwe, (header) => decryptionKey(deps.keys, header.kid), {
      keyManagementAlgorithms: ['RSA-OAEP-256'],
      contentEncryptionAlgorithms: ['A256GCM'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw new AppError('JWE_INVALID');
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext));
  } catch {
    throw new AppError('JWE_INVALID');
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json) || Object.hasOwn(json, '__proto__')) {
    throw new AppError('JWE_INVALID');
  }
  const parsed = parseInput(schema, json);
  if (parsed.error) throw parsed.error;
  const payload = parsed.value;
  const nowMs = deps.clock.nowMs();
  const ageSeconds = nowMs / 1000 - payload.iat;
  // A payload from the future beyond the same tolerance is as suspect as an old one.
  if (ageSeconds > deps.maxAgeSeconds || ageSeconds < -deps.maxAgeSeconds) throw new AppError('JWE_STALE');
  const expiresAtMs = (payload.iat + deps.maxAgeSeconds * 2) * 1000;
  if (!(await deps.nonces.claim(payload.nonce, expiresAtMs, nowMs))) throw new AppError('JWE_REPLAYED');
  return payload;
}
