import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { installFakeStream } from '../../../test/fake-stream';
import { mockFetch, ok } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { dteHolding, dteQuote, openLot } from '../../../test/trading-samples';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: { ...sampleUser, hasTradingPassword: true } });
  useSessionStore.getState().setConfig(sampleConfig);
}

/** The value shown for a label in a description list. */
const figure = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

let stream: ReturnType<typeof installFakeStream>;
beforeEach(() => {
  stream = installFakeStream();
});
afterEach(() => stream.close());

describe('holdings (/ucenter/holding)', () => {
  it('values each holding at the live price, signed, and totals what the rows show', async () => {
    logIn();
    mockFetch({
      'GET /api/trade/holdings': () => ok([dteHolding]),
      'GET /api/trade/positions': () => ok([openLot]),
    });
    renderApp('/ucenter/holding');

    expect(await screen.findByRole('heading', { level: 1, name: 'My holdings' })).toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: 'Deutsche Telekom DTE' });
    expect(figure(row, 'Shares held')).toHaveTextContent('20');
    expect(figure(row, 'Average price')).toHaveTextContent('30.01');
    expect(figure(row, 'Last price')).toHaveTextContent('30.50');
    expect(figure(row, 'Market value')).toHaveTextContent('€610.00');
    // The server's figures: (30.50 − 30.01) × 20 = +9.80, +1.63 % of the buy value 600.20.
    expect(within(row).getByText('+€9.80')).toHaveClass('money-text-gain');
    expect(within(row).getByText('+1.63 %')).toHaveClass('money-text-gain');
    const summary = screen.getByRole('region', { name: 'Market value of holdings' });
    expect(within(summary).getByText('€610.00')).toBeInTheDocument();
    expect(figure(summary, 'Floating profit/loss')).toHaveTextContent('+€9.80');

    // A tick at 31.00: 31.00 × 20 = 620.00; (31.00 − 30.01) × 20 = +19.80, 19.80 / 600.20 = +3.30 %.
    // The server's first message on a topic is the full quote; updates carry what changed.
    await waitFor(() => expect(stream.subscribed()).toContain('quotes:DTE'));
    stream.quote({ ...dteQuote, last: '31.00' }, true);
    expect(await within(row).findByText('+€19.80')).toHaveClass('money-text-gain');
    expect(within(row).getByText('+3.30 %')).toBeInTheDocument();
    expect(figure(row, 'Last price')).toHaveTextContent('31.00');
    expect(figure(row, 'Market value')).toHaveTextContent('€620.00');
    await waitFor(() => expect(within(summary).getByText('€620.00')).toBeInTheDocument());
    expect(figure(summary, 'Floating profit/loss')).toHaveTextContent('+€19.80');

    // Below the buy price: (29.00 − 30.01) × 20 = −20.20, −3.37 %; the sign says it, not only the red.
    stream.quote({ code: 'DTE', last: '29.00' });
    expect(await within(row).findByText('-€20.20')).toHaveClass('money-text-loss');
    expect(within(row).getByText('-3.37 %')).toHaveClass('money-text-loss');
    await waitFor(() => expect(figure(summary, 'Floating profit/loss')).toHaveTextContent('-€20.20'));
  });

  it('leads from an instrument to its lots, to each lot, to the ticket and to the other trading screens', async () => {
    logIn();
    mockFetch({
      'GET /api/trade/holdings': () => ok([dteHolding]),
      'GET /api/trade/positions': () => ok([openLot]),
      'GET /api/trade/positions/11': () => ok(openLot),
    });
    const user = userEvent.setup();
    renderApp('/ucenter/holding');

    expect(await screen.findByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/transaction');
    expect(screen.getByRole('link', { name: 'Historical positions' })).toHaveAttribute('href', '/historyPosition');

    await user.click(await screen.findByRole('link', { name: /Deutsche Telekom/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Positions in Deutsche Telekom' })).toBeInTheDocument();
    const lot = await screen.findByRole('listitem', { name: /Bought 2026-11-23/ });
    expect(figure(lot, 'Sellable')).toHaveTextContent('20');
    expect(figure(lot, 'Buy price')).toHaveTextContent('30.01');
    expect(screen.getByRole('link', { name: 'Buy' })).toHaveAttribute('href', '/trade?code=DTE&side=buy');
    expect(screen.getByRole('link', { name: 'Sell' })).toHaveAttribute('href', '/trade?code=DTE&side=sell');

    await user.click(within(lot).getByRole('link'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Position details' })).toBeInTheDocument();
  });

  it('says so when nothing is held', async () => {
    logIn();
    mockFetch({
      'GET /api/trade/holdings': () => ok([]),
      'GET /api/trade/positions': () => ok([]),
    });
    renderApp('/ucenter/holding');

    expect(
      await screen.findByText('You don’t hold any shares yet. Choose a stock in the market and buy it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore the market' })).toHaveAttribute('href', '/market');
    const summary = screen.getByRole('region', { name: 'Market value of holdings' });
    expect(within(summary).getAllByText('€0.00')).toHaveLength(2);
    expect(figure(summary, 'Instruments held')).toHaveTextContent('0');
  });
});
