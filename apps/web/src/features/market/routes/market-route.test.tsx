import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InstrumentListItem } from '@bourse/shared/schemas/market';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { installFakeStream } from '../../../test/fake-stream';
import { mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { bayer, listItem, moutai, sap, sapQuote } from '../../../test/market-samples';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

const params = (request: SentRequest) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
const listRequests = (sent: SentRequest[]) =>
  sent.filter((request) => request.url.startsWith('/api/market/instruments')).map(params);

/**
 * Serves the list in pages, as the server does, from `all` in the given order; `shift` moves the
 * start of later pages back, as when a row drops down the ranking between two page loads.
 */
function serve(all: InstrumentListItem[], shift = 0) {
  return mockFetch({
    'GET /api/market/instruments': (request) => {
      const { page = '1', pageSize = '20' } = params(request);
      const start = Math.max(0, (Number(page) - 1) * Number(pageSize) - (page === '1' ? 0 : shift));
      return ok({
        items: all.slice(start, start + Number(pageSize)),
        page: Number(page),
        pageSize: Number(pageSize),
        total: all.length,
      });
    },
  });
}

let stream: ReturnType<typeof installFakeStream>;
beforeEach(() => {
  stream = installFakeStream();
});
afterEach(() => stream.close());

describe('market list (/market)', () => {
  it('is a tab between Home and Me, listing code, name, last and change with its sign', async () => {
    logIn();
    const { sent } = serve([sap, moutai, bayer]);
    renderApp('/market');

    expect(await screen.findByRole('heading', { level: 1, name: 'Market' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation')).getAllByRole('link');
    expect(tabs.map((link) => link.textContent)).toEqual(['Home', 'Market', 'Me']);
    expect(screen.getByRole('link', { name: 'Market' })).toHaveAttribute('aria-current', 'page');

    const rows = within(await screen.findByRole('list', { name: 'All stocks' })).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      '/detail?code=SAP',
      '/detail?code=600519',
      '/detail?code=BAYN',
    ]);
    expect(within(rows[1]!).getByText('Kweichow Moutai')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('600519')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('1,450.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('-0.84%')).toHaveClass('market-down');
    expect(within(rows[0]!).getByText('+1.39%')).toHaveClass('market-up');
    // Shares only: the indices have their own tab.
    expect(listRequests(sent)).toEqual([{ kind: 'shares', sort: '-changePct', page: '1', pageSize: '20' }]);
    expect(screen.getByRole('radio', { name: 'Shares' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Search stocks' })).toHaveAttribute('href', '/search');
  });

  it('sorts by change, volume or price, each way, and filters by board', async () => {
    logIn();
    const { sent } = serve([sap, moutai]);
    const user = userEvent.setup();
    renderApp('/market');
    await screen.findByRole('list', { name: 'All stocks' });

    expect(screen.getByRole('button', { name: 'Change %, descending' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Change %, descending' }));
    expect(screen.getByRole('button', { name: 'Change %, ascending' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Volume' }));
    expect(screen.getByRole('button', { name: 'Volume, descending' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Change %' })).toHaveAttribute('aria-pressed', 'false');
    // Sorted by volume, the rows show it.
    expect(await screen.findByText(/Volume 3\.4m/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volume, descending' }));
    await user.click(screen.getByRole('button', { name: 'Price' }));
    await user.click(screen.getByRole('radio', { name: 'Growth board' }));
    expect(screen.getByRole('radio', { name: 'Growth board' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Indices' }));

    await waitFor(() =>
      expect(listRequests(sent).map(({ board, kind, sort }) => `${board ?? kind} ${sort}`)).toEqual([
        'shares -changePct',
        'shares changePct',
        'shares -volume',
        'shares volume',
        'shares -last',
        'growth -last',
        'index -last',
      ]),
    );
  });

  it('loads further pages as the list nears its end, without repeating a row that moved', async () => {
    logIn();
    const many = Array.from({ length: 25 }, (_, index) =>
      listItem({ code: `C${String(index).padStart(2, '0')}`, name: `Company ${index}` }),
    );
    const { sent } = serve(many, 1);
    // jsdom has no layout: the list shows (InfiniteScroll skips hidden lists) and its end is always
    // "near", so the next page comes at once.
    vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockReturnValue(document.body);
    renderApp('/market');

    await waitFor(() => expect(listRequests(sent).map((request) => request.page)).toEqual(['1', '2']));
    const list = await screen.findByRole('list', { name: 'All stocks' });
    // Page 2 starts with the last row of page 1 again; it is shown once.
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(within(list).getAllByText('C19')).toHaveLength(1);
    expect(await screen.findByText('No more data')).toBeInTheDocument();
  });

  it('moves the prices on screen with the stream', async () => {
    logIn();
    serve([sap, moutai]);
    renderApp('/market');
    const list = await screen.findByRole('list', { name: 'All stocks' });

    await waitFor(() => expect(stream.subscribed()).toEqual(expect.arrayContaining(['quotes:SAP', 'quotes:600519'])));
    // A partial update alone cannot be shown (there is no full quote to apply it to yet)…
    stream.quote({
      code: '600519',
      last: '1462.50',
      change: '0.16',
      changePct: '0.01',
      time: '2026-11-23T09:00:03.000Z',
    });
    expect(within(list).getByText('1,450.00')).toBeInTheDocument();
    // …after the snapshot, it is.
    const snapshot = { ...sapQuote, code: '600519', last: '1460.00', change: '-2.34', changePct: '-0.16' };
    stream.quote({ ...snapshot, time: '2026-11-23T09:00:01.000Z' }, true);
    stream.quote({
      code: '600519',
      last: '1462.50',
      change: '0.16',
      changePct: '0.01',
      time: '2026-11-23T09:00:03.000Z',
    });
    const row = within(list).getByRole('link', { name: /Kweichow Moutai/ });
    await waitFor(() => expect(within(row).getByText('1,462.50')).toBeInTheDocument());
    expect(within(row).getByText('+0.01%')).toHaveClass('market-up');
  });

  it('needs a login', async () => {
    serve([sap]);
    renderApp('/market');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });
});
