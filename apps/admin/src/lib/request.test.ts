import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { catalogs } from '@bourse/shared/i18n/index';
import { fail, file, ok, stubApi } from '../test/api-stub.ts';
import { changeLanguage } from './i18n.ts';
import { ApiError, REQUEST_TIMEOUT_MS, request, requestBlob } from './request.ts';
import { TOKEN_STORAGE_KEY, getToken, setToken } from './session.ts';

const item = z.object({ id: z.number() });

beforeEach(async () => {
  await changeLanguage('fr');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('request', () => {
  it('sends the token and the console language, and returns validated data', async () => {
    const api = stubApi({ 'GET /api/admin/things': () => ok({ id: 7, extra: 'dropped' }) });
    setToken('t-1');

    await expect(request('/api/admin/things', { query: { page: 2, q: undefined }, schema: item })).resolves.toEqual({
      id: 7,
    });

    const [call] = api.requests;
    expect(call?.query.toString()).toBe('page=2');
    expect(call?.headers.get('token')).toBe('t-1');
    expect(call?.headers.get('lang')).toBe('fr');
    expect(call?.headers.get('accept-language')).toBe('fr');
    expect(call?.headers.get('content-type')).toBeNull();
  });

  it('rejects a failure envelope with its stable code and localized message', async () => {
    stubApi({ 'POST /api/admin/things': () => fail(409, 'INVITE_ALREADY_DISABLED', 'Déjà désactivé') });

    const error = await request('/api/admin/things', { method: 'POST', body: {}, schema: item }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'INVITE_ALREADY_DISABLED', msg: 'Déjà désactivé', status: 409 });
  });

  it('treats code ≠ 1 as a failure even with HTTP 200', async () => {
    stubApi({
      'GET /api/admin/things': () => ({ status: 200, body: { code: 0, error: 'CONFLICT', msg: 'Non', data: null } }),
    });

    await expect(request('/api/admin/things', { schema: item })).rejects.toMatchObject({
      code: 'CONFLICT',
      msg: 'Non',
    });
  });

  it('clears the operator session on a 401', async () => {
    stubApi({ 'GET /api/admin/things': () => fail(401, 'SESSION_EXPIRED', 'Session expirée') });
    setToken('t-expired');

    await expect(request('/api/admin/things', { schema: item })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('keeps a newer session when a late 401 answers a request made with an older token', async () => {
    stubApi({
      'GET /api/admin/things': () => {
        // The operator signed in again while this request was in flight.
        setToken('t-new');
        return fail(401, 'SESSION_EXPIRED', 'Session expirée');
      },
    });
    setToken('t-old');

    await expect(request('/api/admin/things', { schema: item })).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe('t-new');
  });

  it('does not end a session when sign-in itself answers 401', async () => {
    stubApi({ 'POST /api/admin/login': () => fail(401, 'TOTP_INVALID', 'Code erroné') });
    setToken('t-current');

    await expect(
      request('/api/admin/login', { method: 'POST', body: {}, schema: item, endsSessionOn401: false }),
    ).rejects.toMatchObject({ code: 'TOTP_INVALID' });
    expect(getToken()).toBe('t-current');
  });

  it('rejects data that does not match the schema', async () => {
    stubApi({ 'GET /api/admin/things': () => ok({ id: 'seven' }) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await expect(request('/api/admin/things', { schema: item })).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('gives up after 10 seconds with a timeout error', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );

    const pending = request('/api/admin/things', { schema: item }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    await expect(pending).resolves.toMatchObject({ code: 'TIMEOUT', status: 0 });
  });

  it('reports an unreachable server as a network error in the console language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    await expect(request('/api/admin/things', { schema: item })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      msg: catalogs.fr.common.networkError,
      status: 0,
    });
  });
});

describe('requestBlob', () => {
  it('fetches a private file with the token and returns its bytes', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const api = stubApi({ 'GET /api/admin/kyc/7/images/front': () => file(bytes, 'image/jpeg') });
    setToken('t-1');

    const blob = await requestBlob('/api/admin/kyc/7/images/front');

    expect(blob.type).toBe('image/jpeg');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(api.requests[0]?.headers.get('token')).toBe('t-1');
    expect(api.requests[0]?.headers.get('lang')).toBe('fr');
  });

  it('rejects a refusal with the server’s code and message, and ends the session on 401', async () => {
    stubApi({
      'GET /api/admin/kyc/7/images/front': () => fail(403, 'FORBIDDEN', 'Interdit'),
      'GET /api/admin/kyc/7/images/back': () => fail(401, 'SESSION_EXPIRED', 'Session expirée'),
    });
    setToken('t-1');

    await expect(requestBlob('/api/admin/kyc/7/images/front')).rejects.toMatchObject({
      code: 'FORBIDDEN',
      msg: 'Interdit',
      status: 403,
    });
    expect(getToken()).toBe('t-1');
    await expect(requestBlob('/api/admin/kyc/7/images/back')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
  });
});
