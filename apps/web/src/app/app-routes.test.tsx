import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import type * as RouterDom from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../lib/session-store';
import { mockFetch } from '../test/fetch-mock';
import { sampleConfig, sampleUser } from '../test/render-app';
import { AppProviders } from './app';
import { AppRoutes } from './router';

const matchRoutes = vi.hoisted(() => ({ spy: undefined as undefined | ReturnType<typeof vi.fn> }));
vi.mock('react-router-dom', async (importOriginal) => {
  const original = await importOriginal<typeof RouterDom>();
  matchRoutes.spy = vi.fn(original.matchRoutes);
  return { ...original, matchRoutes: matchRoutes.spy };
});

function Probe() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <>
      <output data-testid="location">{`${pathname}${search}`}</output>
      <button type="button" onClick={() => void navigate('/no-such-screen?tab=2')}>
        same path
      </button>
      <button type="button" onClick={() => void navigate('/another-unknown-screen')}>
        other path
      </button>
    </>
  );
}

describe('AppRoutes', () => {
  it('matches the route table once per path, not again for a new query string', async () => {
    useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
    useSessionStore.getState().setConfig(sampleConfig);
    mockFetch({});
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/no-such-screen']} useTransitions={false}>
          <AppRoutes />
          <Probe />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'This page does not exist' })).toBeInTheDocument();
    const spy = matchRoutes.spy!;
    const afterFirstPath = spy.mock.calls.length;
    expect(afterFirstPath).toBeGreaterThan(0);
    expect(spy.mock.calls.every(([, location]) => location === '/no-such-screen')).toBe(true);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'same path' })));
    expect(screen.getByTestId('location')).toHaveTextContent('/no-such-screen?tab=2');
    expect(spy.mock.calls.length).toBe(afterFirstPath);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'other path' })));
    expect(screen.getByRole('heading', { level: 1, name: 'This page does not exist' })).toBeInTheDocument();
    expect(spy.mock.calls.length).toBeGreaterThan(afterFirstPath);
    expect(spy.mock.calls.at(-1)![1]).toBe('/another-unknown-screen');
  });
});
