import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewsArticle, NewsListItem } from '@bourse/shared/schemas/news';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { installFakeStream } from '../../../test/fake-stream';
import { failure, mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { sampleOverview, sapQuote } from '../../../test/market-samples';
import { renderApp, sampleConfig, sampleSupport, sampleUser } from '../../../test/render-app';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

const item = (id: number, category: NewsListItem['category'], title: string): NewsListItem => ({
  id,
  category,
  lang: 'en',
  title,
  summary: `${title} in short`,
  publishedAt: '2026-11-23T08:00:00.000Z',
  source: id % 2 ? 'wire.example.org' : null,
});

const article: NewsArticle = {
  ...item(7, 'company', 'SAP raises its outlook'),
  bodyHtml:
    '<p>Cloud revenue <strong>grew</strong>.</p><a href="https://example.com/a" rel="noopener noreferrer nofollow" target="_blank">Report</a>',
  link: 'https://wire.example.org/sap',
  instruments: [{ code: 'SAP', name: 'SAP SE' }],
};

const query = (request: SentRequest) => new URL(request.url, 'http://bourse.test').searchParams;

let stream: ReturnType<typeof installFakeStream>;
beforeEach(() => {
  stream = installFakeStream();
});
afterEach(() => stream.close());

describe('news', () => {
  it('lists each category in its tab, newest first, and says when one is empty', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/news': (request) => {
        const category = query(request).get('category');
        return ok({
          items:
            category === 'foreign'
              ? [item(3, 'foreign', 'Oil prices ease')]
              : category === 'company'
                ? [item(1, 'company', 'SAP raises its outlook')]
                : [],
          total: category === 'foreign' || category === 'company' ? 1 : 0,
          page: 1,
          pageSize: 20,
        });
      },
    });
    const user = userEvent.setup();
    renderApp('/news');

    const company = await screen.findByRole('list', { name: 'Company news' });
    expect(within(company).getByRole('link', { name: 'SAP raises its outlook' })).toHaveAttribute('href', '/news/1');
    expect(within(company).getByText('Source: wire.example.org')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Company news' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Foreign economy' }));
    const foreign = await screen.findByRole('list', { name: 'Foreign economy' });
    expect(within(foreign).getByRole('link', { name: 'Oil prices ease' })).toHaveAttribute('href', '/news/3');
    expect(sent.map((request) => query(request).get('category'))).toEqual(['company', 'foreign']);

    await user.click(screen.getByRole('tab', { name: 'Domestic economy' }));
    expect(await screen.findByText('No news in this category yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore the market' })).toHaveAttribute('href', '/market');
  });

  it('shows an article with its body, its original and the linked security at its live price', async () => {
    logIn();
    mockFetch({ 'GET /api/news/7': () => ok(article) });
    renderApp('/news/7');

    expect(await screen.findByRole('heading', { name: 'SAP raises its outlook' })).toBeInTheDocument();
    expect(screen.getByText('grew').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Read the original' })).toHaveAttribute(
      'href',
      'https://wire.example.org/sap',
    );
    expect(screen.getByRole('link', { name: 'Report' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');

    const securities = screen.getByRole('region', { name: 'Securities in this article' });
    const sap = within(securities).getByRole('link', { name: /SAP SE/ });
    expect(sap).toHaveAttribute('href', '/detail?code=SAP');
    await waitFor(() => expect(stream.subscribed()).toContain('quotes:SAP'));
    stream.quote(sapQuote, true);
    stream.quote({ code: 'SAP', last: '182.40', changePct: '1.33' });
    expect(await within(sap).findByText('+1.33%')).toHaveClass('news-up');
    expect(within(sap).getByTestId('news-quote-SAP')).toHaveTextContent('182.40');
  });

  it('says when an article is not available', async () => {
    logIn();
    mockFetch({ 'GET /api/news/8': () => failure(404, 'NEWS_NOT_FOUND', 'This article is not available') });
    renderApp('/news/8');
    expect(await screen.findByText('This article is not available', { selector: 'p' })).toBeInTheDocument();
  });

  it('shows the latest headlines on the home screen with a link to all news', async () => {
    logIn();
    mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/stock/kefu': () => ok(sampleSupport),
      'GET /api/market/overview': () => ok(sampleOverview),
      'GET /api/market/favorites': () => ok([]),
      'GET /api/news': (request) => {
        expect(query(request).get('category')).toBeNull();
        return ok({
          items: [item(1, 'company', 'SAP raises its outlook'), item(2, 'important', 'Rates unchanged')],
          total: 2,
          page: 1,
          pageSize: 5,
        });
      },
    });
    renderApp('/home');
    const latest = await screen.findByRole('list', { name: 'Latest news' });
    expect(
      within(latest)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['SAP raises its outlook', 'Rates unchanged']);
    expect(screen.getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/news');
  });
});
