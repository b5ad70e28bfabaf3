import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../lib/session-store';
import { mockFetch, ok } from '../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../test/render-app';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

const location = () => screen.getByTestId('location').textContent;

describe('router', () => {
  it('opens the change-password screen at the spec’s /change-pwt, as at /changePassword', async () => {
    logIn();
    const { sent } = mockFetch({ 'POST /api/user/changePassword': () => ok(null) });
    const user = userEvent.setup();
    renderApp('/change-pwt');

    expect(await screen.findByRole('heading', { level: 1, name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryAllByText('This page does not exist')).toHaveLength(0);
    expect(location()).toBe('/change-pwt');

    await user.type(screen.getByLabelText('Current password'), 'oldpass123');
    await user.type(screen.getByLabelText('New password'), 'newpass456');
    await user.type(screen.getByLabelText('Confirm password'), 'newpass456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(sent[0]!.body).toEqual({ oldPassword: 'oldpass123', password: 'newpass456', confirmPassword: 'newpass456' });
  });

  it('sends a visitor without a session from /change-pwt to /login (it is not on the spec’s open list)', async () => {
    mockFetch({});
    renderApp('/change-pwt');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it('shows "page not found" for an address no route knows', async () => {
    logIn();
    mockFetch({});
    renderApp('/no-such-screen');
    expect(await screen.findByRole('heading', { level: 1, name: 'This page does not exist' })).toBeInTheDocument();
  });
});
