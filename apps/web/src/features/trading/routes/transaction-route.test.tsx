import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@bourse/shared/schemas/trading';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { installFakeStream } from '../../../test/fake-stream';
import { failure, mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { filledBuy, openLimitBuy, sampleOrder } from '../../../test/trading-samples';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: { ...sampleUser, hasTradingPassword: true } });
  useSessionStore.getState().setConfig(sampleConfig);
}

const figure = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
const ordersAsked = (sent: SentRequest[], query: string) =>
  sent.filter((request) => request.method === 'GET' && request.url === `/api/trade/orders?${query}`);

let stream: ReturnType<typeof installFakeStream>;
beforeEach(() => {
  stream = installFakeStream();
});
afterEach(() => stream.close());

describe('orders (/transaction)', () => {
  it('cancels an open order after confirmation, with an Idempotency-Key, and reloads the list', async () => {
    logIn();
    let open: Order[] = [openLimitBuy];
    const { sent } = mockFetch({
      'GET /api/trade/orders': () => ok(open),
      'POST /api/trade/orders/22/cancel': () => {
        open = [];
        return ok({ ...openLimitBuy, status: 'cancelled', cancelledAt: '2026-11-23T09:20:00.000Z' });
      },
    });
    const user = userEvent.setup();
    renderApp('/transaction');

    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Open orders' })).toHaveAttribute('aria-selected', 'true');
    const row = await screen.findByRole('listitem', { name: 'Deutsche Telekom DTE' });
    expect(ordersAsked(sent, 'status=open&page=1')).toHaveLength(1);
    expect(within(row).getByText('Buy')).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(figure(row, 'Order type')).toHaveTextContent('Limit 28.50');
    expect(figure(row, 'Quantity')).toHaveTextContent('10');
    expect(figure(row, 'Number of lots')).toHaveTextContent('1');
    expect(figure(row, 'Valid')).toHaveTextContent('Today only');
    expect(figure(row, 'Total cost')).toHaveTextContent('€290.03');

    // Keeping the order sends nothing.
    await user.click(within(row).getByRole('button', { name: 'Cancel the order for Deutsche Telekom' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel order' });
    expect(
      within(dialog).getByText('Cancel this order? Buy Deutsche Telekom, shares: 10, limit 28.50'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Cancel the order for Deutsche Telekom' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel order' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    const [cancel] = sent.filter((request) => request.method === 'POST');
    expect(cancel!.url).toBe('/api/trade/orders/22/cancel');
    expect(cancel!.headers['idempotency-key']).toMatch(UUID);
    expect(
      await screen.findByText('No orders here yet. Choose a stock in the market and buy or sell it on its page.'),
    ).toBeInTheDocument();
    expect(ordersAsked(sent, 'status=open&page=1').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the server’s refusal when the order filled meanwhile, and the list again', async () => {
    logIn();
    let open: Order[] = [openLimitBuy];
    mockFetch({
      'GET /api/trade/orders': () => ok(open),
      'POST /api/trade/orders/22/cancel': () => {
        open = [];
        return failure(409, 'ORDER_NOT_OPEN', 'This order can no longer be cancelled');
      },
    });
    const user = userEvent.setup();
    renderApp('/transaction');

    const row = await screen.findByRole('listitem', { name: 'Deutsche Telekom DTE' });
    await user.click(within(row).getByRole('button', { name: 'Cancel the order for Deutsche Telekom' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('This order can no longer be cancelled')).toBeInTheDocument();
    expect(
      await screen.findByText('No orders here yet. Choose a stock in the market and buy or sell it on its page.'),
    ).toBeInTheDocument();
  });

  it('lists today’s fills with price, fees and total', async () => {
    logIn();
    const cancelled = sampleOrder({ id: 24, status: 'cancelled', type: 'limit', limitPrice: '27.00' });
    const { sent } = mockFetch({ 'GET /api/trade/orders': () => ok([filledBuy, cancelled]) });
    const user = userEvent.setup();
    renderApp('/transaction');

    await user.click(await screen.findByRole('tab', { name: 'Filled today' }));
    const row = await screen.findByRole('listitem', { name: 'Deutsche Telekom DTE' });
    expect(ordersAsked(sent, 'status=today&page=1')).toHaveLength(1);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(within(row).getByText('Filled')).toBeInTheDocument();
    expect(figure(row, 'Fill price')).toHaveTextContent('30.01');
    expect(figure(row, 'Total fees')).toHaveTextContent('€5.06');
    expect(figure(row, 'Total cost')).toHaveTextContent('€605.26');
    expect(screen.getByTestId('location')).toHaveTextContent('/transaction');
  });

  it('reloads the orders when the stream reports a fill', async () => {
    logIn();
    let open: Order[] = [openLimitBuy];
    const { sent } = mockFetch({ 'GET /api/trade/orders': () => ok(open) });
    renderApp('/transaction');

    await screen.findByRole('listitem', { name: 'Deutsche Telekom DTE' });
    await waitFor(() => expect(stream.subscribed()).toContain('user'));
    open = [];
    stream.event('order', { ...openLimitBuy, status: 'filled' });
    expect(
      await screen.findByText('No orders here yet. Choose a stock in the market and buy or sell it on its page.'),
    ).toBeInTheDocument();
    expect(ordersAsked(sent, 'status=open&page=1')).toHaveLength(2);
  });
});

describe("every order (/transaction?tab=all, and the spec's /shares/creatOrder)", () => {
  it('opens the orders\' "all" tab from /shares/creatOrder, lists every order and filters by status through the query string', async () => {
    logIn();
    const rejected = sampleOrder({
      id: 25,
      status: 'rejected',
      type: 'limit',
      limitPrice: '31.00',
      rejectReason: 'Trading in this instrument is switched off',
      rejectCode: 'TRADING_DISABLED',
    });
    const { sent } = mockFetch({
      'GET /api/trade/orders': (request) =>
        ok(request.url.includes('status=rejected') ? [rejected] : [filledBuy, openLimitBuy, rejected]),
    });
    const user = userEvent.setup();
    renderApp('/shares/creatOrder');

    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/transaction');
    expect(screen.getByRole('tab', { name: 'All orders' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(ordersAsked(sent, 'page=1')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Rejected' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(ordersAsked(sent, 'status=rejected&page=1')).toHaveLength(1);
    expect(screen.getByText('The order was rejected: Trading in this instrument is switched off')).toBeInTheDocument();
  });
});
