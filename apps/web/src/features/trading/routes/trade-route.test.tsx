import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@bourse/shared/schemas/auth';
import type { CostBreakdown, Order, PlaceOrderBody, TradeQuoteBody } from '@bourse/shared/schemas/trading';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { installFakeStream } from '../../../test/fake-stream';
import { failure, mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { buyBreakdown, dteDetail, filledBuy, openLot, sellBreakdown, sampleOrder } from '../../../test/trading-samples';

const QUOTE = 'POST /api/trade/quote';
const ORDER = 'POST /api/trade/orders';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const withPassword: UserInfo = { ...sampleUser, hasTradingPassword: true };

/** One lot (10 shares) at the ask 30.01: gross 300.10, commission the minimum 5.00, fee 0.03, total 305.13. */
const oneLot: CostBreakdown = {
  ...buyBreakdown,
  quantity: 10,
  lots: 1,
  gross: '300.10',
  commission: { amount: '5.00', pct: '1.67' },
  transactionFee: { amount: '0.03', pct: '0.01' },
  fees: { amount: '5.03', pct: '1.68' },
  total: '305.13',
};

function logIn(user: UserInfo = withPassword) {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: user });
  useSessionStore.getState().setConfig(sampleConfig);
}

/** A quote as the server computes it for the body sent (the samples cover 1 or 2 lots and a 10-share sale). */
function quoteFor(request: SentRequest): Response {
  const body = request.body as TradeQuoteBody;
  if (body.side === 'sell') return ok(sellBreakdown);
  return ok(body.lots === 2 ? buyBreakdown : oneLot);
}

function serve(
  overrides: Record<string, (request: SentRequest) => Response | Promise<Response>> = {},
  user = withPassword,
) {
  return mockFetch({
    'GET /api/user/info': () => ok(user),
    'GET /api/market/instruments/DTE': () => ok(dteDetail),
    'GET /api/trade/positions': () => ok([openLot]),
    'GET /api/trade/positions/11': () => ok(openLot),
    [QUOTE]: quoteFor,
    ...overrides,
  });
}

const sentTo = (sent: SentRequest[], route: string) =>
  sent.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);

/** The value shown for a label in the cost preview. */
const costOf = (label: string) => {
  const preview = screen.getByRole('region', { name: 'Cost preview' });
  return within(preview).getAllByText(label, { selector: 'dt' })[0]!.nextElementSibling as HTMLElement;
};

let stream: ReturnType<typeof installFakeStream>;
beforeEach(() => {
  stream = installFakeStream();
});
afterEach(() => stream.close());

