import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@bourse/shared/schemas/auth';
import { useSessionStore } from '../../../lib/session-store';
import { failure, mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';

function logIn(user: UserInfo = sampleUser) {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: user });
  useSessionStore.getState().setConfig(sampleConfig);
}

const paymentOf = (status: 'pending' | 'succeeded' | 'failed') => ({
  id: 12,
  type: 'deposit',
  amount: '500.00',
  status,
  checkoutUrl: null,
  createdAt: '2026-11-23T09:00:00.000Z',
});

const asked = (sent: SentRequest[]) =>
  sent.filter((r) => r.method === 'GET' && r.url.startsWith('/api/wallet/payments/'));

describe('coming back from the payment provider', () => {
  it('shows a pending payment as being confirmed and asks again until it is credited', async () => {
    logIn();
    let calls = 0;
    const { sent } = mockFetch({
      'GET /api/wallet/payments/12': () => {
        calls += 1;
        return ok(paymentOf(calls < 3 ? 'pending' : 'succeeded'));
      },
    });
    renderApp('/fastpayment/result?id=12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposit' })).toBeInTheDocument();
    expect(await screen.findByText('Your payment is being confirmed …')).toBeInTheDocument();
    expect(
      await screen.findByText('€500.00 has been credited to your account.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your payment is being confirmed …')).not.toBeInTheDocument();
    expect(asked(sent).map((r) => r.url)).toEqual([
      '/api/wallet/payments/12',
      '/api/wallet/payments/12',
      '/api/wallet/payments/12',
    ]);
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
    // Settled: no more asking.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(asked(sent)).toHaveLength(3);
  });

  it('says a declined payment was declined, and offers to deposit again', async () => {
    logIn();
    mockFetch({ 'GET /api/wallet/payments/12': () => ok(paymentOf('failed')) });
    renderApp('/fastpayment/result?id=12');
    expect(await screen.findByText('The payment of €500.00 was declined. No money was taken.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deposit again' })).toHaveAttribute('href', '/fastpayment');
  });

  it('says so when the payment is not the investor’s or the address is broken', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/wallet/payments/99': () => failure(404, 'NOT_FOUND', 'Not found'),
    });
    const { unmount } = renderApp('/fastpayment/result?id=99');
    expect(await screen.findByText('This payment was not found.')).toBeInTheDocument();
    unmount();
    renderApp('/fastpayment/result?id=abc');
    expect(await screen.findByText('This payment was not found.')).toBeInTheDocument();
    await waitFor(() => expect(asked(sent)).toHaveLength(1));
  });
});
