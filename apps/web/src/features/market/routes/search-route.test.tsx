import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { failure, mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { moutai, sap } from '../../../test/market-samples';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { RECENT_SEARCHES_KEY, RECENT_SEARCHES_MAX, readRecentSearches, rememberSearch } from '../recent-searches';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

const queryOf = (request: SentRequest) => new URL(request.url, 'http://localhost').searchParams.get('q');

/** Matches the way the server does for these two: code, name or pinyin initials, any case. */
function serve() {
  return mockFetch({
    'GET /api/market/search': (request) => {
      const q = (queryOf(request) ?? '').toLowerCase();
      if (q.length > 50) return failure(400, 'SEARCH_TOO_LONG', 'The search text is too long (50 characters at most)');
      return ok(
        [sap, moutai].filter(
          (item) => item.code.toLowerCase().startsWith(q) || item.name.toLowerCase().includes(q) || item.pinyin === q,
        ),
      );
    },
  });
}

describe('search (/search, /search/search)', () => {
  it('refuses an empty search with "Search content required", without asking the server', async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    renderApp('/search');

    const field = await screen.findByLabelText('Code, name or pinyin');
    expect(field).toHaveFocus();
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Search content required');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Search content required');
    expect(screen.getByTestId('location')).toHaveTextContent('/search');
    expect(sent).toHaveLength(0);

    // Typing clears the message.
    await user.type(field, 'S');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('suggests matches by code, name or pinyin as the investor types, without pressing Search', async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    renderApp('/search');

    await user.type(await screen.findByLabelText('Code, name or pinyin'), 'gzmt');
    const suggestions = await screen.findByRole('list', { name: 'Suggestions' });
    expect(within(suggestions).getByRole('link', { name: /Kweichow Moutai/ })).toBeInTheDocument();
    expect(within(suggestions).queryByRole('link', { name: /SAP/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/search');
    // Typing four letters asked the server once, for the whole text (the input is debounced).
    expect(sent.map(queryOf)).toEqual(['gzmt']);

    await user.clear(screen.getByLabelText('Code, name or pinyin'));
    await user.type(screen.getByLabelText('Code, name or pinyin'), 'sap');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Suggestions' })).getByRole('link', { name: /SAP/ }),
      ).toBeVisible(),
    );
  });

  it('is open to anonymous visitors; their results need a login', async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/search');
    await user.type(await screen.findByLabelText('Code, name or pinyin'), 'SAP{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it('finds by code, name and pinyin, each result a link to the detail', async () => {
    logIn();
    const { sent } = serve();
    const user = userEvent.setup();
    renderApp('/search');

    await user.type(await screen.findByLabelText('Code, name or pinyin'), 'gzmt{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results' })).toBeInTheDocument();
    const results = await screen.findByRole('list', { name: 'Results for “gzmt”' });
    expect(within(results).getByRole('link', { name: /Kweichow Moutai/ })).toHaveAttribute(
      'href',
      '/detail?code=600519',
    );
    expect(within(results).getAllByRole('link')).toHaveLength(1);

    // A new search from the results screen.
    const field = screen.getByLabelText('Code, name or pinyin');
    expect(field).toHaveValue('gzmt');
    await user.clear(field);
    await user.type(field, 'moutai{Enter}');
    expect(await screen.findByRole('list', { name: 'Results for “moutai”' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Code, name or pinyin'));
    await user.type(screen.getByLabelText('Code, name or pinyin'), 'sap{Enter}');
    const bySap = await screen.findByRole('list', { name: 'Results for “sap”' });
    expect(within(bySap).getByRole('link', { name: /SAP/ })).toHaveAttribute('href', '/detail?code=SAP');
    expect(sent.map(queryOf)).toEqual(['gzmt', 'moutai', 'sap']);
  });

  it('says when nothing matches, and shows the server’s own message when it refuses the text', async () => {
    logIn();
    serve();
    const { unmount } = renderApp('/search/search?q=zzz');
    expect(await screen.findByRole('heading', { level: 2, name: 'No stock matches “zzz”' })).toBeInTheDocument();
    unmount();

    renderApp(`/search/search?q=${'x'.repeat(60)}`);
    expect(await screen.findAllByText('The search text is too long (50 characters at most)')).not.toHaveLength(0);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('remembers the last ten searches, newest first, once each, until cleared', async () => {
    logIn();
    serve();
    const user = userEvent.setup();
    for (let index = 1; index <= 11; index++) rememberSearch(`query ${index}`);
    rememberSearch('QUERY 5');
    expect(readRecentSearches()).toHaveLength(RECENT_SEARCHES_MAX);
    renderApp('/search');

    const recent = await screen.findByRole('region', { name: 'Recent searches' });
    const entries = within(recent)
      .getAllByRole('button')
      .filter((button) => button.textContent !== 'Clear history');
    expect(entries.map((button) => button.textContent)).toEqual([
      'QUERY 5',
      'query 11',
      'query 10',
      'query 9',
      'query 8',
      'query 7',
      'query 6',
      'query 4',
      'query 3',
      'query 2',
    ]);

    // One tap runs a search again (and moves it to the front).
    await user.click(within(recent).getByRole('button', { name: 'query 9' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/search/search'));
    expect(readRecentSearches()[0]).toBe('query 9');
    await user.click(screen.getByRole('button', { name: 'Back' }));

    await user.click(await screen.findByRole('button', { name: 'Clear history' }));
    expect(screen.queryByRole('region', { name: 'Recent searches' })).not.toBeInTheDocument();
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });

  it('ignores a damaged history', async () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, '{not json');
    serve();
    renderApp('/search');
    expect(await screen.findByLabelText('Code, name or pinyin')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent searches' })).not.toBeInTheDocument();
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['SAP', 42, '', 'gzmt']));
    expect(readRecentSearches()).toEqual(['SAP', 'gzmt']);
  });
});