describe('order ticket (/trade)', () => {
  it('checks lots and the limit price before anything is sent', async () => {
    logIn();
    const { sent } = serve();
    const user = userEvent.setup();
    renderApp('/trade?code=DTE&side=buy');

    expect(await screen.findByRole('heading', { level: 1, name: 'Trade' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Deutsche Telekom DTE' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Buy' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Market' })).toBeChecked();
    const lots = screen.getByLabelText('Number of lots');
    expect(lots).toHaveValue('1');
    expect(lots).toHaveAccessibleDescription('1 lot = 10 shares · Shares: 10');

    // The spec's rule: the number of lots cannot be 0.
    await user.clear(lots);
    await user.type(lots, '0');
    expect(await screen.findByText('The number of lots cannot be 0')).toBeInTheDocument();
    expect(lots).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Number of lots: decrease' })).toBeDisabled();
    expect(screen.getByText('Complete the order to see its costs.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.clear(lots);
    expect(screen.getByText('Please enter the number of lots')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Number of lots: increase' }));
    expect(lots).toHaveValue('1');
    expect(screen.queryByText('Please enter the number of lots')).not.toBeInTheDocument();

    // A limit starts at the last price; more than 4 decimals, or 0, is refused.
    await user.click(screen.getByRole('radio', { name: 'Limit' }));
    const price = screen.getByLabelText('Limit price');
    expect(price).toHaveValue('30.00');
    expect(screen.getByRole('radio', { name: 'Today only' })).toBeChecked();
    await user.clear(price);
    await user.type(price, '30.12345');
    expect(screen.getByText('The price can have at most 4 decimal places')).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '0');
    expect(screen.getByText('The limit price must be greater than 0')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '12,3x');
    expect(screen.getByText('Please enter a price such as 12.34')).toBeInTheDocument();
    // A decimal comma is a decimal point.
    await user.clear(price);
    await user.type(price, '29,5');
    expect(price).not.toHaveAttribute('aria-invalid');

    await waitFor(() =>
      expect(sentTo(sent, QUOTE).at(-1)?.body).toEqual({
        code: 'DTE',
        side: 'buy',
        type: 'limit',
        lots: 1,
        limitPrice: '29.50',
        timeInForce: 'day',
      }),
    );
    // Nothing invalid ever reached the server, and no order was placed.
    for (const request of sentTo(sent, QUOTE)) {
      const body = request.body as TradeQuoteBody;
      expect(body.lots).toBeGreaterThan(0);
      expect(body.limitPrice ?? '30.00').toMatch(/^\d+\.\d{2,4}$/);
    }
    expect(sentTo(sent, ORDER)).toHaveLength(0);
  });

  it('keeps the limit price on the price grid: the stepper snaps to it, an off-grid price is refused at the field', async () => {
    logIn();
    const { sent } = serve();
    const user = userEvent.setup();
    renderApp('/trade?code=DTE&side=buy');
    await screen.findByRole('heading', { name: 'Deutsche Telekom DTE' });
    await user.click(screen.getByRole('radio', { name: 'Limit' }));
    const price = screen.getByLabelText('Limit price');
    expect(price).toHaveValue('30.00');
    expect(price).toHaveAccessibleDescription('In steps of 0.01');
    const up = screen.getByRole('button', { name: 'Limit price: increase' });
    const down = screen.getByRole('button', { name: 'Limit price: decrease' });
    await user.click(up);
    expect(price).toHaveValue('30.01');
    await user.click(down);
    await user.click(down);
    expect(price).toHaveValue('29.99');

    // Typed between two cents: the rule, naming the step, at the field; no quote, no order.
    const quotesBefore = sentTo(sent, QUOTE).length;
    await user.clear(price);
    await user.type(price, '29.995');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(/The price must be a multiple of the tick size \(0\.01\)/);
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The stepper snaps it back onto the grid, in its own direction.
    await user.click(up);
    expect(price).toHaveValue('30.00');
    await user.clear(price);
    await user.type(price, '29,995');
    await user.click(down);
    expect(price).toHaveValue('29.99');
    expect(price).not.toHaveAttribute('aria-invalid');
    // Below 1.00 the grid is a tenth of a cent.
    await user.clear(price);
    await user.type(price, '1.00');
    await user.click(down);
    expect(price).toHaveValue('0.999');
    expect(price).toHaveAccessibleDescription('In steps of 0.001');

    await waitFor(() => expect(sentTo(sent, QUOTE).at(-1)?.body).toMatchObject({ limitPrice: '0.999' }));
    for (const request of sentTo(sent, QUOTE).slice(quotesBefore)) {
      expect((request.body as TradeQuoteBody).limitPrice).not.toBe('29.995');
    }
    expect(sentTo(sent, ORDER)).toHaveLength(0);
  });

  it('writes a collar price finer than the tick on the grid, on the side that keeps the sentence true', async () => {
    logIn();
    // A collar of 5 % on 30.01 is 31.5105: a buy fills at no more than 31.51 on the cent grid.
    serve({ [QUOTE]: () => ok({ ...buyBreakdown, lots: 1, quantity: 10, collarPrice: '31.5105' }) });
    renderApp('/trade?code=DTE');
    await screen.findByRole('heading', { name: 'Deutsche Telekom DTE' });
    expect(
      await screen.findByText('A market order fills at the best price available, but not above 31.51.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/31\.5105/)).not.toBeInTheDocument();
  });

  it('previews every cost, confirms, sends the order with an Idempotency-Key and opens the new position', async () => {
    logIn();
    const { sent } = serve({ [ORDER]: () => ok(filledBuy) });
    const user = userEvent.setup();
    renderApp('/trade?code=DTE');

    await screen.findByRole('heading', { name: 'Deutsche Telekom DTE' });
    await user.click(screen.getByRole('button', { name: 'Number of lots: increase' }));
    expect(screen.getByLabelText('Number of lots')).toHaveAccessibleDescription('1 lot = 10 shares · Shares: 20');

    // The preview follows the ticket: 2 lots at the ask.
    await waitFor(() => expect(costOf('Quantity')).toHaveTextContent('20'));
    expect(sentTo(sent, QUOTE).at(-1)?.body).toEqual({ code: 'DTE', side: 'buy', type: 'market', lots: 2 });
    expect(costOf('Estimated price')).toHaveTextContent('30.01');
    expect(costOf('Order value')).toHaveTextContent('€600.20');
    expect(costOf('Commission')).toHaveTextContent('€5.00 0.83 %');
    expect(costOf('Transaction fee')).toHaveTextContent('€0.06 0.01 %');
    expect(costOf('Total fees')).toHaveTextContent('€5.06 0.84 %');
    expect(costOf('Total cost')).toHaveTextContent('€605.26');
    expect(costOf('Available cash')).toHaveTextContent('€10,000.00');
    // Stamp duty is a sales tax: not shown for a purchase.
    expect(within(screen.getByRole('region', { name: 'Cost preview' })).queryByText('Stamp duty')).toBeNull();
    expect(
      screen.getByText('A market order fills at the best price available, but not above 31.51.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(within(dialog).getByText('Do you want to place this buy order?')).toBeInTheDocument();
    expect(within(dialog).getByText('Deutsche Telekom (DTE)')).toBeInTheDocument();
    expect(within(dialog).getByText('Number of lots').nextElementSibling).toHaveTextContent('2');
    expect(within(dialog).getByText('Quantity').nextElementSibling).toHaveTextContent('20');
    expect(within(dialog).getByText('Total cost').nextElementSibling).toHaveTextContent('€605.26');
    expect(within(dialog).getByText('Commission').nextElementSibling).toHaveTextContent('€5.00 0.83 %');

    // The trading password is required in the dialog.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Please enter your trading password')).toBeInTheDocument();
    expect(sentTo(sent, ORDER)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Trading password'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Purchase succeeded')).toBeInTheDocument();
    const [order] = sentTo(sent, ORDER);
    expect(order!.body).toEqual({
      code: 'DTE',
      side: 'buy',
      type: 'market',
      lots: 2,
      timeInForce: 'day',
      tradingPassword: '123456',
    } satisfies PlaceOrderBody);
    expect(order!.headers['idempotency-key']).toMatch(UUID);
    expect(await screen.findByRole('heading', { level: 1, name: 'Position details' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/shares/holdDetail');
  });

  it('sells shares of a lot after the spec’s question, "are you sure you want to sell"', async () => {
    logIn();
    const soldOrder: Order = sampleOrder({
      id: 23,
      side: 'sell',
      lots: null,
      quantity: 10,
      fillPrice: '29.99',
      positionId: 11,
      total: '294.57',
      filledAt: '2026-11-23T09:20:00.000Z',
    });
    const { sent } = serve({ [ORDER]: () => ok(soldOrder) });
    const user = userEvent.setup();
    renderApp('/trade?code=DTE&side=sell&positionId=11');

    expect(await screen.findByRole('radio', { name: 'Sell' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Bought 2026-11-23 \d\d:00:05 at 30\.01/ })).toBeChecked();
    expect(screen.getByText('Shares: 20, sellable: 20')).toBeInTheDocument();
    const shares = screen.getByLabelText('Number of shares');
    expect(shares).toHaveAccessibleDescription('Sellable: 20');

    // The spec's rule: the number of shares cannot be 0; and no more than the lot has.
    await user.type(shares, '0');
    expect(screen.getByText('The number of shares cannot be 0')).toBeInTheDocument();
    await user.clear(shares);
    await user.type(shares, '25');
    expect(screen.getByText('Sellable from this position: at most 20')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Number of shares: increase' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sell all' }));
    expect(shares).toHaveValue('20');
    await user.clear(shares);
    await user.type(shares, '10');

    await waitFor(() => expect(costOf('Stamp duty')).toHaveTextContent('€0.30 0.10 %'));
    expect(sentTo(sent, QUOTE).at(-1)?.body).toEqual({
      code: 'DTE',
      side: 'sell',
      type: 'market',
      quantity: 10,
      positionId: 11,
    });
    expect(costOf('Net proceeds')).toHaveTextContent('€294.57');
    expect(costOf('Sellable shares')).toHaveTextContent('20');

    await user.click(screen.getByRole('button', { name: 'Sell' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm sale' });
    expect(within(dialog).getByText('Are you sure you want to sell?')).toBeInTheDocument();
    expect(within(dialog).getByText('Quantity').nextElementSibling).toHaveTextContent('10');
    expect(within(dialog).queryByText('Number of lots')).toBeNull();
    expect(within(dialog).getByText('Net proceeds').nextElementSibling).toHaveTextContent('€294.57');

    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentTo(sent, ORDER)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sell' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm sale' });
    await user.type(within(again).getByLabelText('Trading password'), '654321');
    await user.click(within(again).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Sale succeeded')).toBeInTheDocument();
    expect(sentTo(sent, ORDER)[0]!.body).toEqual({
      code: 'DTE',
      side: 'sell',
      type: 'market',
      quantity: 10,
      positionId: 11,
      timeInForce: 'day',
      tradingPassword: '654321',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Position details' })).toBeInTheDocument();
  });

  it('keeps the dialog open on a wrong trading password; the corrected attempt is a new action', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    logIn();
    let calls = 0;
    const { sent } = serve({
      [ORDER]: () => {
        calls += 1;
        return calls === 1 ? failure(422, 'TRADING_PASSWORD_WRONG', 'The trading password is wrong') : ok(filledBuy);
      },
    });
    const user = userEvent.setup();
    renderApp('/trade?code=DTE&side=buy');

    await screen.findByRole('heading', { name: 'Deutsche Telekom DTE' });
    await waitFor(() => expect(costOf('Total cost')).toHaveTextContent('€305.13'));
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    const password = within(dialog).getByLabelText('Trading password');
    await user.type(password, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(password).toHaveAccessibleDescription(/The trading password is wrong/));
    expect(password).toHaveValue('');
    expect(screen.getByRole('dialog', { name: 'Confirm purchase' })).toBeInTheDocument();

    vi.setSystemTime(Date.now() + 1_500);
    await user.type(password, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Purchase succeeded')).toBeInTheDocument();
    const [first, second] = sentTo(sent, ORDER);
    expect(first!.body).toMatchObject({ lots: 1, tradingPassword: '111111' });
    expect(second!.body).toMatchObject({ lots: 1, tradingPassword: '123456' });
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });

  it('says when the available cash does not cover the order, and shows the server’s refusal otherwise', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    logIn();
    let available = '300.00';
    const { sent } = serve({
      [QUOTE]: () => ok({ ...oneLot, available }),
      [ORDER]: () => failure(422, 'INSUFFICIENT_FUNDS', 'Insufficient available funds'),
    });
    const user = userEvent.setup();
    renderApp('/trade?code=DTE&side=buy');

    expect(await screen.findByText('Insufficient available cash for this order')).toBeInTheDocument();
    expect(costOf('Available cash')).toHaveTextContent('€300.00');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentTo(sent, ORDER)).toHaveLength(0);

    // The figures looked sufficient, but the server knows better (cash moved meanwhile).
    available = '5000.00';
    vi.setSystemTime(Date.now() + 1_500);
    await user.click(screen.getByRole('button', { name: 'Number of lots: increase' }));
    await waitFor(() => expect(costOf('Available cash')).toHaveTextContent('€5,000.00'));
    await user.click(screen.getByRole('button', { name: 'Number of lots: decrease' }));
    await waitFor(() => expect(sentTo(sent, QUOTE).at(-1)?.body).toMatchObject({ lots: 1 }));
    await waitFor(() => expect(costOf('Available cash')).toHaveTextContent('€5,000.00'));
    expect(screen.queryByText('Insufficient available cash for this order')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    await user.type(within(dialog).getByLabelText('Trading password'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByText('Insufficient available funds').length).toBeGreaterThan(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/trade');
  });

  it('follows the live price: the header updates and a market order’s preview is asked again', async () => {
    logIn();
    const { sent } = serve();
    renderApp('/trade?code=DTE&side=buy');

    await screen.findByRole('heading', { name: 'Deutsche Telekom DTE' });
    await waitFor(() => expect(sentTo(sent, QUOTE)).toHaveLength(1));
    await waitFor(() => expect(stream.subscribed()).toContain('quotes:DTE'));

    stream.quote({ code: 'DTE', last: '30.40', ask: '30.41', bid: '30.39', change: '0.90', changePct: '3.05' });
    expect(await screen.findByText('30.40')).toBeInTheDocument();
    expect(screen.getByText('+0.90')).toHaveClass('money-text-gain');
    expect(screen.getByText('+3.05 %')).toHaveClass('money-text-gain');
    await waitFor(() => expect(sentTo(sent, QUOTE)).toHaveLength(2));
    // The same body: only the price the estimate uses moved.
    expect(sentTo(sent, QUOTE)[1]!.body).toEqual(sentTo(sent, QUOTE)[0]!.body);
  });

  it('asks for a trading password before orders can be placed', async () => {
    const user = { ...sampleUser, hasTradingPassword: false };
    logIn(user);
    serve({}, user);
    renderApp('/trade?code=DTE');

    expect(
      await screen.findByText('Orders are confirmed with your trading password. Please set one first.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set trading password' })).toHaveAttribute('href', '/payPwd');
    expect(screen.queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument();
  });

  it('names everything a new investor still lacks, each with the screen where it is done', async () => {
    const newcomer: UserInfo = { ...sampleUser, kycStatus: 'none', hasTradingPassword: false };
    logIn(newcomer);
    serve({ [QUOTE]: () => ok({ ...oneLot, available: '0.00' }) }, newcomer);
    renderApp('/trade?code=DTE&side=buy');

    const missing = await screen.findByRole('region', { name: 'Before you can trade' });
    // The cash is known once the costs are: nothing available, so a deposit is named too.
    await waitFor(() => expect(within(missing).getAllByRole('listitem')).toHaveLength(3));
    const [identity, password, cash] = within(missing).getAllByRole('listitem');
    expect(identity).toHaveTextContent('Your identity is not verified yet.');
    expect(within(identity!).getByRole('link', { name: 'Verify identity' })).toHaveAttribute(
      'href',
      '/realNameAuthentication',
    );
    expect(password).toHaveTextContent('Orders are confirmed with your trading password. Please set one first.');
    expect(within(password!).getByRole('link', { name: 'Set trading password' })).toHaveAttribute('href', '/payPwd');
    expect(cash).toHaveTextContent('You have no cash available yet.');
    expect(within(cash!).getByRole('link', { name: 'Deposit money' })).toHaveAttribute('href', '/fastpayment');
    expect(screen.getByText('Insufficient available cash for this order')).toBeInTheDocument();
  });

  it('names an identity in review, and cash that does not cover the order with both figures', async () => {
    const reviewed: UserInfo = { ...withPassword, kycStatus: 'in_review' };
    logIn(reviewed);
    serve({ [QUOTE]: () => ok({ ...oneLot, available: '300.00' }) }, reviewed);
    renderApp('/trade?code=DTE&side=buy');

    const missing = await screen.findByRole('region', { name: 'Before you can trade' });
    await waitFor(() => expect(within(missing).getAllByRole('listitem')).toHaveLength(2));
    const [identity, cash] = within(missing).getAllByRole('listitem');
    expect(identity).toHaveTextContent('Your identity documents are being reviewed.');
    expect(within(identity!).getByRole('link', { name: 'View verification status' })).toHaveAttribute(
      'href',
      '/realNameAuthentication',
    );
    expect(cash).toHaveTextContent('Your available cash (€300.00) does not cover this order (€305.13).');
    expect(within(cash!).getByRole('link', { name: 'Deposit money' })).toHaveAttribute('href', '/fastpayment');
    // Ordering stays possible once the trading password exists: the server has the last word.
    expect(screen.getByRole('button', { name: 'Buy' })).toBeInTheDocument();
  });

  it('names nothing for a verified investor with a trading password and enough cash', async () => {
    logIn();
    const { sent } = serve();
    renderApp('/trade?code=DTE&side=buy');

    await screen.findByRole('heading', { name: 'Deutsche Telekom DTE' });
    await waitFor(() => expect(sentTo(sent, QUOTE)).toHaveLength(1));
    await waitFor(() => expect(costOf('Available cash')).toHaveTextContent('€10,000.00'));
    expect(screen.queryByRole('region', { name: 'Before you can trade' })).not.toBeInTheDocument();
  });

  it('says so when there is nothing to sell', async () => {
    logIn();
    serve({ 'GET /api/trade/positions': () => ok([]) });
    renderApp('/trade?code=DTE&side=sell');

    expect(await screen.findByText('You hold no shares of Deutsche Telekom that can be sold.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cost preview' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sell' })).toBeDisabled();
  });
});
