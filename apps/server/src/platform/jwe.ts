import { compactDecrypt, errors as joseErrors } from 'jose';
import type { z } from 'zod';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';
import type { JweKeys } from './keys.ts';
import type { NonceStore } from './nonce-store.ts';
import { parseInput } from './validation.ts';

/**
 * Opens an encrypted credential envelope: decrypts (RSA-OAEP-256 + A256GCM only), validates the
 * payload against `schema`, refuses a stale `iat` and a replayed `nonce`.
 */
export async function openEnvelope<S extends z.ZodType<{ iat: number; nonce: string }>>(
  jwe: string,
  schema: S,
  deps: { keys: JweKeys; nonces: NonceStore; clock: Clock; maxAgeSeconds: number },
): Promise<z.infer<S>> {
  let plaintext: Uint8Array;
  try {
    ({ plaintext } = await compactDecrypt(jwe, deps.keys.privateKey, {
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
