import { screen, waitFor, within } from '@testing-library/react';
import type { Position } from '@bourse/shared/schemas/trading';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { installFakeStream } from '../../../test/fake-stream';
import { failure, mockFetch, ok } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { closedLot, dteQuote, openLot } from '../../../test/trading-samples';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: { ...sampleUser, hasTradingPassword: true } });
  useSessionStore.getState().setConfig(sampleConfig);
}

const section = (name: string) => screen.getByRole('region', { name });
const figure = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

let stream: ReturnType<typeof installFakeStream>;
beforeEach(() => {
  stream = installFakeStream();
});
afterEach(() => stream.close());

describe('lot detail (/shares/holdDetail)', () => {
  it('shows the buy with every fee and the live value, and leads to selling from the lot', async () => {
    logIn();
    mockFetch({ 'GET /api/trade/positions/11': () => ok(openLot) });
    renderApp('/shares/holdDetail?id=11');

    expect(await screen.findByRole('heading', { name: 'Deutsche Telekom DTE' })).toBeInTheDocument();
    expect(screen.getByText('Holding')).toBeInTheDocument();
    const purchase = section('Purchase');
    expect(figure(purchase, 'Bought')).toHaveTextContent(/^2026-11-23 \d\d:00:05$/);
    expect(figure(purchase, 'Buy price')).toHaveTextContent('30.01');
    expect(figure(purchase, 'Shares bought')).toHaveTextContent('20');
    expect(figure(purchase, 'Buy value')).toHaveTextContent('€600.20');
    expect(figure(purchase, 'Commission')).toHaveTextContent('€5.00');
    expect(figure(purchase, 'Transaction fee')).toHaveTextContent('€0.06');
    expect(figure(purchase, 'Total fees')).toHaveTextContent('€5.06');
    expect(figure(purchase, 'Capital')).toHaveTextContent('€605.26');
    expect(figure(purchase, 'Number of trades')).toHaveTextContent('1');
    const value = section('Current value');
    expect(figure(value, 'Sellable')).toHaveTextContent('20');
    expect(figure(value, 'Last price')).toHaveTextContent('30.50');
    expect(figure(value, 'Market value')).toHaveTextContent('€610.00');
    expect(figure(value, 'Floating profit/loss')).toHaveTextContent('+€9.80 +1.63 %');
    expect(within(section('Sales')).getByText('Nothing sold from this position yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sell' })).toHaveAttribute(
      'href',
      '/trade?code=DTE&side=sell&positionId=11',
    );
    expect(screen.getByRole('link', { name: 'Buy more' })).toHaveAttribute('href', '/trade?code=DTE&side=buy');

    // The live price moves the value: (30.00 − 30.01) × 20 = −0.20, −0.03 %.
    await waitFor(() => expect(stream.subscribed()).toContain('quotes:DTE'));
    stream.quote({ ...dteQuote, last: '30.00' }, true);
    await waitFor(() => expect(figure(value, 'Floating profit/loss')).toHaveTextContent('-€0.20 -0.03 %'));
    expect(figure(value, 'Market value')).toHaveTextContent('€600.00');
  });

  it('marks a sold-out lot, lists its sales with every fee and realized P/L, and offers no sale', async () => {
    logIn();
    mockFetch({ 'GET /api/trade/positions/7': () => ok(closedLot) });
    renderApp('/shares/holdDetail?id=7');

    expect(await screen.findByText('Sold out')).toBeInTheDocument();
    const result = section('Result');
    expect(figure(result, 'Realized profit/loss')).toHaveTextContent('+€87.73');
    expect(figure(result, 'Realized profit/loss ratio')).toHaveTextContent('+4.86 %');
    expect(figure(result, 'Sell price')).toHaveTextContent('190.00');
    expect(figure(result, 'Sell type')).toHaveTextContent('Limit');
    const sale = within(section('Sales')).getByRole('listitem');
    expect(figure(sale, 'Shares held')).toHaveTextContent('10');
    expect(figure(sale, 'Order value')).toHaveTextContent('€1,900.00');
    expect(figure(sale, 'Commission')).toHaveTextContent('€5.00');
    expect(figure(sale, 'Transaction fee')).toHaveTextContent('€0.19');
    expect(figure(sale, 'Stamp duty')).toHaveTextContent('€1.90');
    expect(figure(sale, 'Net proceeds')).toHaveTextContent('€1,892.91');
    expect(figure(sale, 'Realized profit/loss')).toHaveTextContent('+€87.73');
    expect(screen.queryByRole('link', { name: 'Sell' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View in historical positions' })).toHaveAttribute(
      'href',
      '/historyDetail?id=7',
    );
  });

  it('says a lot is partly sold', async () => {
    logIn();
    const partly: Position = {
      ...openLot,
      quantity: 10,
      sellable: 10,
      remainingCapital: '302.63',
      trades: 2,
      sales: [{ ...closedLot.sales[0]!, quantity: 10, price: '30.49', sellType: 'market' }],
    };
    mockFetch({ 'GET /api/trade/positions/11': () => ok(partly) });
    renderApp('/shares/holdDetail?id=11');

    expect(await screen.findByText('Partly sold')).toBeInTheDocument();
    expect(figure(section('Current value'), 'Capital of the remaining shares')).toHaveTextContent('€302.63');
    expect(screen.getByRole('region', { name: 'Result' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sell' })).toBeInTheDocument();
  });

  it('says when the lot does not exist (or is someone else’s), and offers a retry when it could not be loaded', async () => {
    logIn();
    mockFetch({
      'GET /api/trade/positions/99': () => failure(404, 'POSITION_NOT_FOUND', 'Position not found'),
      'GET /api/trade/positions/12': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { unmount } = renderApp('/shares/holdDetail?id=99');
    expect(await screen.findByText('This position does not exist.')).toBeInTheDocument();
    unmount();

    renderApp('/shares/holdDetail?id=12');
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 3000 })).toBeInTheDocument();
  });
});
