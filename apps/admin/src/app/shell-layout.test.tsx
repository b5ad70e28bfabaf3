import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogs } from '@bourse/shared/i18n/index';
import type { OperatorInfo } from '@bourse/shared/schemas/admin';
import { ok, stubApi } from '../test/api-stub.ts';
import { ADMIN, COMPLIANCE, FINANCE, SUPPORT, TOKEN, pageOf, renderApp } from '../test/render-app.tsx';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n.ts';
import { TOKEN_STORAGE_KEY } from '../lib/session.ts';

function stubSignedIn(operator: OperatorInfo) {
  return stubApi({
    'GET /api/admin/me': () => ok(operator),
    'GET /api/admin/invitations': () => ok(pageOf([])),
    'GET /api/admin/audit': () => ok(pageOf([])),
    'GET /api/admin/withdrawals': () => ok(pageOf([])),
    'GET /api/admin/kyc': () => ok(pageOf([])),
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
  it('shows a support operator the invitation codes, user search and customer service', async () => {
    stubSignedIn(SUPPORT);
    await renderApp({ token: TOKEN });

    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation codes' })).toBeInTheDocument();
    // Orders and fills carry amounts: not support's (DESIGN §4).
    expect(await menuEntries()).toEqual([
      'Invitation codes',
      'Users',
      'Customer service',
      'Canned replies',
      'Announcements',
      'News',
    ]);
    expect(screen.getByText('Signed in as bob')).toBeInTheDocument();
    expect(screen.getByText('Support')).toBeInTheDocument();
    expect(screen.queryByText('Administrator')).not.toBeInTheDocument();
  });

  it('shows an administrator every section but the identity documents, and the localized role', async () => {
    stubSignedIn(ADMIN);
    await renderApp({ token: TOKEN });

    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation codes' })).toBeInTheDocument();
    expect(await menuEntries()).toEqual([
      'Invitation codes',
      'Withdrawals',
      'Deposits & transfers',
      'Users',
      'Customer service',
      'Canned replies',
      'Orders & fills',
      'Instruments',
      'New shares',
      'Block trades',
      'Loans',
      'Ledger check',
      'Fees & limits',
      'Points & levels',
      'Balance fund',
      'Business calendar',
      'Announcements',
      'News',
      'Account closures',
      'Audit log',
    ]);
    expect(screen.getByText('Administrator')).toBeInTheDocument();
  });

  it('starts finance on the withdrawal queue, with the money screens and user search', async () => {
    stubSignedIn(FINANCE);
    await renderApp({ token: TOKEN });

    expect(await screen.findByRole('heading', { level: 1, name: 'Withdrawals' })).toBeInTheDocument();
    expect(await menuEntries()).toEqual([
      'Withdrawals',
      'Deposits & transfers',
      'Users',
      'Orders & fills',
      'New shares',
      'Block trades',
      'Loans',
      'Ledger check',
      'Fees & limits',
      'Points & levels',
      'Balance fund',
    ]);
  });

  it('shows compliance the identity queue and user search, none of the money screens', async () => {
    stubSignedIn(COMPLIANCE);
    await renderApp({ token: TOKEN });

    expect(await screen.findByRole('heading', { level: 1, name: 'Identity verification' })).toBeInTheDocument();
    expect(await menuEntries()).toEqual([
      'Identity verification',
      'Users',
      'Orders & fills',
      'Points & levels',
      'Account closures',
    ]);
  });

  it('refuses a section the roles do not allow, even typed into the address bar', async () => {
    const api = stubSignedIn(SUPPORT);
    await renderApp({ token: TOKEN, path: '/audit' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are not allowed to do this' }),
    ).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/audit')).toHaveLength(0);
  });

  it.each([
    ['/withdrawals', 'GET', '/api/admin/withdrawals'],
    ['/payments', 'GET', '/api/admin/payments'],
    ['/settings', 'GET', '/api/admin/settings'],
    ['/ledger', 'POST', '/api/admin/ledger/verify'],
    ['/instruments', 'GET', '/api/admin/instruments'],
    ['/orders', 'GET', '/api/admin/orders'],
    ['/members', 'GET', '/api/admin/members/rules'],
    ['/closures', 'GET', '/api/admin/closures'],
  ])('refuses %s to support without asking the server', async (path, method, route) => {
    const api = stubSignedIn(SUPPORT);
    await renderApp({ token: TOKEN, path });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are not allowed to do this' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify ledger' })).not.toBeInTheDocument();
    expect(api.calls(method, route)).toHaveLength(0);
  });

  it('tells an operator without roles that no section is open, with an empty menu', async () => {
    stubSignedIn({ id: 9, username: 'erin', roles: [] });
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
