import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seesInvestorMoney, type OperatorInfo } from '@bourse/shared/schemas/admin';
import { fail, ok, stubApi, type RecordedRequest } from '../../../test/api-stub.ts';
import {
  COMPLIANCE,
  FINANCE,
  SUPPORT,
  TOKEN,
  configRoute,
  money,
  pageOf,
  renderApp,
} from '../../../test/render-app.tsx';
import type { AdminUser, AdminUserDetail } from '@bourse/shared/schemas/admin-users';

const ADA: AdminUser = {
  id: 7,
  phone: '+4915123456789',
  nickname: 'ada',
  kycStatus: 'approved',
  status: 'active',
  level: 2,
  creditPoints: 120,
  createdAt: '2026-10-01T08:00:00.000Z',
};
const ALAN: AdminUser = { ...ADA, id: 8, phone: '+4915299999999', nickname: 'alan', kycStatus: 'none' };

function detailOf(user: AdminUser): AdminUserDetail {
  return {
    user,
    balances: {
      cash: '1500.00',
      frozen: '250.00',
      fund: '0.00',
      fundPending: '0.00',
      redeemPending: '0.00',
      loan: '0.00',
    },
    entries: [
      {
        id: 301,
        kind: 'withdrawal.hold',
        memo: null,
        createdAt: '2026-11-23T09:00:00.000Z',
        postings: [
          { account: 'user:7:cash:EUR', amount: '-250.00' },
          { account: 'user:7:frozen:EUR', amount: '250.00' },
        ],
      },
      {
        id: 300,
        kind: 'deposit',
        memo: 'sandbox payment 90',
        createdAt: '2026-11-22T09:00:00.000Z',
        postings: [
          { account: 'system:bank_clearing:EUR', amount: '-1750.00' },
          { account: 'user:7:cash:EUR', amount: '1750.00' },
        ],
      },
    ],
    cards: [
      {
        id: 3,
        bankName: 'Sparkasse Berlin',
        holderName: 'Ada Lovelace',
        ibanMasked: 'DE89 •••• 3000',
        createdAt: '2026-10-02T08:00:00.000Z',
      },
    ],
    sessions: [
      {
        id: 55,
        createdAt: '2026-11-23T08:00:00.000Z',
        lastSeenAt: '2026-11-23T08:30:00.000Z',
        // Far ahead: still valid whenever the test runs.
        expiresAt: '2999-01-01T00:00:00.000Z',
        revokedAt: null,
        ip: '203.0.113.9',
        userAgent: 'Mozilla/5.0 (iPhone)',
      },
    ],
  };
}

/** A server with two investors that searches, shows and freezes them like the real one. */
function stubUserServer(operator: OperatorInfo) {
  const users = new Map([ADA, ALAN].map((user) => [user.id, detailOf(user)]));
  const changeStatus = (id: number, status: AdminUser['status']) => {
    const detail = users.get(id);
    if (!detail) return fail(404, 'NOT_FOUND', 'Not found');
    if (detail.user.status === status) return fail(409, 'CONFLICT', 'Already so (from the server)');
    const revokedAt = '2026-11-23T10:00:00.000Z';
    users.set(id, {
      ...detail,
      user: { ...detail.user, status },
      // Freezing signs the investor out everywhere.
      sessions: status === 'frozen' ? detail.sessions.map((s) => ({ ...s, revokedAt })) : detail.sessions,
    });
    return ok(users.get(id)?.user);
  };
  return stubApi({
    ...configRoute,
    'GET /api/admin/me': () => ok(operator),
    'GET /api/admin/invitations': () => ok(pageOf([])),
    'GET /api/admin/kyc': () => ok(pageOf([])),
    'GET /api/admin/withdrawals': () => ok(pageOf([])),
    'GET /api/admin/users': ({ query }: RecordedRequest) => {
      const q = query.get('q') ?? '';
      const found = [...users.values()]
        .map(({ user }) => user)
        .filter((user) => user.phone.includes(q) || user.nickname.includes(q));
      return ok(pageOf(found));
    },
    // Like the server: the money on the page only for the roles that see it (DESIGN §4).
    'GET /api/admin/users/7': () => ok(seesInvestorMoney(operator.roles) ? users.get(7) : { user: users.get(7)?.user }),
    'GET /api/admin/users/7/positions': () =>
      seesInvestorMoney(operator.roles) ? ok([]) : fail(403, 'FORBIDDEN', 'You are not allowed to do this'),
    'POST /api/admin/users/7/freeze': () => changeStatus(7, 'frozen'),
    'POST /api/admin/users/7/unfreeze': () => changeStatus(7, 'active'),
  });
}

