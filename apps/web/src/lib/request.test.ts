import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { failure, json, mockFetch, never, ok } from '../test/fetch-mock';
import { DUPLICATE_WINDOW_MS, REQUEST_TIMEOUT_MS, get, post, put, request } from './request';
import { RequestError } from './request-error';
import { TOKEN_STORAGE_KEY, useSessionStore } from './session-store';

const user = {
  id: 7,
  phone: '+4915123456789',
  nickname: 'Ada',
  avatar: null,
  lang: 'en' as const,
  kycStatus: 'none' as const,
  level: 1,
  creditPoints: 100,
  hasTradingPassword: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function logIn(token = 'token-abc') {
  useSessionStore.getState().signIn({ token, userInfo: user });
}

async function rejection(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RequestError);
    return error as RequestError;
  }
  throw new Error('expected the request to be rejected');
}

describe('request client: envelope', () => {
  it('resolves with data when code is 1 (even when data is null)', async () => {
    mockFetch({ 'POST /api/user/logout': () => json({ code: 1, msg: 'ok', data: null }) });
    await expect(post('/api/user/logout')).resolves.toBeNull();
  });

  it('resolves with data when data is present, whatever the code', async () => {
    mockFetch({
      'GET /api/stock/kefu': () => json({ code: 0, msg: '', data: { url: 'u', hours: 'h', online: true } }),
    });
    await expect(get('/api/stock/kefu')).resolves.toEqual({ url: 'u', hours: 'h', online: true });
  });

  it('validates data with the given schema', async () => {
    mockFetch({ 'GET /api/x': () => ok({ n: 'not a number' }) });
    const error = await rejection(get('/api/x', undefined, { schema: z.object({ n: z.number() }) }));
    expect(error.kind).toBe('invalid-response');
  });

  it('shows the msg of a failure envelope as a toast and rejects', async () => {
    mockFetch({
      'POST /api/user/changePassword': () => failure(422, 'OLD_PASSWORD_WRONG', 'The current password is wrong'),
    });
    logIn();
    const error = await rejection(post('/api/user/changePassword', { oldPassword: 'a' }));
    expect(error.kind).toBe('business');
    expect(error.errorCode).toBe('OLD_PASSWORD_WRONG');
    expect(error.notified).toBe(true);
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
    // A business failure is not a session failure: the user stays logged in.
    expect(useSessionStore.getState().token).toBe('token-abc');
  });

  it('treats a 200 envelope without code 1 and without data as a failure', async () => {
    mockFetch({ 'GET /api/y': () => json({ code: 0, msg: 'Refused', data: null }) });
    const error = await rejection(get('/api/y'));
    expect(error.kind).toBe('business');
    expect(await screen.findByText('Refused')).toBeInTheDocument();
  });
});

