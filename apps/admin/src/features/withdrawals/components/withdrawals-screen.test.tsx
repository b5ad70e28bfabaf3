import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminWithdrawal } from '@bourse/shared/schemas/wallet';
import { fail, ok, stubApi, type RecordedRequest } from '../../../test/api-stub.ts';
import { FINANCE, TOKEN, configRoute, money, pageOf, renderApp } from '../../../test/render-app.tsx';

function withdrawalFixture(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    id: 41,
    userId: 7,
    phone: '+4915123456789',
    cardId: 3,
    amount: '1000.00',
    fee: '2.50',
    status: 'pending',
    reason: null,
    createdAt: '2026-11-23T09:00:00.000Z',
    card: { bankName: 'Sparkasse Berlin', holderName: 'Ada Lovelace', ibanMasked: 'DE89 •••• 3000' },
    ...overrides,
  };
}

/**
 * A server holding `withdrawals` that lists and decides them like the real one. `approvalsRequired`
 * 2 is a withdrawal above the four-eyes threshold: the first approval leaves it pending.
 */
function stubWithdrawalServer(initial: AdminWithdrawal[], { approvalsRequired = 1 } = {}) {
  let withdrawals = [...initial];
  let approvals = 0;
  const decide = (id: number, change: Partial<AdminWithdrawal>) => {
    const current = withdrawals.find((w) => w.id === id);
    if (!current || current.status !== 'pending') {
      return fail(409, 'WITHDRAWAL_NOT_PENDING', 'Already decided (from the server)');
    }
    if (change.status === 'paid') approvals += 1;
    const decided = change.status === 'paid' && approvals < approvalsRequired ? current : { ...current, ...change };
    withdrawals = withdrawals.map((w) => (w.id === id ? decided : w));
    const { userId: _userId, phone: _phone, card: _card, ...plain } = decided;
    return ok({ ...plain, approvals, approvalsRequired });
  };
  return stubApi({
    ...configRoute,
    'GET /api/admin/me': () => ok(FINANCE),
    'GET /api/admin/withdrawals': ({ query }: RecordedRequest) =>
      ok(pageOf(withdrawals.filter((w) => w.status === query.get('status')))),
    'POST /api/admin/withdrawals/41/pay': () => decide(41, { status: 'paid' }),
    'POST /api/admin/withdrawals/41/reject': ({ body }) =>
      decide(41, { status: 'rejected', reason: (body as { reason: string }).reason }),
  });
}

function rowOf(phone: string): HTMLElement {
  const row = screen.getByRole('link', { name: phone }).closest('tr');
  if (!row) throw new Error(`no table row for ${phone}`);
  return row;
}

async function openDialog(): Promise<HTMLElement> {
  return screen.findByRole('dialog');
}

