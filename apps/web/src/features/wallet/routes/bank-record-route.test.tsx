import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@bourse/shared/format';
import type { FinanceRecord } from '@bourse/shared/schemas/wallet';
import { useSessionStore } from '../../../lib/session-store';
import { mockFetch, ok } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { sampleRecords } from '../../../test/wallet-samples';
import { userTimeZone } from '../../../ui/format-date';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

/** Serves the records the way the server filters them, by direction. */
function serve(records: FinanceRecord[] = sampleRecords) {
  return mockFetch({
    'GET /api/wallet/records': (request) => {
      const direction = new URL(request.url, 'http://localhost').searchParams.get('direction');
      return ok(records.filter((record) => record.direction === direction));
    },
  });
}

const recordRequests = (sent: { url: string }[]) =>
  sent.filter((request) => request.url.startsWith('/api/wallet/records')).map((request) => request.url);

describe('finance records (/bankRecord)', () => {
  it('asks for the chosen direction and period in the query string', async () => {
    logIn();
    const { sent } = serve();
    const user = userEvent.setup();
    renderApp('/bankRecord');

    expect(await screen.findByRole('heading', { level: 1, name: 'Finance records' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Incoming' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('radio', { name: 'This month' })).toBeChecked();
    await waitFor(() => expect(recordRequests(sent)).toEqual(['/api/wallet/records?direction=in&period=month']));

    await user.click(screen.getByRole('tab', { name: 'Outgoing' }));
    await waitFor(() => expect(recordRequests(sent)).toContain('/api/wallet/records?direction=out&period=month'));
    expect(screen.getByRole('tab', { name: 'Outgoing' })).toHaveAttribute('aria-selected', 'true');

    for (const [label, period] of [
      ['Today', 'today'],
      ['This week', 'week'],
      ['This quarter', 'quarter'],
      ['This year', 'year'],
    ] as const) {
      await user.click(screen.getByRole('radio', { name: label }));
      await waitFor(() => expect(recordRequests(sent)).toContain(`/api/wallet/records?direction=out&period=${period}`));
      expect(screen.getByRole('radio', { name: label })).toBeChecked();
    }

    // Back to incoming keeps the period; the arrow keys move between the tabs too.
    screen.getByRole('tab', { name: 'Outgoing' }).focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(recordRequests(sent)).toContain('/api/wallet/records?direction=in&period=year'));
    expect(screen.getByRole('tab', { name: 'Incoming' })).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/bankRecord');
  });

  it('opens the tab and period given in the address', async () => {
    logIn();
    const { sent } = serve();
    renderApp('/bankRecord?direction=out&period=week');
    await waitFor(() => expect(recordRequests(sent)).toEqual(['/api/wallet/records?direction=out&period=week']));
    expect(screen.getByRole('tab', { name: 'Outgoing' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('radio', { name: 'This week' })).toBeChecked();
  });

  it('shows type, amount, fee, status with the reason of a refusal, and the time in the user’s zone', async () => {
    logIn();
    serve();
    renderApp('/bankRecord?direction=out');

    const record = await screen.findByRole('listitem', { name: 'Withdrawal' });
    // Refused, so the money never left: the sign stays, the colour of an outflow does not.
    expect(within(record).getByText('-€200.00')).not.toHaveClass('money-text-loss');
    expect(within(record).getByText('Fee: €2.50')).toBeInTheDocument();
    expect(within(record).getByText('Rejected')).toBeInTheDocument();
    expect(within(record).getByText('Reason: The account name does not match.')).toBeInTheDocument();
    const time = within(record).getByText(formatDateTime('2026-11-20T09:30:05.000Z', userTimeZone()));
    expect(time).toHaveAttribute('dateTime', '2026-11-20T09:30:05.000Z');
    expect(time.textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('marks money in and each status with its own tag', async () => {
    logIn();
    const base = sampleRecords[1]!;
    serve([
      base,
      { ...base, id: 'payment-5', type: 'transfer', status: 'pending', createdAt: '2026-11-17T10:00:00.000Z' },
      {
        ...base,
        id: 'payment-6',
        status: 'failed',
        reason: 'declined by the payer',
        createdAt: '2026-11-16T10:00:00.000Z',
      },
    ]);
    renderApp('/bankRecord');

    const [succeeded, pending, failed] = await screen.findAllByRole('listitem');
    expect(within(succeeded!).getByRole('heading', { name: 'Quick payment' })).toBeInTheDocument();
    expect(within(succeeded!).getByText('+€1,000.00')).toHaveClass('money-text-gain');
    expect(within(succeeded!).getByText('Succeeded')).toBeInTheDocument();
    expect(within(pending!).getByRole('heading', { name: 'Bank transfer' })).toBeInTheDocument();
    expect(within(pending!).getByText('Pending')).toBeInTheDocument();
    expect(within(pending!).getByText('+€1,000.00')).toHaveClass('money-text-gain');
    expect(within(failed!).getByText('Failed')).toBeInTheDocument();
    expect(within(failed!).getByText('€1,000.00')).not.toHaveClass('money-text-gain');
    expect(within(failed!).getByText('Reason: declined by the payer')).toBeInTheDocument();
  });

  it('says when there is nothing in the period', async () => {
    logIn();
    serve([]);
    renderApp('/bankRecord');
    expect(
      await screen.findByText('No deposits or withdrawals in this period. Deposit money to start trading.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deposit money' })).toHaveAttribute('href', '/bankIn');
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });
});
