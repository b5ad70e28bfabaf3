import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@bourse/shared/schemas/auth';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { failure, mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { sampleIssue, sampleSubscription } from '../../../test/ipo-samples';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { sampleAssets } from '../../../test/wallet-samples';

const SUBSCRIBE = 'POST /api/ipo/1/subscribe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const withPassword: UserInfo = { ...sampleUser, hasTradingPassword: true };

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: withPassword });
  useSessionStore.getState().setConfig(sampleConfig);
}

function serve(overrides: Record<string, (request: SentRequest) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/user/info': () => ok(withPassword),
    'GET /api/ipo/1': () => ok(sampleIssue()),
    // available 5000.00: four lots (4938.24) fit, five (6172.80) do not.
    'GET /api/user/assets': () => ok({ ...sampleAssets, available: '5000.00' }),
    ...overrides,
  });
}

const sentTo = (sent: SentRequest[], route: string) =>
  sent.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);
const amountHeld = () => screen.getByText('Amount held', { selector: 'dt' }).nextElementSibling;

describe('subscribing (/apply)', () => {
  it('computes the amount held from the lots, sends lots and password with a key and opens the issue', async () => {
    logIn();
    const subscribed = sampleSubscription({
      id: 31,
      issueId: 1,
      code: 'NWND',
      name: 'Nordwind Energie',
      lots: 3,
      quantity: 300,
      issuePrice: '12.3456',
      amountHeld: '3703.68',
    });
    const { sent } = serve({ [SUBSCRIBE]: () => ok(subscribed) });
    const user = userEvent.setup();
    renderApp('/apply?id=1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Subscribe' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Nordwind Energie NWND' })).toBeInTheDocument();
    const lots = screen.getByLabelText('Number of lots');
    expect(lots).toHaveValue('1');
    expect(lots).toHaveAccessibleDescription('1 to 5 lots; 1 lot = 100 shares');
    // 1 × 100 × 12.3456
    expect(amountHeld()).toHaveTextContent('€1,234.56');
    expect(screen.getByText('Available', { selector: 'dt' }).nextElementSibling).toHaveTextContent('€5,000.00');

    const more = screen.getByRole('button', { name: 'Number of lots: increase' });
    await user.click(more);
    await user.click(more);
    // 3 × 100 × 12.3456 = 3703.68
    expect(amountHeld()).toHaveTextContent('€3,703.68');
    // Above the maximum: refused before anything is sent.
    await user.clear(lots);
    await user.type(lots, '6');
    expect(screen.getByText('At most 5 lots')).toBeInTheDocument();
    expect(more).toBeDisabled();
    await user.clear(lots);
    await user.type(lots, '5');
    expect(await screen.findByText('Your available cash does not cover this amount')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Number of lots: decrease' }));
    await user.click(screen.getByRole('button', { name: 'Number of lots: decrease' }));
    expect(amountHeld()).toHaveTextContent('€3,703.68');

    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('Please enter your trading password')).toBeInTheDocument();
    expect(sentTo(sent, SUBSCRIBE)).toHaveLength(0);
    await user.type(screen.getByLabelText('Trading password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText('Subscription received')).toBeInTheDocument();
    const [request] = sentTo(sent, SUBSCRIBE);
    expect(request!.body).toEqual({ lots: 3, tradingPassword: '123456' });
    expect(request!.headers['idempotency-key']).toMatch(UUID);
    expect(request!.headers.token).toBe('token-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'New share' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/shares/new-detail');
  });

  it('shows a refusal about the lots at the lots, and any other refusal on the form', async () => {
    logIn();
    let answer = failure(400, 'IPO_LOTS_ABOVE_MAXIMUM', 'Höchstens 5 Lose je Anleger');
    const { sent } = serve({ [SUBSCRIBE]: () => answer });
    const user = userEvent.setup();
    renderApp('/apply?id=1');

    await user.type(await screen.findByLabelText('Trading password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const lots = screen.getByLabelText('Number of lots');
    await waitFor(() => expect(lots).toHaveAccessibleDescription(/Höchstens 5 Lose je Anleger/));
    expect(lots).toHaveAttribute('aria-invalid', 'true');

    answer = failure(422, 'IPO_ALREADY_SUBSCRIBED', 'Sie haben diese Emission bereits gezeichnet');
    await user.click(screen.getByRole('button', { name: 'Number of lots: increase' }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(screen.getAllByText('Sie haben diese Emission bereits gezeichnet').length).toBeGreaterThan(0),
    );
    expect(screen.getByLabelText('Number of lots')).not.toHaveAttribute('aria-invalid');
    expect(sentTo(sent, SUBSCRIBE).map((request) => request.body)).toEqual([
      { lots: 1, tradingPassword: '123456' },
      { lots: 2, tradingPassword: '123456' },
    ]);
    // The location did not change: the investor is still on the form.
    expect(screen.getByTestId('location')).toHaveTextContent('/apply');
  });

  it('says when the issue is not open or already subscribed', async () => {
    logIn();
    serve({ 'GET /api/ipo/1': () => ok(sampleIssue({ status: 'upcoming' })) });
    renderApp('/apply?id=1');
    expect(await screen.findByText('Nordwind Energie is not open for subscription.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the issue' })).toHaveAttribute('href', '/shares/new-detail?id=1');
  });
});