describe('withdrawal queue', () => {
  it('lists pending withdrawals with amount, fee, net payout and the destination account', async () => {
    const api = stubWithdrawalServer([withdrawalFixture()]);
    await renderApp({ token: TOKEN, path: '/withdrawals' });

    expect(await screen.findByRole('tab', { name: 'Pending', selected: true })).toBeInTheDocument();
    await screen.findByRole('link', { name: '+4915123456789' });
    // Amounts come from the server as strings; 1000.00 − 2.50 = 997.50 reaches the bank.
    await waitFor(() => expect(within(rowOf('+4915123456789')).getByText(money('1000.00'))).toBeInTheDocument());
    const row = rowOf('+4915123456789');
    expect(within(row).getByText(money('2.50'))).toBeInTheDocument();
    expect(within(row).getByText(money('997.50'))).toBeInTheDocument();
    expect(within(row).getByText('DE89 •••• 3000')).toBeInTheDocument();
    expect(within(row).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '+4915123456789' })).toHaveAttribute('href', '#/users/7');

    const [list] = api.calls('GET', '/api/admin/withdrawals');
    expect(list?.query.get('status')).toBe('pending');
    expect(list?.query.get('page')).toBe('1');
    expect(list?.headers.get('token')).toBe(TOKEN);
  });

  it('pays only after a confirmation showing amount, fee, net, masked IBAN and holder', async () => {
    const api = stubWithdrawalServer([withdrawalFixture()]);
    const { user } = await renderApp({ token: TOKEN, path: '/withdrawals' });

    await user.click(await screen.findByRole('button', { name: 'Pay: withdrawal 41' }));
    let dialog = await openDialog();
    expect(within(dialog).getByText('Pay withdrawal 41?')).toBeInTheDocument();
    expect(within(dialog).getByText(money('1000.00'))).toBeInTheDocument();
    expect(within(dialog).getByText(money('2.50'))).toBeInTheDocument();
    expect(within(dialog).getByText(money('997.50'))).toBeInTheDocument();
    expect(within(dialog).getByText('DE89 •••• 3000')).toBeInTheDocument();
    expect(within(dialog).getByText('Ada Lovelace')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('POST', '/api/admin/withdrawals/41/pay')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Pay: withdrawal 41' }));
    dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Withdrawal 41 marked as paid')).toBeInTheDocument();
    const [pay] = api.calls('POST', '/api/admin/withdrawals/41/pay');
    expect(pay?.headers.get('token')).toBe(TOKEN);
    expect(pay?.body).toBeUndefined();
    expect(api.calls('POST', '/api/admin/withdrawals/41/reject')).toHaveLength(0);
    // The queue was asked again and no longer holds it; the paid tab does.
    expect(await screen.findByText('No withdrawals with this status')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Paid' }));
    await screen.findByRole('link', { name: '+4915123456789' });
    expect(within(rowOf('+4915123456789')).getByText('Paid')).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/withdrawals').at(-1)?.query.get('status')).toBe('paid');
  });

  it('says a first approval under four eyes is recorded, not paid, and keeps the withdrawal pending', async () => {
    stubWithdrawalServer([withdrawalFixture({ amount: '12000.00' })], { approvalsRequired: 2 });
    const { user } = await renderApp({ token: TOKEN, path: '/withdrawals' });

    await user.click(await screen.findByRole('button', { name: 'Pay: withdrawal 41' }));
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));

    expect(
      await screen.findByText(
        'Your approval of withdrawal 41 is recorded (1 of 2): it is paid only once another operator approves it',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Withdrawal 41 marked as paid')).not.toBeInTheDocument();
    // Still in the pending queue, waiting for the second operator.
    await screen.findByRole('link', { name: '+4915123456789' });
    expect(within(rowOf('+4915123456789')).getByText('Pending')).toBeInTheDocument();
  });

  it('rejects only with a reason, which it sends trimmed', async () => {
    const api = stubWithdrawalServer([withdrawalFixture()]);
    const { user } = await renderApp({ token: TOKEN, path: '/withdrawals' });

    await user.click(await screen.findByRole('button', { name: 'Reject: withdrawal 41' }));
    const dialog = await openDialog();
    expect(within(dialog).getByText('Reject withdrawal 41')).toBeInTheDocument();
    expect(within(dialog).getByText(money('1000.00'))).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason (sent to the investor)'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/withdrawals/41/reject')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason (sent to the investor)'), 'IBAN does not match the holder ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('Withdrawal 41 rejected')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/withdrawals/41/reject')[0]?.body).toEqual({
      reason: 'IBAN does not match the holder',
    });
    expect(api.calls('POST', '/api/admin/withdrawals/41/pay')).toHaveLength(0);
    expect(await screen.findByText('No withdrawals with this status')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    expect(await screen.findByText('IBAN does not match the holder')).toBeInTheDocument();
  });

  it('shows the server’s refusal when another operator decided first, and refreshes the queue', async () => {
    const api = stubWithdrawalServer([withdrawalFixture()]);
    const { user } = await renderApp({ token: TOKEN, path: '/withdrawals' });
    await user.click(await screen.findByRole('button', { name: 'Pay: withdrawal 41' }));
    const dialog = await openDialog();
    // Someone else pays it in the meantime.
    await fetch('/api/admin/withdrawals/41/pay', { method: 'POST' });
    const listed = api.calls('GET', '/api/admin/withdrawals').length;

    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Already decided (from the server)')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', '/api/admin/withdrawals').length).toBeGreaterThan(listed));
    expect(await screen.findByText('No withdrawals with this status')).toBeInTheDocument();
  });
});
