import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminMemberStanding, AdminMemberTier, CreditPointRule } from '@bourse/shared/schemas/members';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { COMPLIANCE, FINANCE, TOKEN, configRoute, pageOf, renderApp } from '../../../test/render-app.tsx';
import type { OperatorInfo } from '@bourse/shared/schemas/admin';

const RULES: CreditPointRule[] = [
  { code: 'first_deposit', points: 100, active: true, deducts: false, updatedAt: null, updatedBy: null },
  { code: 'identity_verified', points: 100, active: true, deducts: false, updatedAt: null, updatedBy: null },
  { code: 'loan_repaid_late', points: -100, active: true, deducts: true, updatedAt: null, updatedBy: null },
  {
    code: 'loan_repaid_on_time',
    points: 50,
    active: false,
    deducts: false,
    updatedAt: '2026-11-25T10:00:00.000Z',
    updatedBy: 'carol',
  },
];
const TIERS: AdminMemberTier[] = ['0.00', '10000.00', '50000.00', '200000.00', '1000000.00'].map(
  (minTotalAssets, index) => ({ level: index + 1, minTotalAssets, updatedAt: null, updatedBy: null }),
);

function stubMembers(operator: OperatorInfo, options: { refuseTiers?: boolean } = {}) {
  let rules = RULES.map((rule) => ({ ...rule }));
  let tiers = TIERS.map((tier) => ({ ...tier }));
  return stubApi({
    ...configRoute,
    'GET /api/admin/me': () => ok(operator),
    'GET /api/admin/withdrawals': () => ok(pageOf([])),
    'GET /api/admin/kyc': () => ok(pageOf([])),
    'GET /api/admin/members/rules': () => ok(rules),
    'GET /api/admin/members/tiers': () => ok(tiers),
    'PUT /api/admin/members/rules/loan_repaid_late': ({ body }) => {
      rules = rules.map((rule) =>
        rule.code === 'loan_repaid_late'
          ? { ...rule, ...(body as Partial<CreditPointRule>), updatedBy: 'carol' }
          : rule,
      );
      return ok(rules.find((rule) => rule.code === 'loan_repaid_late'));
    },
    'PUT /api/admin/members/tiers': ({ body }) => {
      if (options.refuseTiers) return fail(400, 'MEMBER_TIERS_INVALID', 'Tiers refused (from the server)');
      tiers = (body as { tiers: Array<{ level: number; minTotalAssets: string }> }).tiers.map((tier) => ({
        ...tier,
        updatedAt: '2026-11-26T10:00:00.000Z',
        updatedBy: 'carol',
      }));
      return ok(tiers);
    },
  });
}

