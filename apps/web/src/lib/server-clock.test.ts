import { SERVER_TIME_HEADER } from '@bourse/shared/server-time';
import { describe, expect, it, vi } from 'vitest';
import { failure, mockFetch, ok } from '../test/fetch-mock';
import { get } from './request';
import { recordServerTime, serverNow, serverOffsetMs } from './server-clock';

const DEVICE_NOW = Date.parse('2026-11-26T12:00:00.000Z');
const DAY = 86_400_000;

/** An answer stamped with the server's clock, as the server sends every API answer. */
function stamped(response: Response, serverMs: number): Response {
  response.headers.set(SERVER_TIME_HEADER, String(serverMs));
  return response;
}

describe('server clock', () => {
  it('is the device’s clock until an answer says otherwise', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(DEVICE_NOW);
    expect(serverOffsetMs()).toBe(0);
    expect(serverNow()).toBe(DEVICE_NOW);
  });

  it('learns the offset from every API answer, refusals included, and ignores a missing or bad stamp', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(DEVICE_NOW);
    let serverMs = DEVICE_NOW + 2 * DAY;
    mockFetch({
      'GET /api/stock/getconfig': () => stamped(ok({}), serverMs),
      'GET /api/user/info': () => stamped(failure(401, 'UNAUTHORIZED', 'Please log in'), serverMs),
      'GET /api/stock/kefu': () => ok({}),
    });
    await get('/api/stock/getconfig');
    // The sandbox clock is two days ahead of the device.
    expect(serverOffsetMs()).toBe(2 * DAY);
    expect(serverNow()).toBe(DEVICE_NOW + 2 * DAY);

    // An operator moves it another day: the next answer, even a refusal, carries it.
    serverMs += DAY;
    await get('/api/user/info').catch(() => undefined);
    expect(serverNow()).toBe(DEVICE_NOW + 3 * DAY);

    await get('/api/stock/kefu');
    recordServerTime('not a time', DEVICE_NOW);
    expect(serverNow()).toBe(DEVICE_NOW + 3 * DAY);
  });

  it('compares the stamp with the middle of the round trip', () => {
    // Sent at device 12:00:00.000, answered at 12:00:00.400; stamped 12:01:00.200 → 60 s ahead.
    recordServerTime(String(DEVICE_NOW + 60_200), DEVICE_NOW, DEVICE_NOW + 400);
    expect(serverOffsetMs()).toBe(60_000);
  });
});
