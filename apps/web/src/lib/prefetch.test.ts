import { afterEach, describe, expect, it, vi } from 'vitest';
import { configQueryOptions } from './api/get-config';
import { mockFetch, ok } from '../test/fetch-mock';
import { sampleConfig as config } from '../test/render-app';
import { PREFETCH_MAX_AGE_MS, prefetchGet, prefetchOpening } from './prefetch';
import { queryClient } from './query-client';
import { get } from './request';
import { useSessionStore } from './session-store';

afterEach(() => {
  vi.useRealTimers();
});

describe('prefetched GET requests (lib/prefetch.ts)', () => {
  it('sends the request exactly as the request client would: same URL, token and language headers', async () => {
    useSessionStore.setState({ token: 'token-abc', language: 'fr' });
    const { sent } = mockFetch({ 'GET /api/user/assets': () => ok({ total: '1.00' }) });
    prefetchGet('/api/user/assets', useSessionStore.getState());
    useSessionStore.setState({ token: 'token-def' });
    await get('/api/user/assets');
    useSessionStore.setState({ token: 'token-abc' });
    await get('/api/user/assets');
    // The second call (another token) could not use the prefetch; the third has the same headers as it.
    expect(sent.map((request) => request.headers)).toEqual([
      { accept: 'application/json', 'accept-language': 'fr', lang: 'fr', token: 'token-abc' },
      { accept: 'application/json', 'accept-language': 'fr', lang: 'fr', token: 'token-def' },
    ]);
  });

  it('hands the answer to the query cache instead of fetching again, once', async () => {
    useSessionStore.setState({ token: 'token-abc' });
    const { sent } = mockFetch({ 'GET /api/stock/getconfig': () => ok(config) });
    prefetchGet('/api/stock/getconfig', useSessionStore.getState());
    expect(sent).toHaveLength(1);

    await expect(queryClient.fetchQuery(configQueryOptions())).resolves.toMatchObject({ kf_url: config.kf_url });
    expect(sent).toHaveLength(1);
    expect(queryClient.getQueryData(configQueryOptions().queryKey)).toMatchObject({ currency: 'EUR' });

    // Handed out once: asking again (a refresh) goes to the server.
    await queryClient.refetchQueries({ queryKey: configQueryOptions().queryKey });
    expect(sent).toHaveLength(2);
  });

  it('does not hand out an answer older than PREFETCH_MAX_AGE_MS', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { sent } = mockFetch({ 'GET /api/market/overview': () => ok({}) });
    prefetchGet('/api/market/overview', useSessionStore.getState());
    vi.setSystemTime(Date.now() + PREFETCH_MAX_AGE_MS);
    await get('/api/market/overview');
    expect(sent).toHaveLength(2);
  });

  it('leaves writes and other addresses alone', async () => {
    const { sent } = mockFetch({
      'GET /api/news': () => ok({ items: [] }),
      'POST /api/news': () => ok(null),
    });
    prefetchGet('/api/news?page=1&pageSize=5', useSessionStore.getState());
    await get('/api/news', { page: 2, pageSize: 5 });
    await get('/api/news', { page: 1, pageSize: 5 });
    expect(sent.map((request) => request.url)).toEqual(['/api/news?page=1&pageSize=5', '/api/news?page=2&pageSize=5']);
  });

  it('reports a prefetched failure as the request client reports its own', async () => {
    useSessionStore.setState({ token: 'token-abc' });
    mockFetch({ 'GET /api/user/info': () => Promise.reject(new TypeError('Failed to fetch')) });
    prefetchGet('/api/user/info', useSessionStore.getState());
    await expect(get('/api/user/info')).rejects.toMatchObject({ kind: 'network' });
  });

  it('sends the opening screen’s requests once, whoever asks first (the opening script or the entry)', async () => {
    const { sent } = mockFetch({ 'GET /api/user/info': () => ok({}), 'GET /api/user/assets': () => ok({}) });
    useSessionStore.setState({ token: 'token-abc', language: 'de' });
    const session = useSessionStore.getState();
    prefetchOpening(['/api/user/info', '/api/user/assets'], session);
    await get('/api/user/info').catch(() => undefined);
    // The entry asks again after the screen took the first answer: nothing is sent twice.
    prefetchOpening(['/api/user/info', '/api/user/assets'], session);
    expect(sent.map((request) => request.url)).toEqual(['/api/user/info', '/api/user/assets']);
  });
});
