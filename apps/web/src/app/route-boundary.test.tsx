import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageReloader, installChunkReload } from '../lib/chunk-reload';
import { lazyRoute } from '../lib/lazy-route';
import { useSessionStore } from '../lib/session-store';
import { mockFetch } from '../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../test/render-app';
import { AppProviders } from './app';
import { RouteBoundary } from '../ui/error-boundary';
import type * as NotFoundModule from '../features/errors/routes/not-found-route';

// The "page not found" screen stands in for any screen that throws while rendering.
const notFound = vi.hoisted(() => ({ throws: false }));
vi.mock('../features/errors/routes/not-found-route', async (importOriginal) => {
  const original = await importOriginal<typeof NotFoundModule>();
  return {
    NotFoundRoute: () => {
      if (notFound.throws) throw new Error('render failed');
      return original.NotFoundRoute();
    },
  };
});

const staleChunk = () => new TypeError('Failed to fetch dynamically imported module: https://bourse.test/assets/x.js');

function Screen({ name }: { name: string }) {
  return <h1>{name}</h1>;
}

function renderLazy(Lazy: ReturnType<typeof lazyRoute<typeof Screen>>) {
  return render(
    <AppProviders>
      <MemoryRouter useTransitions={false}>
        <RouteBoundary resetKey="/">
          <Suspense fallback={<p>loading</p>}>
            <Lazy name="Loaded screen" />
          </Suspense>
        </RouteBoundary>
      </MemoryRouter>
    </AppProviders>,
  );
}

let reload: ReturnType<typeof vi.fn<() => void>>;
const realReload = pageReloader.reload;
beforeEach(() => {
  reload = vi.fn<() => void>();
  pageReloader.reload = reload;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  pageReloader.reload = realReload;
  notFound.throws = false;
});

describe('error boundaries', () => {
  it('shows "something went wrong" in place of a screen that throws, and the app around it stays', async () => {
    useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
    useSessionStore.getState().setConfig(sampleConfig);
    mockFetch({});
    notFound.throws = true;
    const user = userEvent.setup();
    renderApp('/no-such-screen');

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown');

    // Retry renders the screen again: now it works.
    notFound.throws = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This page does not exist' })).toBeInTheDocument();
  });

  it('clears the error when the investor navigates away (the link home)', async () => {
    useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
    useSessionStore.getState().setConfig(sampleConfig);
    mockFetch({});
    notFound.throws = true;
    const user = userEvent.setup();
    renderApp('/no-such-screen');

    await user.click(await screen.findByRole('link', { name: 'Go to the home page' }));
    expect(screen.getByTestId('location').textContent).toBe('/home');
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });

  it('Retry imports a screen whose chunk failed to load once more', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Screen }>>()
      .mockRejectedValueOnce(new TypeError('NetworkError when attempting to fetch resource.'))
      .mockResolvedValue({ default: Screen });
    const Lazy = lazyRoute(load);
    const user = userEvent.setup();
    renderLazy(Lazy);

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Loaded screen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the app exactly once when a chunk is gone after a deployment', async () => {
    // The page as first loaded: the import fails, the app reloads and keeps showing its loading state.
    const first = renderLazy(lazyRoute(() => Promise.reject(staleChunk())));
    await act(() => Promise.resolve());
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('loading')).toBeInTheDocument();
    first.unmount();

    // The reloaded page (sessionStorage survives a reload): the chunk still fails → the boundary, no second reload.
    renderLazy(lazyRoute(() => Promise.reject(staleChunk())));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a screen that loads again lets a later deployment reload once more', async () => {
    renderLazy(lazyRoute(() => Promise.reject(staleChunk())));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    const ok = renderLazy(lazyRoute(() => Promise.resolve({ default: Screen })));
    expect(await screen.findByRole('heading', { name: 'Loaded screen' })).toBeInTheDocument();
    ok.unmount();
    renderLazy(lazyRoute(() => Promise.reject(staleChunk())));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it('Vite’s preload error reloads once and is then left to the boundary', () => {
    const uninstall = installChunkReload();
    const first = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(first);
    const second = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(second);
    uninstall();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    expect(second.defaultPrevented).toBe(false);
  });
});