describe('points & levels', () => {
  it('lists the rules with their points, direction and state', async () => {
    stubMembers(FINANCE);
    await renderApp({ token: TOKEN, path: '/members' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Points & levels' })).toBeInTheDocument();
    const table = within(screen.getByRole('region', { name: 'Credit point rules' }));
    const late = (await table.findByText('Loan repaid late')).closest('tr')!;
    expect(within(late).getByText('-100')).toBeInTheDocument();
    expect(within(late).getByText('Deducts points')).toBeInTheDocument();
    const onTime = table.getByText('Loan repaid on time').closest('tr')!;
    expect(within(onTime).getByText('Inactive')).toBeInTheDocument();
    expect(within(onTime).getByText(/carol/)).toBeInTheDocument();
  });

  it('edits a deducting rule: a positive number is refused before the server, then only the change is sent', async () => {
    const api = stubMembers(FINANCE);
    const { user } = await renderApp({ token: TOKEN, path: '/members' });
    await user.click(await screen.findByRole('button', { name: 'Edit: Loan repaid late' }));
    const dialog = await screen.findByRole('dialog', { name: 'Loan repaid late' });
    const points = within(dialog).getByRole('textbox', { name: 'Points' });
    await user.clear(points);
    await user.type(points, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The hint under the field, and the same text as the field's error.
    await waitFor(() => expect(within(dialog).getAllByText('A whole number from −10,000 to −1')).toHaveLength(2));
    expect(api.calls('PUT', '/api/admin/members/rules/loan_repaid_late')).toHaveLength(0);
    await user.clear(points);
    await user.type(points, '-150');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT', '/api/admin/members/rules/loan_repaid_late')).toHaveLength(1));
    expect(api.calls('PUT', '/api/admin/members/rules/loan_repaid_late')[0]!.body).toEqual({ points: -150 });
    expect(await screen.findByText('Rule saved')).toBeInTheDocument();
  });

  it('refuses tiers that do not increase before calling the server, then saves all five', async () => {
    const api = stubMembers(FINANCE);
    const { user } = await renderApp({ token: TOKEN, path: '/members' });
    const level3 = await screen.findByRole('textbox', { name: 'Level 3 · Gold' });
    expect(screen.getByRole('textbox', { name: 'Level 1 · Basic' })).toBeDisabled();
    await user.clear(level3);
    await user.type(level3, '5000.00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Give a minimum for each of the levels 1 to 5/)).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/members/tiers')).toHaveLength(0);
    await user.clear(level3);
    await user.type(level3, '40000.00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT', '/api/admin/members/tiers')).toHaveLength(1));
    expect(api.calls('PUT', '/api/admin/members/tiers')[0]!.body).toEqual({
      tiers: [
        { level: 1, minTotalAssets: '0.00' },
        { level: 2, minTotalAssets: '10000.00' },
        { level: 3, minTotalAssets: '40000.00' },
        { level: 4, minTotalAssets: '200000.00' },
        { level: 5, minTotalAssets: '1000000.00' },
      ],
    });
    expect(await screen.findByText('Level tiers saved')).toBeInTheDocument();
  });

  it('shows the server’s refusal of the tiers', async () => {
    stubMembers(FINANCE, { refuseTiers: true });
    const { user } = await renderApp({ token: TOKEN, path: '/members' });
    await screen.findByRole('textbox', { name: 'Level 3 · Gold' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tiers refused (from the server)')).toBeInTheDocument();
  });

  it('shows compliance the rules and tiers without a way to change them', async () => {
    stubMembers(COMPLIANCE);
    await renderApp({ token: TOKEN, path: '/members' });
    await screen.findByText('Loan repaid late');
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Level 3 · Gold' })).toBeDisabled();
  });
});

describe('an investor’s points and level on the user page', () => {
  it('lists the point changes and level changes', async () => {
    const standing: AdminMemberStanding = {
      userId: 7,
      creditPoints: 200,
      level: 2,
      points: [
        { id: 2, rule: 'first_deposit', points: 100, balanceAfter: 200, createdAt: '2026-11-25T10:00:00.000Z' },
        { id: 1, rule: 'identity_verified', points: 100, balanceAfter: 100, createdAt: '2026-11-24T10:00:00.000Z' },
      ],
      levels: [
        {
          id: 1,
          fromLevel: 1,
          toLevel: 2,
          totalAssets: '10000.00',
          reason: 'daily_review',
          businessDate: '2026-11-25',
          createdAt: '2026-11-25T23:00:01.000Z',
        },
      ],
    };
    const api = stubApi({
      ...configRoute,
      'GET /api/admin/me': () => ok(FINANCE),
      'GET /api/admin/users/7': () =>
        ok({
          user: {
            id: 7,
            phone: '+491701234567',
            nickname: 'erika',
            kycStatus: 'approved',
            status: 'active',
            level: 2,
            creditPoints: 200,
            createdAt: '2026-11-20T10:00:00.000Z',
          },
          balances: [],
          entries: [],
          cards: [],
          sessions: [],
        }),
      'GET /api/admin/users/7/positions': () => ok([]),
      'GET /api/admin/members/users/7': () => ok(standing),
    });
    await renderApp({ token: TOKEN, path: '/users/7' });
    const section = within(await screen.findByRole('region', { name: 'Credit points and level' }));
    expect(await section.findByText('Level 2 · Silver')).toBeInTheDocument();
    expect(section.getByText('Identity verified')).toBeInTheDocument();
    expect(section.getByText('First deposit').closest('tr')).toHaveTextContent('+100200');
    expect(section.getByText('Level 1 → 2')).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/members/users/7')).toHaveLength(1);
  });
});
