import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, mockFetch, ok } from '../test/fetch-mock';
import { renderApp, sampleConfig, sampleSupport, sampleUser } from '../test/render-app';
import { decideNavigation, isOpenRoute } from './guard';
import { TOKEN_STORAGE_KEY, useSessionStore } from '../lib/session-store';

const SPEC_OPEN_ROUTES = [
  '/login',
  '/agreement',
  '/register',
  '/shop',
  '/explore',
  '/detail',
  '/search',
  '/forgotPassword',
  '/changePassword',
  '/setting/language',
  '/anleitung',
];

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
}

const location = () => screen.getByTestId('location').textContent;

describe('guard rule', () => {
  it('opens exactly the spec’s open routes without a token', () => {
    for (const path of SPEC_OPEN_ROUTES) expect(isOpenRoute(path), path).toBe(true);
    for (const path of ['/', '/home', '/my', '/setting', '/messages', '/search/search', '/loginx']) {
      expect(isOpenRoute(path), path).toBe(false);
    }
  });

  it('sends a visitor without a token to /login, except on open routes', () => {
    expect(decideNavigation({ pathname: '/home', hasToken: false, hasConfig: false })).toEqual({
      type: 'redirect',
      to: '/login',
    });
    expect(decideNavigation({ pathname: '/register', hasToken: false, hasConfig: false })).toEqual({ type: 'allow' });
  });

  it('sends a logged-in user away from /login to / (or back to the interrupted route)', () => {
    expect(decideNavigation({ pathname: '/login', hasToken: true, hasConfig: true })).toEqual({
      type: 'redirect',
      to: '/',
    });
    expect(decideNavigation({ pathname: '/login', hasToken: true, hasConfig: true, from: '/setting' })).toEqual({
      type: 'redirect',
      to: '/setting',
    });
    expect(decideNavigation({ pathname: '/login', hasToken: true, hasConfig: true, from: '/login' })).toEqual({
      type: 'redirect',
      to: '/',
    });
  });

  it('loads the configuration first when a logged-in user has no customer-service link yet', () => {
    expect(decideNavigation({ pathname: '/my', hasToken: true, hasConfig: false })).toEqual({ type: 'load-config' });
    expect(decideNavigation({ pathname: '/setting/language', hasToken: true, hasConfig: false })).toEqual({
      type: 'load-config',
    });
    expect(decideNavigation({ pathname: '/my', hasToken: true, hasConfig: true })).toEqual({ type: 'allow' });
  });
});

describe('guard in the app', () => {
  it('shows the login screen instead of a protected screen without a token', async () => {
    mockFetch({});
    renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it('lets a visitor open an open route', async () => {
    mockFetch({});
    renderApp('/setting/language');
    expect(await screen.findByRole('heading', { level: 1, name: 'Language' })).toBeInTheDocument();
    expect(location()).toBe('/setting/language');
  });

  it('opens /shop without login, without redirecting', async () => {
    mockFetch({ 'GET /api/products': () => new Promise<Response>(() => undefined) });
    renderApp('/shop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(location()).toBe('/shop');
  });

  it('sends a logged-in user from /login to / and on to /home, after loading the configuration', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/stock/getconfig': () => ok(sampleConfig),
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/stock/kefu': () => ok(sampleSupport),
    });
    renderApp('/login');

    expect(await screen.findByRole('heading', { level: 2, name: 'Hello, Ada' })).toBeInTheDocument();
    expect(location()).toBe('/home');
    expect(sent[0]!.url).toBe('/api/stock/getconfig');
    expect(sent.filter((request) => request.url === '/api/stock/getconfig')).toHaveLength(1);
  });

  it('fetches the configuration once, stores it, then shows the requested screen', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/stock/getconfig': () => ok(sampleConfig),
      'GET /api/user/info': () => ok(sampleUser),
    });
    renderApp('/my');

    expect(screen.queryByRole('heading', { level: 1, name: 'Me' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Me' })).toBeInTheDocument();
    expect(useSessionStore.getState().kfUrl).toBe(sampleConfig.kf_url);
    expect(useSessionStore.getState().config?.version).toBe('1.4.2');
    expect(sent[0]!.url).toBe('/api/stock/getconfig');
    expect(location()).toBe('/my');
    expect(await screen.findByRole('link', { name: /Customer service/ })).toHaveAttribute('href', sampleConfig.kf_url);
  });

  it('does not fetch the configuration again once the link is known', async () => {
    logIn();
    useSessionStore.getState().setConfig(sampleConfig);
    const { sent } = mockFetch({ 'GET /api/user/info': () => ok(sampleUser) });
    renderApp('/setting');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(sent.some((request) => request.url === '/api/stock/getconfig')).toBe(false);
  });

  it('logs out and goes to /login when the configuration cannot be loaded', async () => {
    logIn();
    mockFetch({ 'GET /api/stock/getconfig': () => failure(503, 'SERVICE_UNAVAILABLE', 'Unavailable') });
    renderApp('/my');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(useSessionStore.getState().token).toBeNull();
    expect(useSessionStore.getState().userInfo).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('after a 401 shows the login, and returns to the same screen once logged in again', async () => {
    logIn();
    useSessionStore.getState().setConfig(sampleConfig);
    // Every request of the Me tab meets the expired session, as it would on the server.
    mockFetch({
      'GET /api/user/info': () => failure(401, 'SESSION_EXPIRED', 'Your session has expired'),
      'GET /api/user/assets': () => failure(401, 'SESSION_EXPIRED', 'Your session has expired'),
    });
    renderApp('/my');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(await screen.findByText('Your session has expired')).toBeInTheDocument();
    expect(useSessionStore.getState().token).toBeNull();

    mockFetch({ 'GET /api/user/info': () => ok(sampleUser) });
    act(() => useSessionStore.getState().signIn({ token: 'token-2', userInfo: sampleUser }));
    await waitFor(() => expect(location()).toBe('/my'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Me' })).toBeInTheDocument();
  });

  it('redirects / to /home', async () => {
    logIn();
    useSessionStore.getState().setConfig(sampleConfig);
    mockFetch({ 'GET /api/user/info': () => ok(sampleUser), 'GET /api/stock/kefu': () => ok(sampleSupport) });
    renderApp('/');
    await waitFor(() => expect(location()).toBe('/home'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bourse' })).toBeInTheDocument();
  });
});
