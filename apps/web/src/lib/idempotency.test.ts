import { describe, expect, it } from 'vitest';
import { ActionKeys, isOutcomeUnknown, newIdempotencyKey } from './idempotency';
import { RequestError } from './request-error';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The server's rule for the header (IDEMPOTENCY_KEY_PATTERN in apps/server/src/platform/money-command.ts). */
const SERVER_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

const refused = (status: number, errorCode: string) =>
  new RequestError('business', errorCode, { status, errorCode, notified: true });

describe('newIdempotencyKey', () => {
  it('gives a new random UUID each time, in the form the server accepts', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(UUID_V4);
      expect(key).toMatch(SERVER_KEY_PATTERN);
    }
  });

  it('builds the UUID from getRandomValues where randomUUID is missing (plain HTTP)', () => {
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { configurable: true, value: undefined });
    try {
      const key = newIdempotencyKey();
      expect(key).toMatch(UUID_V4);
      expect(newIdempotencyKey()).not.toBe(key);
    } finally {
      if (own) Object.defineProperty(crypto, 'randomUUID', own);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });
});

describe('isOutcomeUnknown', () => {
  it('is true for failures the server may not have answered', () => {
    expect(isOutcomeUnknown(new RequestError('timeout', 't'))).toBe(true);
    expect(isOutcomeUnknown(new RequestError('network', 'n'))).toBe(true);
    expect(isOutcomeUnknown(new RequestError('http', 'h', { status: 502 }))).toBe(true);
    expect(isOutcomeUnknown(new RequestError('duplicate', 'd'))).toBe(true);
    expect(isOutcomeUnknown(refused(500, 'INTERNAL'))).toBe(true);
    expect(isOutcomeUnknown(refused(429, 'RATE_LIMITED'))).toBe(true);
    expect(isOutcomeUnknown(refused(409, 'CONFLICT'))).toBe(true);
    expect(isOutcomeUnknown(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('is false for the server’s final answers', () => {
    expect(isOutcomeUnknown(refused(422, 'TRADING_PASSWORD_WRONG'))).toBe(false);
    expect(isOutcomeUnknown(refused(422, 'AMOUNT_EXCEEDS_WITHDRAWABLE'))).toBe(false);
    expect(isOutcomeUnknown(refused(409, 'DUPLICATE_SUBMIT'))).toBe(false);
    expect(isOutcomeUnknown(new RequestError('session', 's', { status: 401, errorCode: 'SESSION_EXPIRED' }))).toBe(
      false,
    );
  });
});

describe('ActionKeys', () => {
  const body = { cardId: 3, amount: '50.00', tradingPassword: '123456' };

  it('reuses the key when the same body is retried after a lost connection', () => {
    const keys = new ActionKeys();
    const first = keys.keyFor(body);
    keys.settle(new RequestError('network', 'offline'));
    // Field order does not make a different action.
    expect(keys.keyFor({ tradingPassword: '123456', amount: '50.00', cardId: 3 })).toBe(first);
  });

  it('gives a new key once the server has answered, whether it accepted or refused', () => {
    const keys = new ActionKeys();
    const first = keys.keyFor(body);
    keys.settle(refused(422, 'TRADING_PASSWORD_WRONG'));
    const second = keys.keyFor(body);
    expect(second).not.toBe(first);
    keys.settle();
    expect(keys.keyFor(body)).not.toBe(second);
  });

  it('gives a new key when the body changes, even after an unknown outcome', () => {
    const keys = new ActionKeys();
    const first = keys.keyFor(body);
    keys.settle(new RequestError('timeout', 'slow'));
    expect(keys.keyFor({ ...body, amount: '40.00' })).not.toBe(first);
  });
});
