import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@bourse/shared/schemas/auth';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { failure, mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { sampleBlockOrder, sampleOffer } from '../../../test/ipo-samples';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { sampleAssets } from '../../../test/wallet-samples';

const ORDER = 'POST /api/blocktrade/offers/7/orders';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const withPassword: UserInfo = { ...sampleUser, hasTradingPassword: true };

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: withPassword });
  useSessionStore.getState().setConfig(sampleConfig);
}

function serve(overrides: Record<string, (request: SentRequest) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/user/info': () => ok(withPassword),
    'GET /api/blocktrade/offers': () => ok([sampleOffer]),
    'GET /api/user/assets': () => ok({ ...sampleAssets, available: '50000.00' }),
    'GET /api/blocktrade/orders': () => ok([]),
    ...overrides,
  });
}

const sentTo = (sent: SentRequest[], route: string) =>
  sent.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);

describe('block trades (/shares/dzjy)', () => {
  it('lists the offers and orders from the sheet: at least the minimum, the amount held, a key', async () => {
    logIn();
    const { sent } = serve({ [ORDER]: () => ok(sampleBlockOrder()) });
    const user = userEvent.setup();
    renderApp('/shares/dzjy');

    const offers = await screen.findByRole('list', { name: 'Open offers' });
    const sap = within(offers).getByRole('listitem', { name: 'SAP SAP' });
    expect(within(sap).getByText('Price').nextElementSibling).toHaveTextContent('120.50');
    expect(within(sap).getByText('Minimum order (shares)').nextElementSibling).toHaveTextContent('100');
    expect(within(sap).getByText('Shares available').nextElementSibling).toHaveTextContent('5,000');
    await user.click(within(sap).getByRole('button', { name: 'Order SAP' }));

    const dialog = await screen.findByRole('dialog', { name: 'Block order: SAP' });
    const quantity = within(dialog).getByLabelText('Quantity (shares)');
    expect(quantity).toHaveValue('100');
    expect(quantity).toHaveAccessibleDescription('From 100 to 5,000 shares');
    // 100 × 120.50
    expect(within(dialog).getByText('Amount held').nextElementSibling).toHaveTextContent('€12,050.00');
    await user.clear(quantity);
    await user.type(quantity, '99');
    expect(within(dialog).getByText('At least 100 shares')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '5001');
    expect(within(dialog).getByText('At most 5,000 shares are available')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    expect(sentTo(sent, ORDER)).toHaveLength(0);
    await user.clear(quantity);
    await user.type(quantity, '200');
    // 200 × 120.50 = 24100.00
    expect(within(dialog).getByText('Amount held').nextElementSibling).toHaveTextContent('€24,100.00');
    await user.type(within(dialog).getByLabelText('Trading password'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Block trade records' })).toBeInTheDocument();
    const [request] = sentTo(sent, ORDER);
    // The price shown goes with it, so a price changed meanwhile is refused rather than charged.
    expect(request!.body).toEqual({ quantity: 200, tradingPassword: '123456', price: '120.50' });
    expect(request!.headers['idempotency-key']).toMatch(UUID);
    expect(request!.headers.token).toBe('token-1');
  });

  it('shows a refusal about the quantity at the quantity', async () => {
    logIn();
    serve({ [ORDER]: () => failure(422, 'BLOCK_QUANTITY_UNAVAILABLE', 'Nur noch 150 Aktien verfügbar') });
    const user = userEvent.setup();
    renderApp('/shares/dzjy');
    await user.click(await screen.findByRole('button', { name: 'Order SAP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block order: SAP' });
    await user.type(within(dialog).getByLabelText('Trading password'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    const quantity = within(dialog).getByLabelText('Quantity (shares)');
    await waitFor(() => expect(quantity).toHaveAccessibleDescription(/Nur noch 150 Aktien verfügbar/));
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when no offer is open', async () => {
    logIn();
    serve({ 'GET /api/blocktrade/offers': () => ok([]) });
    renderApp('/shares/dzjy');
    expect(
      await screen.findByText('No block trade offers at the moment. New offers appear here as soon as they open.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore the market' })).toHaveAttribute('href', '/market');
  });
});

describe('block trade records (/shares/dzjy-record)', () => {
  it('shows each order’s state, and the reason of a rejection', async () => {
    logIn();
    const { sent } = serve({
      'GET /api/blocktrade/orders': () =>
        ok([
          sampleBlockOrder({ id: 53, approvalsRequired: 2, approvals: 1 }),
          sampleBlockOrder({ id: 52, status: 'approved', positionId: 90, decidedAt: '2026-11-25T12:00:00.000Z' }),
          sampleBlockOrder({
            id: 51,
            status: 'rejected',
            reason: 'Offer withdrawn by the seller',
            decidedAt: '2026-11-25T12:00:00.000Z',
          }),
        ]),
    });
    renderApp('/shares/dzjy-record');
    const list = await screen.findByRole('list', { name: 'Block trade records' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/Waiting for approval|Approved|Rejected/).textContent)).toEqual([
      'Waiting for approval',
      'Approved',
      'Rejected',
    ]);
    expect(within(items[0]!).getByText('Approvals').nextElementSibling).toHaveTextContent('1 of 2');
    expect(within(items[0]!).getByText('Amount held').nextElementSibling).toHaveTextContent('€24,100.00');
    expect(within(items[2]!).getByText('Reason: Offer withdrawn by the seller')).toBeInTheDocument();
    expect(within(items[1]!).queryByText(/^Reason/)).toBeNull();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(sent.find((r) => r.url.startsWith('/api/blocktrade/orders'))!.url).not.toContain('status=');
  });
});
