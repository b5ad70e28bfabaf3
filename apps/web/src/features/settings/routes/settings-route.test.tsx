import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, useSessionStore } from '../../../lib/session-store';
import { mockFetch, ok } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

describe('settings screen', () => {
  it('shows the current version and language', async () => {
    logIn();
    mockFetch({});
    renderApp('/setting');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByText('1.4.2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Language\s*English/ })).toHaveAttribute('href', '/setting/language');
    expect(screen.getByRole('link', { name: /Change password/ })).toHaveAttribute('href', '/changePassword');
  });

  it('clears the cache and says so', async () => {
    logIn();
    mockFetch({});
    const user = userEvent.setup();
    renderApp('/setting');
    await user.click(await screen.findByRole('button', { name: 'Clear cache' }));
    expect(await screen.findByText('Cache cleared')).toBeInTheDocument();
  });

  it('reports the latest version when there is no newer service worker', async () => {
    logIn();
    mockFetch({});
    const user = userEvent.setup();
    renderApp('/setting');
    await user.click(await screen.findByRole('button', { name: 'Check for updates' }));
    expect(await screen.findByText('You are using the latest version')).toBeInTheDocument();
  });

  it('logs out only after confirmation: revokes the token, clears the session, opens /login', async () => {
    logIn();
    const { sent } = mockFetch({ 'POST /api/user/logout': () => ok(null) });
    const user = userEvent.setup();
    renderApp('/setting');

    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Do you really want to log out?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(0);
    expect(useSessionStore.getState().token).toBe('token-1');

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/user/logout']);
    expect(sent[0]!.headers.token).toBe('token-1');
    expect(useSessionStore.getState().token).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