function rowOf(container: HTMLElement, text: string): HTMLElement {
  const row = within(container).getByText(text).closest('tr');
  if (!row) throw new Error(`no table row for ${text}`);
  return row;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('users', () => {
  it('searches by mobile number and opens the user’s page with balances, entries, cards and sessions', async () => {
    const api = stubUserServer(FINANCE);
    const { user } = await renderApp({ token: TOKEN, path: '/users' });
    await screen.findByRole('link', { name: ALAN.phone });

    await user.type(screen.getByLabelText('Search by mobile number or nickname'), ' +49151 ');
    await user.click(screen.getByRole('button', { name: /Search/ }));

    await waitFor(() => expect(screen.queryByRole('link', { name: ALAN.phone })).not.toBeInTheDocument());
    expect(api.calls('GET', '/api/admin/users').at(-1)?.query.get('q')).toBe('+49151');
    const row = screen.getByRole('link', { name: ADA.phone }).closest('tr');
    expect(row).toHaveTextContent('Verified');
    expect(row).toHaveTextContent('Active');

    await user.click(screen.getByRole('link', { name: ADA.phone }));

    expect(await screen.findByRole('heading', { level: 1, name: 'User 7' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Balances' });
    const balances = section('Balances');
    await waitFor(() => expect(within(balances).getByText(money('1500.00'))).toBeInTheDocument());
    expect(within(balances).getByText('Cash (available)')).toBeInTheDocument();
    expect(within(balances).getByText(money('250.00'))).toBeInTheDocument();

    // Each entry lists its postings per account, with signed amounts that sum to zero.
    const entries = section('Recent ledger entries');
    const hold = rowOf(entries, 'withdrawal.hold');
    const postings = within(hold)
      .getAllByRole('row')
      .map((posting) => posting.textContent);
    expect(postings).toEqual([`Cash (available)${money('-250.00')}`, `Frozen${money('250.00')}`]);
    const deposit = rowOf(entries, 'deposit');
    expect(deposit).toHaveTextContent('sandbox payment 90');
    expect(deposit).toHaveTextContent(`Bank clearing${money('-1750.00')}`);

    expect(within(rowOf(section('Bank cards'), 'Sparkasse Berlin')).getByText('DE89 •••• 3000')).toBeInTheDocument();
    const session = rowOf(section('Sessions'), '203.0.113.9');
    expect(session).toHaveTextContent('Active');
    expect(session).toHaveTextContent('Mozilla/5.0 (iPhone)');

    // Finance may look, not freeze.
    expect(screen.queryByRole('button', { name: 'Freeze account' })).not.toBeInTheDocument();
  });

  it('shows support the profile only: no balances, lots, entries, cards or sessions', async () => {
    const api = stubUserServer(SUPPORT);
    const { user } = await renderApp({ token: TOKEN, path: '/users' });
    await user.click(await screen.findByRole('link', { name: ADA.phone }));

    expect(await screen.findByRole('heading', { level: 1, name: 'User 7' })).toBeInTheDocument();
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText(ADA.phone)).toBeInTheDocument();
    expect(within(profile).getByText('Verified')).toBeInTheDocument();
    for (const name of ['Balances', 'Positions', 'Recent ledger entries', 'Bank cards', 'Sessions']) {
      expect(screen.queryByRole('region', { name }), name).not.toBeInTheDocument();
    }
    expect(screen.queryByText('203.0.113.9')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Orders & fills' })).not.toBeInTheDocument();
    // The lots are not even asked for (the server would refuse them).
    expect(api.calls('GET', '/api/admin/users/7/positions')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Freeze account' })).not.toBeInTheDocument();
  });

  it('freezes only with a reason, then shows the account frozen and its sessions revoked', async () => {
    const api = stubUserServer(COMPLIANCE);
    const { user } = await renderApp({ token: TOKEN, path: '/users/7' });

    await user.click(await screen.findByRole('button', { name: 'Freeze account' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Freeze the account of +4915123456789');

    await user.click(within(dialog).getByRole('button', { name: 'Freeze account' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), '  ');
    await user.click(within(dialog).getByRole('button', { name: 'Freeze account' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/users/7/freeze')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'Reported stolen phone ');
    await user.click(within(dialog).getByRole('button', { name: 'Freeze account' }));

    expect(await screen.findByText('Account of +4915123456789 frozen')).toBeInTheDocument();
    const [freeze] = api.calls('POST', '/api/admin/users/7/freeze');
    expect(freeze?.body).toEqual({ reason: 'Reported stolen phone' });
    expect(freeze?.headers.get('token')).toBe(TOKEN);
    // The page was loaded again: frozen, signed out everywhere, and the way back offered.
    expect(await screen.findByRole('button', { name: 'Unfreeze account' })).toBeInTheDocument();
    expect(within(section('Profile')).getByText('Frozen')).toBeInTheDocument();
    expect(rowOf(section('Sessions'), '203.0.113.9')).toHaveTextContent('Revoked');
  });

  it('does not offer freezing to finance', async () => {
    stubUserServer(FINANCE);
    await renderApp({ token: TOKEN, path: '/users/7' });

    await screen.findByRole('region', { name: 'Profile' });
    expect(within(section('Profile')).getByText('+4915123456789')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Freeze account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unfreeze account' })).not.toBeInTheDocument();
  });
});
