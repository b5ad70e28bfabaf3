import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Position } from '@bourse/shared/schemas/trading';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { closedLot, openLot } from '../../../test/trading-samples';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: { ...sampleUser, hasTradingPassword: true } });
  useSessionStore.getState().setConfig(sampleConfig);
}

const figure = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
const historyAsked = (sent: SentRequest[]) =>
  sent.filter((request) => request.url.startsWith('/api/trade/history')).map((request) => request.url);

/**
 * Half of the DTE lot sold at 29.99: proceeds 294.57, the half of the capital 605.26 it carries is
 * 302.63, so realized 294.57 − 302.63 = −8.06 (−2.66 %).
 */
const partlySold: Position = {
  ...openLot,
  quantity: 10,
  sellable: 10,
  remainingCapital: '302.63',
  trades: 2,
  realizedPnl: '-8.06',
  realizedPnlPct: '-2.66',
  sellPrice: '29.99',
  sellType: 'market',
  sellTime: '2026-11-23T09:20:00.000Z',
  sales: [
    {
      orderId: 23,
      quantity: 10,
      price: '29.99',
      sellType: 'market',
      gross: '299.90',
      commission: '5.00',
      transactionFee: '0.03',
      stampDuty: '0.30',
      proceeds: '294.57',
      realizedPnl: '-8.06',
      time: '2026-11-23T09:20:00.000Z',
    },
  ],
};

describe('historical positions (/historyPosition)', () => {
  it('shows the period’s realized P/L total and each lot sold from; the period lives in the query string', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/trade/history': (request) =>
        request.url.includes('period=today')
          ? ok({ items: [partlySold], totals: { realizedPnl: '-8.06', count: 1 }, page: 1, total: 1 })
          : // 87.73 − 8.06 = 79.67 over the week.
            ok({ items: [partlySold, closedLot], totals: { realizedPnl: '79.67', count: 2 }, page: 1, total: 2 }),
    });
    const user = userEvent.setup();
    renderApp('/historyPosition');

    expect(await screen.findByRole('heading', { level: 1, name: 'Historical positions' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Today' })).toBeChecked();
    const totals = await screen.findByRole('region', { name: 'Realized profit/loss (Today)' });
    expect(within(totals).getByText('-€8.06')).toHaveClass('money-text-loss');
    expect(figure(totals, 'Positions sold from')).toHaveTextContent('1');
    const row = screen.getByRole('listitem', { name: 'Deutsche Telekom DTE' });
    expect(within(row).getByText('-€8.06')).toBeInTheDocument();
    expect(within(row).getByText('-2.66 %')).toBeInTheDocument();
    expect(figure(row, 'Shares sold')).toHaveTextContent('10');
    expect(figure(row, 'Sell price')).toHaveTextContent('29.99');
    expect(within(row).getByText('Partly sold')).toBeInTheDocument();
    expect(historyAsked(sent)).toEqual(['/api/trade/history?period=today&page=1']);

    await user.click(screen.getByRole('radio', { name: 'This week' }));
    const week = await screen.findByRole('region', { name: 'Realized profit/loss (This week)' });
    expect(within(week).getByText('+€79.67')).toHaveClass('money-text-gain');
    expect(figure(week, 'Positions sold from')).toHaveTextContent('2');
    expect(historyAsked(sent).at(-1)).toBe('/api/trade/history?period=week&page=1');
    expect(screen.getByTestId('location')).toHaveTextContent('/historyPosition');
    const sap = screen.getByRole('listitem', { name: 'SAP SAP' });
    expect(within(sap).getByText('Sold out')).toBeInTheDocument();
    expect(within(sap).getByRole('link')).toHaveAttribute('href', '/historyDetail?id=7');
  });

  it('opens a historical position with its realized P/L, the sale and every fee', async () => {
    logIn();
    mockFetch({ 'GET /api/trade/positions/7': () => ok(closedLot) });
    renderApp('/historyDetail?id=7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Historical position' })).toBeInTheDocument();
    expect(await screen.findByText('Sold out')).toBeInTheDocument();
    const result = screen.getByRole('region', { name: 'Result' });
    expect(figure(result, 'Realized profit/loss')).toHaveTextContent('+€87.73');
    expect(figure(result, 'Realized profit/loss ratio')).toHaveTextContent('+4.86 %');
    expect(figure(result, 'Sell price')).toHaveTextContent('190.00');
    expect(figure(result, 'Sell type')).toHaveTextContent('Limit');
    expect(figure(result, 'Sold')).toHaveTextContent(/^2026-11-23 \d\d:30:00$/);
    const purchase = screen.getByRole('region', { name: 'Purchase' });
    expect(figure(purchase, 'Capital')).toHaveTextContent('€1,805.18');
    expect(figure(purchase, 'Commission')).toHaveTextContent('€5.00');
    expect(figure(purchase, 'Transaction fee')).toHaveTextContent('€0.18');
    const sale = within(screen.getByRole('region', { name: 'Sales' })).getByRole('listitem');
    expect(figure(sale, 'Stamp duty')).toHaveTextContent('€1.90');
    expect(figure(sale, 'Net proceeds')).toHaveTextContent('€1,892.91');
  });

  it('falls back to today for an unknown period', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/trade/history': () => ok({ items: [], totals: { realizedPnl: '0.00', count: 0 }, page: 1, total: 0 }),
    });
    renderApp('/historyPosition?period=decade');

    expect(
      await screen.findByText('Nothing sold in this period. Positions you sell appear here with their result.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my holdings' })).toHaveAttribute('href', '/ucenter/holding');
    await waitFor(() => expect(historyAsked(sent)).toEqual(['/api/trade/history?period=today&page=1']));
  });
});
