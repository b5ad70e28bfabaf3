import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PortfolioHistory } from '@bourse/shared/schemas/portfolio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { installFakeStream } from '../../../test/fake-stream';
import { mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { sampleOverview } from '../../../test/market-samples';
import { renderApp, sampleConfig, sampleSupport, sampleUser } from '../../../test/render-app';
import { sampleAssets } from '../../../test/wallet-samples';

const T0 = Date.parse('2026-11-20T23:00:00Z');
const DAY = 86_400_000;
const history = (range: string, values: number[]): PortfolioHistory => ({
  range: range as PortfolioHistory['range'],
  currency: 'EUR',
  points: values.map((value, index) => ({ t: T0 + index * DAY, value })),
});

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

function serve(overrides: Record<string, (request: SentRequest) => Response> = {}) {
  return mockFetch({
    'GET /api/user/info': () => ok(sampleUser),
    'GET /api/stock/kefu': () => ok(sampleSupport),
    'GET /api/market/overview': () => ok(sampleOverview),
    'GET /api/market/favorites': () => ok([]),
    'GET /api/news': () => ok({ items: [], total: 0, page: 1, pageSize: 5 }),
    'GET /api/user/assets': () => ok(sampleAssets),
    'GET /api/user/portfolio/history': (request) => {
      const range = new URL(request.url, 'http://x').searchParams.get('range') ?? '';
      return ok(
        range === 'week' ? history('week', [480_000, 490_000, 497_450, 500_000]) : history(range, [497_450, 500_000]),
      );
    },
    ...overrides,
  });
}

let stream: ReturnType<typeof installFakeStream>;
beforeEach(() => {
  stream = installFakeStream();
});
afterEach(() => stream.close());

const moneySection = async () =>
  (await screen.findByRole('heading', { level: 2, name: 'Your money' }, { timeout: 5000 })).closest(
    '.adm-card',
  ) as HTMLElement;

describe('the money summary on home', () => {
  it('shows total assets, today’s P/L in the rise colour, cash available and the chart of each range', async () => {
    logIn();
    const { sent } = serve();
    const user = userEvent.setup();
    renderApp('/home');

    const section = await moneySection();
    await waitFor(() => expect(within(section).getByTestId('money-summary-total')).toHaveTextContent('€5,000.00'));
    const pnl = within(section).getByTestId('money-summary-pnl');
    expect(pnl).toHaveClass('price-rise');
    expect(pnl).toHaveTextContent('+€25.50 (+0.51%)');
    expect(within(section).getByTestId('money-summary-available')).toHaveTextContent('€1,250.00');
    // The figures open the account in full.
    expect(within(section).getByRole('link', { name: /Open the account in full/ })).toHaveAttribute(
      'href',
      '/homedetail',
    );

    // The day's chart: yesterday's close and now, rising.
    const dayChart = await within(section).findByRole('img', { name: 'Portfolio value: Day' });
    expect(dayChart).toHaveAttribute('data-trend', 'rise');
    const corners = (chart: HTMLElement) =>
      chart.querySelector('.portfolio-chart-line')!.getAttribute('d')!.split('L').length;
    expect(corners(dayChart)).toBe(2);

    await user.click(within(section).getByRole('tab', { name: 'Week' }));
    const weekChart = await within(section).findByRole('img', { name: 'Portfolio value: Week' });
    expect(corners(weekChart)).toBe(4);
    expect(within(section).getByRole('tab', { name: 'Week' })).toHaveAttribute('aria-selected', 'true');
    const ranges = sent
      .filter((r) => r.url.startsWith('/api/user/portfolio/history'))
      .map((r) => new URL(r.url, 'http://x').searchParams.get('range'));
    expect(ranges).toEqual(['day', 'week']);
  });

  it('colours a loss with the fall colour', async () => {
    logIn();
    serve({ 'GET /api/user/assets': () => ok({ ...sampleAssets, dayPnl: '-80.00', dayPnlPercent: '-1.57' }) });
    renderApp('/home');
    const section = await moneySection();
    await waitFor(() => expect(within(section).getByTestId('money-summary-pnl')).toHaveClass('price-fall'));
    expect(within(section).getByTestId('money-summary-pnl')).toHaveTextContent('-€80.00 (-1.57%)');
  });

  it('says when the chart starts, before the first close', async () => {
    logIn();
    serve({ 'GET /api/user/portfolio/history': () => ok(history('day', [500_000])) });
    renderApp('/home');
    const section = await moneySection();
    expect(await within(section).findByText(/Your value chart starts with the next close/)).toBeInTheDocument();
    expect(within(section).queryByRole('img', { name: /Portfolio value/ })).not.toBeInTheDocument();
  });

  it('asks a new investor without money to deposit', async () => {
    logIn();
    const zero = {
      ...sampleAssets,
      cash: '0.00',
      available: '0.00',
      frozen: '0.00',
      marketValue: '0.00',
      fund: '0.00',
      totalAssets: '0.00',
      netAssets: '0.00',
      dayPnl: '0.00',
      dayPnlPercent: null,
      dayPnlSince: null,
    };
    serve({ 'GET /api/user/assets': () => ok(zero) });
    const user = userEvent.setup();
    renderApp('/home');
    const section = await moneySection();
    expect(await within(section).findByText(/You have no money in your account yet/)).toBeInTheDocument();
    expect(within(section).queryByRole('tablist')).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/fastpayment'));
  });
});
