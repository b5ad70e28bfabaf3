import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, useSessionStore } from '../../../lib/session-store';
import { failure, mockFetch, ok } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { createServerKeys } from '../../../test/server-keys';

describe('login screen', () => {
  it('asks for the mobile number and the password before sending anything', async () => {
    const { spy } = mockFetch({});
    const user = userEvent.setup();
    renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Please enter your mobile number')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(spy).not.toHaveBeenCalled();
  });

  it('links to registration, password reset and the language choice', async () => {
    mockFetch({});
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Register now' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotPassword');
    expect(screen.getByRole('link', { name: 'Language: English' })).toHaveAttribute('href', '/setting/language');
  });

  it('encrypts the credentials, starts the session and returns to the interrupted screen', async () => {
    const keys = await createServerKeys();
    let loginPayload: Record<string, unknown> | undefined;
    let loginKid: string | undefined;
    const { sent } = mockFetch({
      'GET /api/user/publicKey': () => ok(keys.publicKeyResponse),
      'POST /api/user/login': async (request) => {
        const { payload, protectedHeader } = await keys.decrypt((request.body as { query: string }).query);
        loginPayload = payload;
        loginKid = protectedHeader.kid;
        return ok({ userinfo: { ...sampleUser, token: 'fresh-token', expiresAt: '2026-12-01T00:00:00Z' } });
      },
      'GET /api/stock/getconfig': () => ok(sampleConfig),
    });
    const user = userEvent.setup();
    renderApp('/setting');

    await user.type(await screen.findByLabelText('Mobile number'), '+49 151 2345 6789');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/setting');
    expect(loginPayload).toMatchObject({ username: '+4915123456789', password: 'secret123' });
    expect(typeof loginPayload?.iat).toBe('number');
    expect(typeof loginPayload?.nonce).toBe('string');
    expect(loginKid).toBe('test-key-1');
    expect(Object.keys(sent[1]!.body as object)).toEqual(['query']);
    expect(sent[1]!.headers.token).toBeUndefined();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');
    expect(useSessionStore.getState().userInfo?.nickname).toBe('Ada');
  });

  it('shows the server’s message, also at the password field, and stays logged out when the credentials are wrong', async () => {
    const keys = await createServerKeys();
    mockFetch({
      'GET /api/user/publicKey': () => ok(keys.publicKeyResponse),
      'POST /api/user/login': () => failure(401, 'INVALID_CREDENTIALS', 'Wrong mobile number or password'),
    });
    const user = userEvent.setup();
    renderApp('/login');

    await user.type(await screen.findByLabelText('Mobile number'), '+4915123456789');
    await user.type(screen.getByLabelText('Password'), 'wrong1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() =>
      expect(document.querySelector('.adm-toast-main')).toHaveTextContent('Wrong mobile number or password'),
    );
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Wrong mobile number or password');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled());
    expect(useSessionStore.getState().token).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('prefills the phone handed over by registration', async () => {
    mockFetch({});
    renderApp('/login', { phone: '+4915123456789' });
    expect(await screen.findByLabelText('Mobile number')).toHaveValue('+4915123456789');
  });
});
