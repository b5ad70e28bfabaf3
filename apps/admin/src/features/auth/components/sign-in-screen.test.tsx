import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/session.ts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { ADMIN, pageOf, renderApp } from '../../../test/render-app.tsx';

const LOGIN = 'POST /api/admin/login';

async function fillAndSubmit(
  user: Awaited<ReturnType<typeof renderApp>>['user'],
  values: { username: string; password: string; totp: string },
) {
  await user.type(await screen.findByLabelText('Username'), values.username);
  await user.type(screen.getByLabelText('Password'), values.password);
  await user.type(screen.getByLabelText('Authenticator code'), values.totp);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in', () => {
  it('sends username, password and code, stores the token and opens the requested screen', async () => {
    const api = stubApi({
      [LOGIN]: () => ok({ token: 'fresh-token', expiresAt: '2026-03-02T20:30:00.000Z', operator: ADMIN }),
      'GET /api/admin/invitations': () => ok(pageOf([])),
    });
    // Not signed in: the guard sends the operator to sign-in, remembering where they were going.
    const { user } = await renderApp({ path: '/invitations' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeInTheDocument();

    await fillAndSubmit(user, { username: ' alice ', password: 'correct horse', totp: '123456' });

    await waitFor(() => expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token'));
    const [login] = api.calls('POST', '/api/admin/login');
    expect(login?.body).toEqual({ username: 'alice', password: 'correct horse', totp: '123456' });
    expect(login?.headers.get('lang')).toBe('en');
    expect(login?.headers.get('accept-language')).toBe('en');
    expect(login?.headers.get('token')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation codes' })).toBeInTheDocument();
    // The operator came back with the sign-in answer; no extra /me round trip was needed.
    expect(api.calls('GET', '/api/admin/me')).toHaveLength(0);
  });

  it('offers the code field as a numeric one-time code', async () => {
    stubApi({});
    await renderApp({ path: '/sign-in' });
    const totp = await screen.findByLabelText('Authenticator code');
    expect(totp).toHaveAttribute('autocomplete', 'one-time-code');
    expect(totp).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it("shows the server's message when sign-in fails and keeps the operator signed out", async () => {
    const api = stubApi({
      [LOGIN]: () => fail(401, 'TOTP_INVALID', 'Benutzername, Passwort oder Code falsch (vom Server)'),
    });
    const { user } = await renderApp({ path: '/sign-in' });

    await fillAndSubmit(user, { username: 'alice', password: 'wrong', totp: '654321' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Benutzername, Passwort oder Code falsch (vom Server)');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeInTheDocument();
    // A used code is worthless: the field is emptied for the next one, the rest is kept.
    expect(screen.getByLabelText('Authenticator code')).toHaveValue('');
    expect(screen.getByLabelText('Username')).toHaveValue('alice');
    expect(api.calls('POST', '/api/admin/login')).toHaveLength(1);
  });

  it('asks for six digits before calling the server', async () => {
    const api = stubApi({});
    const { user } = await renderApp({ path: '/sign-in' });

    // Letters are dropped as they are typed, leaving four digits.
    await fillAndSubmit(user, { username: 'alice', password: 'secret', totp: '12ab34' });

    expect(screen.getByLabelText('Authenticator code')).toHaveValue('1234');
    await waitFor(() => expect(screen.getByLabelText('Authenticator code')).toHaveAttribute('aria-invalid', 'true'));
    expect(api.requests).toHaveLength(0);
  });
});
