import { useState } from 'react';
import { RequestError } from './request-error';

/**
 * A fresh Idempotency-Key: a random (version 4) UUID. `crypto.randomUUID` exists only in secure
 * contexts (HTTPS, localhost); on a plain-HTTP address the same UUID is built from
 * `crypto.getRandomValues`, which every browser offers everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * True when the failed request may have been carried out by the server, or was never answered:
 * a timeout, a lost connection, an answer without an envelope (a proxy's error page), a server
 * fault or rate limit (the server frees the key for those), a key still being answered (409
 * CONFLICT), or a refusal by the client's own duplicate guard (nothing was sent). Retrying such an
 * action must reuse its key. Every other failure is the server's final answer to the action.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof RequestError)) return true;
  if (error.kind !== 'business' && error.kind !== 'session') return true;
  const status = error.status ?? 0;
  return status >= 500 || status === 429 || error.errorCode === 'CONFLICT';
}

/** The same object always gives the same text, whatever the order its fields were set in. */
function fingerprint(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${fingerprint(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The Idempotency-Key of one form's money action. A retry of the same action — the same body after
 * a failure whose outcome is unknown — gets the key of the first attempt, so the server carries the
 * action out at most once and replays its answer. A different body, or any attempt after the server
 * has answered, is a new action with a new key.
 */
export class ActionKeys {
  private open: { fingerprint: string; key: string } | null = null;

  /** The key to send this body with. */
  keyFor(body: unknown): string {
    const print = fingerprint(body);
    if (this.open?.fingerprint === print) return this.open.key;
    const key = newIdempotencyKey();
    this.open = { fingerprint: print, key };
    return key;
  }

  /** Records how the attempt ended: without an error (success) or with the error it failed with. */
  settle(error?: unknown): void {
    if (error === undefined || !isOutcomeUnknown(error)) this.open = null;
  }
}

/** One ActionKeys for the lifetime of a form. */
export function useActionKeys(): ActionKeys {
  const [keys] = useState(() => new ActionKeys());
  return keys;
}