describe('request client: session failures', () => {
  it('on HTTP 401 with body code 401 shows msg, clears the session and goes to /login', async () => {
    mockFetch({ 'GET /api/user/info': () => failure(401, 'SESSION_EXPIRED', 'Your session has expired') });
    logIn();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-abc');

    const error = await rejection(get('/api/user/info'));

    expect(error.kind).toBe('session');
    expect(await screen.findByText('Your session has expired')).toBeInTheDocument();
    expect(useSessionStore.getState().token).toBeNull();
    expect(useSessionStore.getState().userInfo).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(window.location.hash).toBe('#/login');
  });

  it('on 401 without a session only shows msg (wrong credentials at login)', async () => {
    mockFetch({ 'POST /api/user/login': () => failure(401, 'INVALID_CREDENTIALS', 'Wrong mobile number or password') });
    window.location.hash = '#/register';
    const error = await rejection(post('/api/user/login', { query: 'jwe' }));
    expect(error.kind).toBe('session');
    expect(await screen.findByText('Wrong mobile number or password')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/register');
  });
});

describe('request client: silent failures', () => {
  it('rejects after 10 s without showing a message', async () => {
    vi.useFakeTimers();
    mockFetch({ 'GET /api/slow': never });
    const pending = get('/api/slow');
    const settled = vi.fn();
    pending.catch(settled);

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);

    const error = await rejection(pending);
    expect(error.kind).toBe('timeout');
    expect(error.notified).toBe(false);
    expect(document.querySelector('.adm-toast-main')).toBeNull();
  });

  it('rejects a network error without showing a message', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejection(get('/api/z'));
    expect(error.kind).toBe('network');
    expect(document.querySelector('.adm-toast-main')).toBeNull();
  });

  it('rejects an HTTP error without an envelope without showing a message', async () => {
    mockFetch({ 'GET /api/down': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const error = await rejection(get('/api/down'));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(502);
    expect(document.querySelector('.adm-toast-main')).toBeNull();
  });
});

describe('request client: duplicate-submit guard', () => {
  it('refuses the same POST within 1000 ms with the localized message, allows it afterwards', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { spy } = mockFetch({ 'POST /api/orders': () => ok({ id: 1 }) });

    await expect(post('/api/orders', { code: 'BRS', lots: 1 })).resolves.toEqual({ id: 1 });
    vi.advanceTimersByTime(DUPLICATE_WINDOW_MS - 1);
    const error = await rejection(post('/api/orders', { code: 'BRS', lots: 1 }));

    expect(error.kind).toBe('duplicate');
    expect(error.message).toBe('The data is being processed, please do not resubmit');
    expect(await screen.findByText('The data is being processed, please do not resubmit')).toBeInTheDocument();
    expect(spy).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1);
    await expect(post('/api/orders', { code: 'BRS', lots: 1 })).resolves.toEqual({ id: 1 });
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('uses the message of the current language', async () => {
    const { changeLanguage } = await import('./language');
    mockFetch({ 'PUT /api/thing': () => ok({}) });
    await changeLanguage('de');
    await put('/api/thing', { a: 1 });
    const error = await rejection(put('/api/thing', { a: 1 }));
    const { de } = await import('@bourse/shared/i18n/de');
    expect(error.message).toBe(de.common.duplicateSubmit);
  });

  it('lets a different body or a different URL through at once', async () => {
    const { spy } = mockFetch({ 'POST /api/a': () => ok({}), 'POST /api/b': () => ok({}) });
    await post('/api/a', { n: 1 });
    await post('/api/a', { n: 2 });
    await post('/api/b', { n: 1 });
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('lets a request opt out', async () => {
    const { spy } = mockFetch({ 'POST /api/heartbeat': () => ok({}) });
    await post('/api/heartbeat', { n: 1 }, { allowDuplicate: true });
    await post('/api/heartbeat', { n: 1 }, { allowDuplicate: true });
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('does not apply to GET', async () => {
    const { spy } = mockFetch({ 'GET /api/list': () => ok([]) });
    await get('/api/list');
    await get('/api/list');
    expect(spy).toHaveBeenCalledTimes(2);
  });
});

describe('request client: headers and parameters', () => {
  it('sends token, accept-language and lang, and GET params in the query string', async () => {
    const { sent } = mockFetch({ 'GET /api/market/instruments': () => ok([]) });
    logIn('secret-token');
    await get('/api/market/instruments', { board: 'main', page: 2, sort: undefined });

    expect(sent[0]!.url).toBe('/api/market/instruments?board=main&page=2');
    expect(sent[0]!.headers.token).toBe('secret-token');
    expect(sent[0]!.headers['accept-language']).toBe('en');
    expect(sent[0]!.headers.lang).toBe('en');
  });

  it('sends the stored language code as it is (zh-CN)', async () => {
    const { changeLanguage } = await import('./language');
    await changeLanguage('zh-CN');
    const { sent } = mockFetch({ 'GET /api/agreement': () => ok({}) });
    await get('/api/agreement');
    expect(sent[0]!.headers.lang).toBe('zh-CN');
    expect(sent[0]!.headers['accept-language']).toBe('zh-CN');
  });

  it('omits the token when logged out or when the request opts out', async () => {
    const { sent } = mockFetch({ 'GET /api/user/publicKey': () => ok({}) });
    await get('/api/user/publicKey');
    logIn();
    await get('/api/user/publicKey', undefined, { withToken: false });
    expect(sent[0]!.headers.token).toBeUndefined();
    expect(sent[1]!.headers.token).toBeUndefined();
  });

  it('sends the body as JSON', async () => {
    const { sent } = mockFetch({ 'POST /api/user/profile': () => ok(user) });
    await post('/api/user/profile', { nickname: 'Ada' });
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers['content-type']).toBe('application/json');
    expect(sent[0]!.body).toEqual({ nickname: 'Ada' });
  });

  it('sends the Idempotency-Key header when given one, and none otherwise', async () => {
    const { sent } = mockFetch({ 'POST /api/wallet/deposits': () => ok({ id: 1 }) });
    logIn();
    await post('/api/wallet/deposits', { amount: '10.00', method: 'quick' }, { idempotencyKey: 'key-123456789' });
    await post('/api/wallet/deposits', { amount: '11.00', method: 'quick' });
    expect(sent[0]!.headers['idempotency-key']).toBe('key-123456789');
    expect(sent[1]!.headers).not.toHaveProperty('idempotency-key');
  });

  it('shows a loading toast while the request runs when asked to', async () => {
    let release!: (response: Response) => void;
    mockFetch({ 'POST /api/slow': () => new Promise<Response>((resolve) => (release = resolve)) });
    const pending = request({ method: 'POST', url: '/api/slow', loading: true });
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    release(ok({ done: true }));
    await expect(pending).resolves.toEqual({ done: true });
  });
});

describe('request client: multipart bodies', () => {
  const form = (fields: Record<string, string | File>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return data;
  };
  const photo = (name: string, bytes: number, type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type });

  it('sends a FormData as it is, with no content type of its own so the browser adds the boundary', async () => {
    const { sent } = mockFetch({ 'POST /api/user/authentication': () => ok({ status: 'in_review' }) });
    logIn('secret-token');
    const body = form({ realName: 'Ada Lovelace', front: photo('front.jpg', 10) });

    await expect(post('/api/user/authentication', body)).resolves.toEqual({ status: 'in_review' });

    expect(sent[0]!.body).toBe(body);
    expect(sent[0]!.headers['content-type']).toBeUndefined();
    expect(sent[0]!.headers.token).toBe('secret-token');
    expect(sent[0]!.headers.lang).toBe('en');
  });

  it('refuses the same fields and files again within 1000 ms', async () => {
    const { spy } = mockFetch({ 'POST /api/upload': () => ok({}) });
    await post('/api/upload', form({ realName: 'Ada', front: photo('a.jpg', 10) }));
    const error = await rejection(post('/api/upload', form({ realName: 'Ada', front: photo('a.jpg', 10) })));
    expect(error.kind).toBe('duplicate');
    expect(await screen.findByText('The data is being processed, please do not resubmit')).toBeInTheDocument();
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('lets a different file, file size or field value through at once', async () => {
    const { spy } = mockFetch({ 'POST /api/upload': () => ok({}) });
    await post('/api/upload', form({ realName: 'Ada', front: photo('a.jpg', 10) }));
    await post('/api/upload', form({ realName: 'Ada', front: photo('b.jpg', 10) }));
    await post('/api/upload', form({ realName: 'Ada', front: photo('b.jpg', 11) }));
    await post('/api/upload', form({ realName: 'Ada L', front: photo('b.jpg', 11) }));
    await post('/api/upload', form({ realName: 'Ada L', back: photo('b.jpg', 11) }));
    expect(spy).toHaveBeenCalledTimes(5);
  });
});
