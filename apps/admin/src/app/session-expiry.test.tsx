import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../test/api-stub.ts';
import { ADMIN, TOKEN, renderApp } from '../test/render-app.tsx';
import { TOKEN_STORAGE_KEY } from '../lib/session.ts';

describe('an expired operator session', () => {
  it('is cleared on a 401 and the console returns to sign-in with the server message', async () => {
    const api = stubApi({
      'GET /api/admin/me': () => ok(ADMIN),
      'GET /api/admin/invitations': () => fail(401, 'SESSION_EXPIRED', 'Sitzung abgelaufen (vom Server)'),
    });
    await renderApp({ token: TOKEN, path: '/invitations' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // The sign-in screen says why, in the server's words.
    expect(screen.getByRole('alert')).toHaveTextContent('Sitzung abgelaufen (vom Server)');
    // The list was asked for once with the old token; a 401 is not retried.
    expect(api.calls('GET', '/api/admin/invitations')).toHaveLength(1);
    expect(api.calls('GET', '/api/admin/invitations')[0]?.headers.get('token')).toBe(TOKEN);
  });

  it('is cleared when the stored token is no longer known to the server', async () => {
    stubApi({ 'GET /api/admin/me': () => fail(401, 'UNAUTHORIZED', 'Bitte anmelden (vom Server)') });
    await renderApp({ token: 'revoked-token', path: '/audit' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte anmelden (vom Server)');
  });
});
