import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminNewsArticle, NewsFeed } from '@bourse/shared/schemas/news';
import { ok, stubApi } from '../../../test/api-stub.ts';
import { SUPPORT, TOKEN, pageOf, renderApp } from '../../../test/render-app.tsx';

const draft: AdminNewsArticle = {
  id: 4,
  category: 'company',
  status: 'draft',
  fallbackLang: 'de',
  title: 'Quartalszahlen',
  publishedAt: null,
  updatedAt: '2026-11-23T09:00:00.000Z',
  source: null,
  link: null,
  translations: [
    {
      lang: 'de',
      title: 'Quartalszahlen',
      summary: '',
      bodyFormat: 'markdown',
      body: '**Plus**',
      bodyHtml: '<p><strong>Plus</strong></p>',
    },
  ],
  instruments: ['SAP'],
};

const brokenFeed: NewsFeed = {
  id: 2,
  url: 'https://wire.example.org/feed.xml',
  category: 'foreign',
  lang: 'en',
  enabled: true,
  lastRunAt: '2026-11-23T09:00:00.000Z',
  lastImported: 0,
  lastError: 'invalid_feed',
};

describe('news in the console', () => {
  it('writes an article with a sanitized preview, saves it and publishes a draft', async () => {
    let articles = [draft];
    const api = stubApi({
      'GET /api/admin/me': () => ok(SUPPORT),
      'GET /api/admin/news': () => ok(pageOf(articles, { total: articles.length, page: 1, pageSize: 20 })),
      'GET /api/admin/news/feeds': () => ok([]),
      'POST /api/admin/news/preview': () => ok({ bodyHtml: '<p>Hallo <em>Welt</em></p>' }),
      'POST /api/admin/news': ({ body }) => {
        const created = {
          ...draft,
          id: 5,
          title: 'Neu',
          translations: [],
          instruments: (body as { instruments: string[] }).instruments,
        };
        articles = [created, ...articles];
        return ok(created);
      },
      'POST /api/admin/news/4/publish': () => {
        articles = articles.map((a) => (a.id === 4 ? { ...a, status: 'published' as const } : a));
        return ok(articles.find((a) => a.id === 4));
      },
    });
    const { user } = await renderApp({ token: TOKEN, path: '/news' });

    const row = (await screen.findByText('Quartalszahlen', { selector: 'td' })).closest('tr')!;
    expect(within(row).getByText('Draft')).toBeInTheDocument();
    expect(within(row).getByText('Editorial team')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New article' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'Neu');
    await user.type(within(dialog).getByLabelText('Text'), 'Hallo *Welt*<script>x</script>');
    await user.type(within(dialog).getByLabelText('Linked securities'), 'sap, bmw');
    await user.click(within(dialog).getByRole('button', { name: 'Preview (as readers will see it)' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview (as readers will see it)' });
    expect(preview.innerHTML).toBe('<div><p>Hallo <em>Welt</em></p></div>');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.calls('POST', '/api/admin/news')).toHaveLength(1));
    expect(api.calls('POST', '/api/admin/news')[0]?.body).toEqual({
      category: 'company',
      fallbackLang: 'de',
      translations: {
        de: { title: 'Neu', summary: '', bodyFormat: 'markdown', body: 'Hallo *Welt*<script>x</script>' },
      },
      instruments: ['SAP', 'BMW'],
    });
    expect(api.calls('POST', '/api/admin/news/preview')[0]?.body).toEqual({
      bodyFormat: 'markdown',
      body: 'Hallo *Welt*<script>x</script>',
    });

    await user.click(within(row).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.calls('POST', '/api/admin/news/4/publish')).toHaveLength(1));
    expect(await within(row).findByText('Published')).toBeInTheDocument();
  });

  it('lists feeds with their last run and error, adds one and imports now', async () => {
    const api = stubApi({
      'GET /api/admin/me': () => ok(SUPPORT),
      'GET /api/admin/news': () => ok(pageOf([], { total: 0, page: 1, pageSize: 20 })),
      'GET /api/admin/news/feeds': () => ok([brokenFeed]),
      'POST /api/admin/news/feeds': ({ body }) =>
        ok({ ...brokenFeed, id: 3, ...(body as object), lastRunAt: null, lastError: null }),
      'POST /api/admin/news/feeds/2/run': () => ok(brokenFeed),
    });
    const { user } = await renderApp({ token: TOKEN, path: '/news' });
    await user.click(await screen.findByRole('tab', { name: 'Feeds' }));

    const row = (await screen.findByText('https://wire.example.org/feed.xml')).closest('tr')!;
    expect(within(row).getByText('This is not a valid RSS or Atom feed')).toBeInTheDocument();
    expect(within(row).getByText('Foreign economy')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Feed address (http or https)'), 'https://news.example.com/rss');
    await user.click(screen.getByRole('button', { name: 'Add feed' }));
    await waitFor(() => expect(api.calls('POST', '/api/admin/news/feeds')).toHaveLength(1));
    expect(api.calls('POST', '/api/admin/news/feeds')[0]?.body).toEqual({
      url: 'https://news.example.com/rss',
      category: 'domestic',
      lang: 'de',
      enabled: true,
    });

    await user.click(within(row).getByRole('button', { name: 'Import now' }));
    await waitFor(() => expect(api.calls('POST', '/api/admin/news/feeds/2/run')).toHaveLength(1));
    expect(await screen.findAllByText('This is not a valid RSS or Atom feed')).not.toHaveLength(0);
  });
});
