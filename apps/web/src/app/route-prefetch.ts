import { prefetchOpening, type RequestSession } from '../lib/prefetch';
import { paths } from '../lib/paths';

/** The address the app opens on, from the location's hash (HashRouter): `#/detail?code=SAP`. */
export function hashLocation(hash: string): { pathname: string; search: URLSearchParams } {
  const [pathname = '', search = ''] = hash.replace(/^#/, '').split('?');
  return {
    pathname: pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname || '/',
    search: new URLSearchParams(search),
  };
}

/** The instrument code of a detail address (`/detail?code=` or `/stockInfo/:title`), if any. */
function detailCode(pathname: string, search: URLSearchParams): string | null {
  if (pathname === paths.detail.path) return search.get('code') || null;
  const prefix = `${paths.stockInfo.path.split('/:')[0]}/`;
  return pathname.startsWith(prefix) ? decodeURIComponent(pathname.slice(prefix.length)) || null : null;
}

/**
 * The GET requests the screen at `pathname` sends first and that its largest first paint waits for,
 * exactly as its queries send them (route-prefetch.test.ts checks them against the queries). A
 * visitor (no token) gets only open data of a screen open to visitors; everyone else goes to the login.
 */
export function routePrefetchUrls({
  pathname,
  search,
  hasToken,
}: {
  pathname: string;
  search: URLSearchParams;
  hasToken: boolean;
}): string[] {
  const code = detailCode(pathname, search);
  if (!hasToken) return code ? [`/api/market/instruments/${encodeURIComponent(code)}`] : [];
  if (pathname === paths.login.path) return [];
  // With a session the guard loads the configuration before any screen shows (app/guard.tsx).
  const urls = ['/api/stock/getconfig'];
  if (code) urls.push(`/api/market/instruments/${encodeURIComponent(code)}`);
  if (pathname === paths.root.path || pathname === paths.home.path) {
    urls.push(
      '/api/user/onboarding',
      '/api/user/info',
      '/api/user/assets',
      '/api/user/portfolio/history?range=day',
      '/api/market/overview',
    );
  }
  if (pathname === paths.market.path)
    urls.push('/api/market/instruments?kind=shares&sort=-changePct&page=1&pageSize=20');
  if (pathname === paths.personCenter.path) urls.push('/api/members/standing', '/api/user/info', '/api/user/assets');
  return urls;
}

/**
 * Sends the first requests of the screen the app opens on, once (src/opening-prefetch.ts as the page
 * loads, main.tsx before the first render if that has not run), with the stored session's headers.
 */
export function prefetchRoute(opening: { pathname: string; search: URLSearchParams }, session: RequestSession): void {
  prefetchOpening(routePrefetchUrls({ ...opening, hasToken: session.token !== null }), session);
}
