import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeeSettings, SettingsChange } from '@bourse/shared/schemas/settings-admin';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { FINANCE, TOKEN, configRoute, pageOf, renderApp } from '../../../test/render-app.tsx';

const STORED: FeeSettings = {
  minDeposit: '100.00',
  minWithdrawal: '50.00',
  minTransfer: '100.00',
  withdrawalFee: '1.50',
  commissionRate: '0.0025',
  commissionMin: '5.00',
  transactionFeeRate: '0.0001',
  stampDutyRate: '0.0010',
  tPlusOne: 'false',
  fourEyesThreshold: '10000.00',
  maxDeposit: '50000.00',
  maxDepositsPerDay: '100000.00',
  loanAnnualRate: '8.00',
  loanTermsDays: '30,90,180,365',
  loanLimitLevel1: '5000.00',
  loanLimitLevel2: '10000.00',
  loanLimitLevel3: '20000.00',
  loanLimitLevel4: '50000.00',
  loanLimitLevel5: '100000.00',
  idempotencyRetentionHours: '48',
  outboxRetentionDays: '90',
};

const change = (overrides: Partial<SettingsChange> = {}): SettingsChange => ({
  id: 7,
  status: 'pending',
  changes: [{ key: 'fourEyesThreshold', from: '10000.00', to: '20000.00' }],
  proposedBy: 'bob',
  proposedAt: '2026-11-23T09:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  reason: null,
  ...overrides,
});

/** A settings server with a queue of pending changes; a decision takes a change off the queue. */
function stubServer(options: { pending?: SettingsChange[]; holdOnPut?: boolean; refuseDecision?: boolean } = {}) {
  let pending = options.pending ?? [];
  return stubApi({
    ...configRoute,
    'GET /api/admin/me': () => ok(FINANCE),
    'GET /api/admin/withdrawals': () => ok(pageOf([])),
    'GET /api/admin/settings': () => ok(STORED),
    'GET /api/admin/settings/changes': () => ok(pageOf(pending)),
    'PUT /api/admin/settings': ({ body }) => {
      // The server holds a lower fee for a second operator and stores nothing of it.
      const held = change({
        id: 9,
        proposedBy: FINANCE.username,
        changes: Object.entries(body as Record<string, string>).map(([key, to]) => ({
          key,
          from: STORED[key as keyof FeeSettings],
          to,
        })),
      });
      if (options.holdOnPut) pending = [...pending, held];
      return ok({ ...STORED, pendingChange: options.holdOnPut ? held : null });
    },
    'POST /api/admin/settings/changes/7/approve': () => {
      if (options.refuseDecision) {
        return fail(409, 'SETTINGS_CHANGE_NOT_PENDING', 'This settings change has already been decided');
      }
      pending = pending.filter((c) => c.id !== 7);
      return ok(change({ status: 'approved', decidedBy: FINANCE.username }));
    },
    'POST /api/admin/settings/changes/7/reject': () => {
      pending = pending.filter((c) => c.id !== 7);
      return ok(change({ status: 'rejected', decidedBy: FINANCE.username }));
    },
  });
}

const queue = () => screen.findByRole('region', { name: 'Changes awaiting a second operator' });

describe('settings changes awaiting a second operator', () => {
  it('shows another operator’s change with approve and reject; approving sends it and empties the queue', async () => {
    const api = stubServer({ pending: [change()] });
    const { user } = await renderApp({ token: TOKEN, path: '/settings' });
    const region = await queue();
    const item = within(region).getByRole('listitem', { name: 'Proposed by bob' });
    expect(within(item).getByText('Four-eyes threshold for withdrawals: 10000.00 → 20000.00')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Reject' })).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Change approved: it is now in effect')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/settings/changes/7/approve')).toHaveLength(1);
    expect(api.calls('POST', '/api/admin/settings/changes/7/reject')).toHaveLength(0);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Changes awaiting a second operator' })).not.toBeInTheDocument(),
    );
    // The settings are read again: an approval changes them.
    expect(api.calls('GET', '/api/admin/settings').length).toBeGreaterThan(1);
  });

  it('rejects with the reject button', async () => {
    const api = stubServer({ pending: [change()] });
    const { user } = await renderApp({ token: TOKEN, path: '/settings' });
    await user.click(within(await queue()).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Change rejected: the settings stay as they are')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/settings/changes/7/reject')).toHaveLength(1);
  });

  it('shows the server’s refusal when another operator decided first', async () => {
    stubServer({ pending: [change()], refuseDecision: true });
    const { user } = await renderApp({ token: TOKEN, path: '/settings' });
    await user.click(within(await queue()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This settings change has already been decided')).toBeInTheDocument();
  });

  it('offers the proposer no approval of their own change, only the notice that it waits', async () => {
    stubServer({ pending: [change({ proposedBy: FINANCE.username })] });
    await renderApp({ token: TOKEN, path: '/settings' });
    const region = await queue();
    expect(within(region).getByText('Your proposal: another operator must approve it')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('edits the deposit maximums and the four-eyes threshold; raising the threshold is held for approval', async () => {
    const api = stubServer({ holdOnPut: true });
    const { user } = await renderApp({ token: TOKEN, path: '/settings' });
    const section = await screen.findByRole('region', { name: 'Deposit maximums and four eyes' });
    expect(within(section).getByRole('textbox', { name: 'Maximum per deposit' })).toHaveValue('50000.00');
    expect(within(section).getByRole('textbox', { name: 'Maximum deposits per investor and day' })).toHaveValue(
      '100000.00',
    );
    const threshold = within(section).getByRole('textbox', { name: 'Four-eyes threshold for withdrawals' });
    expect(threshold).toHaveValue('10000.00');
    await user.clear(threshold);
    await user.type(threshold, '20000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Four-eyes threshold for withdrawals: 10000.00 → 20000.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText(
        'Changes that loosen a money control wait for another operator’s approval and take effect only then',
      ),
    ).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/settings')[0]?.body).toEqual({ fourEyesThreshold: '20000.00' });
  });

  it('tells the proposer that a loosening change awaits approval instead of saying it was saved', async () => {
    stubServer({ holdOnPut: true });
    const { user } = await renderApp({ token: TOKEN, path: '/settings' });
    const fee = await screen.findByRole('textbox', { name: 'Withdrawal fee' });
    await user.clear(fee);
    await user.type(fee, '1.00');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText(
        'Changes that loosen a money control wait for another operator’s approval and take effect only then',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
    // The queue now shows the proposal as the proposer's own.
    const region = await queue();
    expect(within(region).getByText('Withdrawal fee: 1.50 → 1.00')).toBeInTheDocument();
    expect(within(region).getByText('Your proposal: another operator must approve it')).toBeInTheDocument();
    // The form shows the stored fee, not the proposed one.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Withdrawal fee' })).toHaveValue('1.50'));
  });
});
