import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { installFakeStream } from '../../../test/fake-stream';
import { mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import {
  bayer,
  hkexClosed,
  moutai,
  sampleOverview,
  sap,
  sapQuote,
  xetraAlwaysOpen,
} from '../../../test/market-samples';
import { renderApp, sampleConfig, sampleSupport, sampleUser } from '../../../test/render-app';
import { moveCode } from './favorites-card';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

function serve(favorites = [sap, moutai, bayer], overrides: Record<string, (request: SentRequest) => Response> = {}) {
  let current = favorites;
  return mockFetch({
    'GET /api/user/info': () => ok(sampleUser),
    'GET /api/stock/kefu': () => ok(sampleSupport),
    'GET /api/market/overview': () => ok(sampleOverview),
    'GET /api/market/favorites': () => ok(current),
    'GET /api/news': () => ok({ items: [], total: 0, page: 1, pageSize: 5 }),
    'PUT /api/market/favorites': (request) => {
      const { codes } = request.body as { codes: string[] };
      current = codes.map((code) => current.find((item) => item.code === code)!);
      return ok(current);
    },
    'DELETE /api/market/favorites/600519': () => {
      current = current.filter((item) => item.code !== '600519');
      return ok(null);
    },
    ...overrides,
  });
}

let stream: ReturnType<typeof installFakeStream>;
beforeEach(() => {
  stream = installFakeStream();
});
afterEach(() => stream.close());

const section = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest('.adm-card') as HTMLElement;

describe('market on the home screen', () => {
  it('shows the indices, the market state, top gainers and losers and the most active, next to the account', async () => {
    logIn();
    serve();
    const user = userEvent.setup();
    renderApp('/home');

    // The first render loads the home screen's chunk (market, new shares and news sections): allow it time.
    const indices = await screen.findByRole('region', { name: 'Indices' }, { timeout: 5000 });
    const daxCard = within(indices).getByRole('link', { name: /DAX/ });
    expect(daxCard).toHaveAttribute('href', '/detail?code=DAX');
    expect(within(daxCard).getByText('19,250.40')).toBeInTheDocument();
    expect(within(daxCard).getByText('+120.15')).toHaveClass('market-up');
    expect(within(daxCard).getByText('+0.63%')).toHaveClass('market-up');
    expect(screen.getByText('Market open')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search stocks' })).toHaveAttribute('href', '/search');

    const movers = section('Top movers');
    expect(within(movers).getByRole('tab', { name: 'Gainers' })).toHaveAttribute('aria-selected', 'true');
    expect(
      within(movers)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/detail?code=SAP']);
    await user.click(within(movers).getByRole('tab', { name: 'Losers' }));
    const losers = within(movers).getByRole('list', { name: 'Losers' });
    expect(
      within(losers)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/detail?code=BAYN', '/detail?code=600519']);
    expect(within(losers).getByText('-3.30%')).toHaveClass('market-down');

    const active = section('Most active');
    expect(within(active).getByText('By value traded today')).toBeInTheDocument();
    expect(within(active).getByText(/Turnover €4\.9bn/)).toBeInTheDocument();

    // The home screen's own cards are still there.
    expect(screen.getByRole('heading', { level: 2, name: 'Hello, Ada' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your account' })).toBeInTheDocument();
    // The app composes the latest news into the market's news slot.
    expect(within(section('News')).getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/news');
  });

  it('shows each exchange’s own badge and hours when the exchanges keep hours, instead of one market badge', async () => {
    logIn();
    serve(undefined, {
      'GET /api/market/exchanges': () => ok([{ ...xetraAlwaysOpen, alwaysOpen: false }, hkexClosed]),
    });
    renderApp('/home');

    const exchanges = await screen.findByRole('region', { name: 'Exchanges' }, { timeout: 5000 });
    expect(within(exchanges).getByText('XETRA open')).toBeInTheDocument();
    expect(within(exchanges).getByText('HKEX closed')).toBeInTheDocument();
    expect(within(exchanges).getByText('Hong Kong Exchanges')).toBeInTheDocument();
    expect(screen.queryByText('Market open')).toBeNull();
  });

  it('keeps one "market open" badge when every exchange trades around the clock', async () => {
    logIn();
    const { sent } = serve(undefined, { 'GET /api/market/exchanges': () => ok([xetraAlwaysOpen]) });
    renderApp('/home');
    expect(await screen.findByText('Market open', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(sent.some((request) => request.url === '/api/market/exchanges')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Exchanges' })).toBeNull();
  });

  it('moves the indices with the stream', async () => {
    logIn();
    serve([]);
    renderApp('/home');
    const indices = await screen.findByRole('region', { name: 'Indices' });
    await waitFor(() => expect(stream.subscribed()).toContain('quotes:DAX'));
    stream.quote({ ...sapQuote, code: 'DAX', last: '19250.40', time: '2026-11-23T09:00:01.000Z' }, true);
    stream.quote({
      code: 'DAX',
      last: '19100.00',
      change: '-30.25',
      changePct: '-0.16',
      time: '2026-11-23T09:00:02.000Z',
    });
    await waitFor(() => expect(within(indices).getByText('19,100.00')).toBeInTheDocument());
    expect(within(indices).getByText('-30.25')).toHaveClass('market-down');
  });

  it('lists the favorites, reorders them with the arrows and removes one in edit mode', async () => {
    logIn();
    const { sent } = serve();
    const user = userEvent.setup();
    renderApp('/home');

    const favorites = await waitFor(() => section('My favorites'));
    const names = () =>
      within(favorites)
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '');
    await waitFor(() => expect(within(favorites).getAllByRole('link')).toHaveLength(3));

    await user.click(within(favorites).getByRole('button', { name: 'Edit' }));
    expect(within(favorites).getByRole('button', { name: 'Move SAP up' })).toBeDisabled();
    expect(within(favorites).getByRole('button', { name: 'Move Bayer down' })).toBeDisabled();
    await user.click(within(favorites).getByRole('button', { name: 'Move SAP down' }));
    await waitFor(() => expect(names()[0]).toContain('Kweichow Moutai'));
    expect(names()[1]).toContain('SAP');
    await waitFor(() => expect(within(favorites).getByRole('button', { name: 'Move SAP down' })).toHaveFocus());
    await user.click(within(favorites).getByRole('button', { name: 'Move Bayer up' }));
    await waitFor(() => expect(names()[1]).toContain('Bayer'));

    const puts = () => sent.filter((request) => request.method === 'PUT').map((request) => request.body);
    await waitFor(() =>
      expect(puts()).toEqual([{ codes: ['600519', 'SAP', 'BAYN'] }, { codes: ['600519', 'BAYN', 'SAP'] }]),
    );

    await user.click(within(favorites).getByRole('button', { name: 'Remove Kweichow Moutai from favorites' }));
    await waitFor(() => expect(names()).toHaveLength(2));
    expect(await screen.findByText('Removed from favorites')).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'DELETE' && request.url === '/api/market/favorites/600519')).toBe(
      true,
    );

    await user.click(within(favorites).getByRole('button', { name: 'Done' }));
    expect(
      within(favorites)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/detail?code=BAYN', '/detail?code=SAP']);
  });

  it('puts the list back when the server refuses a new order', async () => {
    logIn();
    serve([sap, moutai], {
      'PUT /api/market/favorites': () =>
        new Response(
          JSON.stringify({
            code: 400,
            error: 'FAVORITES_ORDER_MISMATCH',
            msg: 'The new order must list exactly your current favorites',
            data: null,
          }),
          { status: 400 },
        ),
    });
    const user = userEvent.setup();
    renderApp('/home');
    const favorites = await waitFor(() => section('My favorites'));
    await waitFor(() => expect(within(favorites).getAllByRole('link')).toHaveLength(2));
    await user.click(within(favorites).getByRole('button', { name: 'Edit' }));
    await user.click(within(favorites).getByRole('button', { name: 'Move SAP down' }));
    expect(await screen.findByText('The new order must list exactly your current favorites')).toBeInTheDocument();
    await waitFor(() => expect(within(favorites).getAllByRole('listitem')[0]).toHaveTextContent('SAP'));
  });

  it('invites to add favorites when there are none', async () => {
    logIn();
    serve([]);
    renderApp('/home');
    expect(
      await screen.findByText('No favorites yet. Open a stock and tap the star to follow it here.'),
    ).toBeInTheDocument();
    expect(within(section('My favorites')).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});

describe('moveCode', () => {
  it('swaps with the neighbour and leaves the ends alone', () => {
    expect(moveCode(['A', 'B', 'C'], 0, 1)).toEqual(['B', 'A', 'C']);
    expect(moveCode(['A', 'B', 'C'], 2, -1)).toEqual(['A', 'C', 'B']);
    expect(moveCode(['A', 'B', 'C'], 0, -1)).toEqual(['A', 'B', 'C']);
    expect(moveCode(['A', 'B', 'C'], 2, 1)).toEqual(['A', 'B', 'C']);
  });
});
