import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogs } from '@bourse/shared/i18n/index';
import { ok, stubApi } from '../test/api-stub.ts';
import { ADMIN, FINANCE, SUPPORT, TOKEN, pageOf, renderApp } from '../test/render-app.tsx';
import { LANGUAGE_STORAGE_KEY } from './i18n.ts';
import { TOKEN_STORAGE_KEY } from './session.ts';

function stubSignedIn(operator: typeof ADMIN) {
  return stubApi({
    'GET /api/admin/me': () => ok(operator),
    'GET /api/admin/invitations': () => ok(pageOf([])),
    'GET /api/admin/audit': () => ok(pageOf([])),
    'POST /api/admin/logout': () => ok(null),
  });
}

async function menuEntries() {
  const navigation = await screen.findByRole('navigation');
  return within(navigation)
    .queryAllByRole('menuitem')
    .map((item) => item.textContent);
}

describe('shell', () => {
  it('shows a support operator only the invitation codes', async () => {
    stubSignedIn(SUPPORT);
    await renderApp({ token: TOKEN });

    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation codes' })).toBeInTheDocument();
    expect(await menuEntries()).toEqual(['Invitation codes']);
    expect(screen.getByText('Signed in as bob')).toBeInTheDocument();
    expect(screen.getByText('Support')).toBeInTheDocument();
    expect(screen.queryByText('Administrator')).not.toBeInTheDocument();
  });

  it('shows an administrator every section and the localized role', async () => {
    stubSignedIn(ADMIN);
    await renderApp({ token: TOKEN });

    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation codes' })).toBeInTheDocument();
    expect(await menuEntries()).toEqual(['Invitation codes', 'Audit log']);
    expect(screen.getByText('Administrator')).toBeInTheDocument();
  });

  it('refuses a section the roles do not allow, even typed into the address bar', async () => {
    const api = stubSignedIn(SUPPORT);
    await renderApp({ token: TOKEN, path: '/audit' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are not allowed to do this' }),
    ).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/audit')).toHaveLength(0);
  });

  it('tells an operator whose roles open no section so, with an empty menu', async () => {
    stubSignedIn(FINANCE);
    await renderApp({ token: TOKEN });

    expect(await screen.findByRole('heading', { level: 1, name: /do not open any section/ })).toBeInTheDocument();
    expect(await menuEntries()).toEqual([]);
  });

  it('signs out on the server and forgets the token', async () => {
    const api = stubSignedIn(ADMIN);
    const { user } = await renderApp({ token: TOKEN });

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeInTheDocument();
    const [logout] = api.calls('POST', '/api/admin/logout');
    expect(logout?.headers.get('token')).toBe(TOKEN);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('switches the console language, remembers it and updates <html lang>', async () => {
    const api = stubSignedIn(ADMIN);
    const { user } = await renderApp({ token: TOKEN });
    await screen.findByRole('heading', { level: 1, name: 'Invitation codes' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch');

    const german = catalogs.de.admin;
    expect(await screen.findByRole('heading', { level: 1, name: german.invitations.title })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(document.title).toBe(german.title);

    // Later requests ask the server for German messages.
    await user.click(screen.getByRole('button', { name: german.signOut }));
    await waitFor(() => expect(api.calls('POST', '/api/admin/logout')).toHaveLength(1));
    expect(api.calls('POST', '/api/admin/logout')[0]?.headers.get('lang')).toBe('de');
  });
});
