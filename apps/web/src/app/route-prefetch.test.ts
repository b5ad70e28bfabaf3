import { describe, expect, it } from 'vitest';
import { configQueryOptions } from '../lib/api/get-config';
import { assetsQueryOptions } from '../lib/api/get-assets';
import { onboardingQueryOptions } from '../lib/api/get-onboarding';
import { userInfoQueryOptions } from '../lib/api/get-user-info';
import { queryClient } from '../lib/query-client';
import { useSessionStore } from '../lib/session-store';
import { mockFetch, ok } from '../test/fetch-mock';
import { instrumentQueryOptions } from '../features/market/api/get-instrument';
import { instrumentsQueryOptions } from '../features/market/api/get-instruments';
import { overviewQueryOptions } from '../features/market/api/get-overview';
import { sortParam } from '../features/market/routes/market-route';
import { memberStandingQueryOptions } from '../features/members/api/get-standing';
import { portfolioHistoryQueryOptions } from '../features/portfolio/api/get-portfolio-history';
import { hashLocation, prefetchRoute, routePrefetchUrls } from './route-prefetch';

const urls = (hash: string, hasToken: boolean) => routePrefetchUrls({ ...hashLocation(hash), hasToken });

/** The URLs the queries send, as the fake server saw them (answers need not be valid here). */
async function urlsOf(...fetches: (() => Promise<unknown>)[]): Promise<string[]> {
  const { sent } = mockFetch({});
  for (const send of fetches) await send().catch(() => undefined);
  return sent.map((request) => request.url);
}

describe('the first requests of the screen the app opens on (app/route-prefetch.ts)', () => {
  it('reads the address from the hash', () => {
    expect(hashLocation('#/detail?code=SAP')).toMatchObject({ pathname: '/detail' });
    expect(hashLocation('#/detail?code=SAP').search.get('code')).toBe('SAP');
    expect(hashLocation('#/home/')).toMatchObject({ pathname: '/home' });
    expect(hashLocation('')).toMatchObject({ pathname: '/' });
  });

  it('asks with a session exactly what the screens’ queries ask', async () => {
    const config = () => queryClient.fetchQuery(configQueryOptions());
    expect(urls('#/home', true)).toEqual(
      await urlsOf(
        config,
        () => queryClient.fetchQuery(onboardingQueryOptions()),
        () => queryClient.fetchQuery(userInfoQueryOptions()),
        () => queryClient.fetchQuery(assetsQueryOptions()),
        () => queryClient.fetchQuery(portfolioHistoryQueryOptions('day')),
        () => queryClient.fetchQuery(overviewQueryOptions()),
      ),
    );
    expect(urls('', true)).toEqual(urls('#/home', true));
    queryClient.clear();
    expect(urls('#/market', true)).toEqual(
      await urlsOf(config, () =>
        // The market tab opens on the shares, by change, largest first (market-route.tsx).
        queryClient.fetchInfiniteQuery(
          instrumentsQueryOptions({ kind: 'shares', sort: sortParam({ field: 'changePct', descending: true }) }),
        ),
      ),
    );
    queryClient.clear();
    expect(urls('#/detail?code=BMW%20St', true)).toEqual(
      await urlsOf(config, () => queryClient.fetchQuery(instrumentQueryOptions('BMW St', true))),
    );
    expect(urls('#/stockInfo/SAP', true)).toEqual(urls('#/detail?code=SAP', true));
    queryClient.clear();
    expect(urls('#/personCenter', true)).toEqual(
      await urlsOf(
        config,
        () => queryClient.fetchQuery(memberStandingQueryOptions()),
        () => queryClient.fetchQuery(userInfoQueryOptions()),
        () => queryClient.fetchQuery(assetsQueryOptions()),
      ),
    );
    // Any other screen: only the configuration the guard waits for.
    expect(urls('#/settings', true)).toEqual(['/api/stock/getconfig']);
  });

  it('asks nothing on the login, and for a visitor only the open data of an open screen', () => {
    expect(urls('#/login', true)).toEqual([]);
    for (const hash of ['#/login', '#/home', '#/market', '#/personCenter', '#/settings', '']) {
      expect(urls(hash, false), hash).toEqual([]);
    }
    expect(urls('#/detail?code=SAP', false)).toEqual(['/api/market/instruments/SAP']);
    expect(urls('#/detail', false)).toEqual([]);
  });

  it('lets the screen’s query take the prefetched answer instead of asking again', async () => {
    useSessionStore.setState({ token: 'token-abc' });
    const { sent } = mockFetch({
      'GET /api/members/standing': () => ok({ not: 'checked here' }),
      'GET /api/stock/getconfig': () => ok({}),
      'GET /api/user/info': () => ok({}),
      'GET /api/user/assets': () => ok({}),
    });
    prefetchRoute(hashLocation('#/personCenter'), useSessionStore.getState());
    expect(sent).toHaveLength(4);
    await queryClient.fetchQuery(memberStandingQueryOptions()).catch(() => undefined);
    await queryClient.fetchQuery(assetsQueryOptions()).catch(() => undefined);
    expect(sent).toHaveLength(4);
  });
});
