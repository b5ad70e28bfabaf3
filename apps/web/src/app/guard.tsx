import { Suspense, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { PageLoading } from '../ui/page-loading';
import { RouteBoundary } from '../ui/error-boundary';
import { lazyRoute } from '../lib/lazy-route';
import type { LoginRedirectState } from '../lib/navigation';
import { OPEN_ROUTES, TAB_PATHS, paths } from '../lib/paths';
import { loadQueryClient } from '../lib/load-query-client';
import { endSession } from '../lib/session';
import { useSessionStore } from '../lib/session-store';

/**
 * The tab pages and their data (markets, stream, messages) load only with a session: a visitor's first
 * screen (the login) does not carry them.
 */
const KeepAliveTabs = lazyRoute(() => import('./screens').then((screens) => screens.KeepAliveTabs()));

/**
 * The configuration's query (its module with zod, and the query client), loaded once: by the guard's
 * effect, or earlier by main.tsx when a session opens the app (preloadGuard), in parallel with the
 * first render instead of after it.
 */
let guardModules: ReturnType<typeof loadGuardModules> | null = null;
function loadGuardModules() {
  return Promise.all([import('../lib/api/get-config'), loadQueryClient()]);
}
function guardModulesOnce(): ReturnType<typeof loadGuardModules> {
  const loading = (guardModules ??= loadGuardModules());
  // A failed load is tried again by the next guard that asks.
  loading.catch(() => {
    if (guardModules === loading) guardModules = null;
  });
  return loading;
}

/** Starts loading what the guard needs to check a session (main.tsx, when a token is stored). */
export function preloadGuard(): void {
  void guardModulesOnce().catch(() => undefined);
}

export type GuardDecision = { type: 'allow' } | { type: 'redirect'; to: string } | { type: 'load-config' };

function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Routes anyone may open, logged in or not (product spec §2). */
export function isOpenRoute(pathname: string): boolean {
  return OPEN_ROUTES.includes(normalizePath(pathname));
}

/**
 * The navigation rule of product spec §2 and §4:
 * - no token: open routes pass, everything else goes to /login;
 * - token on /login: go to / (or back to the route the guard interrupted, `from`);
 * - token but no customer-service link yet: load the configuration first, then continue.
 */
export function decideNavigation(input: {
  pathname: string;
  hasToken: boolean;
  hasConfig: boolean;
  from?: string;
}): GuardDecision {
  const pathname = normalizePath(input.pathname);
  if (!input.hasToken) {
    return isOpenRoute(pathname) ? { type: 'allow' } : { type: 'redirect', to: paths.login.getHref() };
  }
  if (pathname === paths.login.path) {
    const from = input.from;
    const back = from?.startsWith('/') && normalizePath(from.split('?')[0] ?? '') !== paths.login.path;
    return { type: 'redirect', to: back && from ? from : paths.root.getHref() };
  }
  if (!input.hasConfig) return { type: 'load-config' };
  return { type: 'allow' };
}

/**
 * The layout route around every screen: applies the guard, keeps the tab pages alive and renders
 * the current screen.
 */
export function AppShell() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSessionStore((state) => state.token);
  const kfUrl = useSessionStore((state) => state.kfUrl);
  const setConfig = useSessionStore((state) => state.setConfig);
  const from = (location.state as LoginRedirectState | null)?.from;
  const decision = decideNavigation({
    pathname: location.pathname,
    hasToken: token !== null,
    hasConfig: kfUrl !== null,
    from,
  });

  useEffect(() => {
    if (decision.type !== 'load-config') return;
    let cancelled = false;
    // Its schema (zod) and the query client are loaded with it, not with the shell.
    guardModulesOnce()
      .then(([{ configQueryOptions }, queryClient]) => queryClient.fetchQuery(configQueryOptions()))
      .then((config) => {
        if (!cancelled) setConfig(config);
      })
      .catch(() => {
        if (cancelled) return;
        // Logged out, not interrupted: one render for both changes, and no way back.
        flushSync(() => {
          endSession();
          void navigate(paths.login.getHref(), { replace: true });
        });
      });
    return () => {
      cancelled = true;
    };
  }, [decision.type, navigate, setConfig]);

  if (decision.type === 'redirect') {
    const state: LoginRedirectState | undefined =
      decision.to === paths.login.getHref() ? { from: `${location.pathname}${location.search}` } : undefined;
    return <Navigate to={decision.to} replace state={state} />;
  }
  if (decision.type === 'load-config') return <PageLoading />;

  const activeTab = TAB_PATHS.includes(normalizePath(location.pathname)) ? normalizePath(location.pathname) : null;
  // The current screen comes first in the document; the kept-alive tabs follow (hidden unless a tab
  // is showing), so reading order and "first match" lookups start with what is on screen.
  return (
    <>
      {/* One boundary per screen, cleared when the address changes: a failing screen never blanks the app. */}
      <RouteBoundary resetKey={location.pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </RouteBoundary>
      {token !== null && (
        <Suspense fallback={activeTab ? <PageLoading /> : null}>
          <KeepAliveTabs key={token} activePath={activeTab} />
        </Suspense>
      )}
    </>
  );
}
