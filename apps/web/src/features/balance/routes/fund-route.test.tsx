import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@bourse/shared/schemas/auth';
import type { FundSummary } from '@bourse/shared/schemas/balance';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { failure, mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { sampleAssets } from '../../../test/wallet-samples';

const PURCHASE = 'POST /api/fund/purchase';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const withPassword: UserInfo = { ...sampleUser, hasTradingPassword: true };

const summary: FundSummary = {
  rate: '3.65',
  fund: '12346.90',
  fundPending: '500.00',
  redeemPending: '0.00',
  available: '7654.33',
  yesterdayEarnings: '1.23',
  totalEarnings: '4.56',
  nextConfirmDate: '2026-11-24',
  pending: [
    {
      id: 3,
      kind: 'purchase',
      amount: '500.00',
      tradeDate: '2026-11-23',
      confirmDate: '2026-11-24',
      status: 'pending',
      createdAt: '2026-11-23T09:00:00.000Z',
      confirmedAt: null,
    },
  ],
  currency: 'EUR',
};

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: withPassword });
  useSessionStore.getState().setConfig(sampleConfig);
}

function serve(overrides: Record<string, (request: SentRequest) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/user/info': () => ok(withPassword),
    'GET /api/user/assets': () => ok(sampleAssets),
    'GET /api/fund': () => ok(summary),
    'GET /api/fund/log': () => ok({ items: [], total: 0, page: 1, pageSize: 20 }),
    ...overrides,
  });
}

const sentTo = (sent: SentRequest[], route: string) =>
  sent.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);

describe('balance fund', () => {
  it('/trade/money shows the balance, earnings, rate and pending purchases with their dates', async () => {
    logIn();
    serve();
    renderApp('/trade/money');
    expect(await screen.findByText('€12,346.90')).toBeInTheDocument();
    expect(screen.getByText("Yesterday's earnings").nextElementSibling).toHaveTextContent('€1.23');
    expect(screen.getByText('Total earnings').nextElementSibling).toHaveTextContent('€4.56');
    expect(screen.getByText('Annual rate').nextElementSibling).toHaveTextContent('3.65 % a year');
    const pending = screen.getByRole('list', { name: 'Pending' });
    expect(within(pending).getByText('Confirmed on 2026-11-24')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy' })).toHaveAttribute('href', expect.stringMatching(/\/payment$/));
    expect(screen.getByRole('link', { name: 'Redeem' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/payment\?mode=redeem$/),
    );
  });

  it('shows an error with a retry when the fund cannot be loaded', async () => {
    logIn();
    serve({ 'GET /api/fund': () => failure(500, 'INTERNAL', 'Serverfehler') });
    renderApp('/trade/money');
    expect(await screen.findByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
  });

  it('/payment shows available cash and the T+1 date before confirming, checks the amount, sends a key', async () => {
    logIn();
    const { sent } = serve({
      [PURCHASE]: () => ok({ ...summary.pending[0]!, id: 4, amount: '100.00' }),
    });
    const user = userEvent.setup();
    renderApp('/payment');
    expect(await screen.findByText('Available cash')).toBeInTheDocument();
    expect(screen.getByText('Available cash').nextElementSibling).toHaveTextContent('€7,654.33');
    expect(screen.getByRole('note')).toHaveTextContent('Your purchase is confirmed on 2026-11-24 (T+1)');
    const amount = screen.getByLabelText('Amount');
    await user.type(amount, '0.001');
    expect(screen.getByText('Enter an amount like 100.00')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '8000.00');
    expect(screen.getByText(/more than your available cash/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    expect(sentTo(sent, PURCHASE)).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '100.00');
    await user.type(screen.getByLabelText('Trading password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Balance fund' })).toBeInTheDocument();
    const [request] = sentTo(sent, PURCHASE);
    expect(request!.body).toEqual({ amount: '100.00', tradingPassword: '123456' });
    expect(request!.headers['idempotency-key']).toMatch(UUID);
  });

  it('/payment?mode=redeem limits to the fund balance; a wrong password is shown at the password', async () => {
    logIn();
    serve({ 'POST /api/fund/redeem': () => failure(422, 'TRADING_PASSWORD_WRONG', 'Wrong trading password') });
    const user = userEvent.setup();
    renderApp('/payment?mode=redeem');
    expect(await screen.findByText('Fund balance you can redeem')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('paid into your cash on 2026-11-24 (T+1)');
    await user.type(screen.getByLabelText('Amount'), '10.00');
    await user.type(screen.getByLabelText('Trading password'), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm redemption' }));
    expect(await screen.findByText('Wrong trading password')).toBeInTheDocument();
  });

  it('/payment asks for a trading password first when none is set', async () => {
    useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
    useSessionStore.getState().setConfig(sampleConfig);
    serve({ 'GET /api/user/info': () => ok({ ...sampleUser, hasTradingPassword: false }) });
    renderApp('/payment');
    expect(
      await screen.findByText(
        'Purchases and redemptions are confirmed with your trading password. Please set one first.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set trading password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm purchase' })).not.toBeInTheDocument();
  });

  it('/ucenter/moneyLog lists movements by period, /trade/history the same list, empty state included', async () => {
    logIn();
    const { sent } = serve({
      'GET /api/fund/log': (request) =>
        request.url.includes('period=today')
          ? ok({ items: [], total: 0, page: 1, pageSize: 20 })
          : ok({
              items: [
                {
                  id: 'accrual:1',
                  type: 'earnings',
                  amount: '1.23',
                  date: '2026-11-24',
                  at: '2026-11-24T23:00:00.000Z',
                  confirmDate: null,
                },
                {
                  id: 'order:3',
                  type: 'purchase',
                  amount: '500.00',
                  date: '2026-11-23',
                  at: '2026-11-23T09:00:00.000Z',
                  confirmDate: '2026-11-24',
                },
              ],
              total: 2,
              page: 1,
              pageSize: 20,
            }),
    });
    const user = userEvent.setup();
    renderApp('/ucenter/moneyLog');
    const list = await screen.findByRole('list', { name: 'Fund history' });
    expect(within(list).getByText('Earnings')).toBeInTheDocument();
    expect(within(list).getByText('Confirmed on 2026-11-24')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Today' }));
    expect(
      await screen.findByText(
        'No fund movements in this period. Put idle cash into the balance fund to earn interest.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy the fund' })).toHaveAttribute('href', '/payment');
    expect(sent.some((r) => r.url.includes('/api/fund/log') && r.url.includes('period=today'))).toBe(true);
  });
});
