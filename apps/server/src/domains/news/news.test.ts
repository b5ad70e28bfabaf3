import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, DIALECTS, operator, type TestApp } from '../../test/harness.ts';
import { instrument } from '../../test/trading-fixture.ts';
import { insertInstrument } from '../market/instruments.service.ts';
import { NEWS_FEED_INTERVAL_MS } from './news.service.ts';

/**
 * News through the API, once per dialect: the console's editor (sanitized bodies, linked
 * instruments, publish and take back, delete drafts, every change audited, bad input refused with
 * nothing changed), the public list and article (published only, language fallback), and the
 * RSS/Atom import from fixture feeds served over real HTTP (dedup by GUID, hostile markup made
 * inert, a malformed feed recorded and nothing imported), run by hand and by the scheduled job.
 */
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

/** Serves the fixture feeds (`/rss.xml` …), `/status/500` and `/huge.xml`, on a local port. */
async function feedServer(): Promise<{ server: Server; base: string }> {
  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === '/status/500') {
      response.writeHead(500).end('down');
      return;
    }
    if (url === '/huge.xml') {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.end(`<rss version="2.0"><channel><title>${'x'.repeat(3 * 1024 * 1024)}</title></channel></rss>`);
      return;
    }
    try {
      const text = fixture(url.slice(1));
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(text);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const HOSTILE_HTML =
  '<p onclick="alert(1)">Zahlen</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 1">' +
  '<a href="javascript:alert(1)">klick</a> <a href="https://example.com/a">Quelle</a>' +
  '<img src="data:image/png;base64,AAAA"><img src="https://example.com/i.png"><iframe src="https://example.com"></iframe>';

const article = (over: Record<string, unknown> = {}) => ({
  category: 'company',
  fallbackLang: 'de',
  translations: {
    de: { title: 'Quartalszahlen', summary: 'Kurz', bodyFormat: 'html', body: HOSTILE_HTML },
    en: {
      title: 'Quarterly results',
      summary: 'Short',
      bodyFormat: 'markdown',
      body: '# Results\n\n**Up** [x](javascript:alert(1))',
    },
  },
  instruments: ['NWS'],
  ...over,
});

function expectInert(html: string) {
  expect(html).not.toMatch(/<script|<iframe|onerror|onclick|javascript:|data:/i);
}

for (const dialect of DIALECTS) {
  describe(`news (${dialect})`, () => {
    let t: TestApp;
    let admin: { token: string };
    let support: { token: string };
    let finance: { token: string };
    let feeds: { server: Server; base: string };

    beforeAll(async () => {
      // The fixture feeds are served on 127.0.0.1: this app may fetch private addresses; one test turns it off.
      t = await createTestApp(dialect, {
        MARKET_BACKFILL_DAYS: '0',
        MARKET_BACKFILL_INTRADAY_DAYS: '0',
        OUTBOUND_ALLOW_PRIVATE: 'true',
      });
      await t.ctx.database.transaction((trx) =>
        insertInstrument(trx, instrument('NWS', '20.00', { names: { en: 'News Corp' } }), t.clock.nowMs()),
      );
      admin = await operator(t, ['admin']);
      support = await operator(t, ['support']);
      finance = await operator(t, ['finance']);
      feeds = await feedServer();
    }, 60_000);
    afterAll(async () => {
      await t.close();
      await new Promise((resolve) => feeds.server.close(resolve));
    });

    const db = () => t.ctx.database.db;
    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      token?: string,
      payload?: unknown,
      lang = 'en',
    ) =>
      t.app.inject({
        method,
        url,
        headers: { ...(token ? { token } : {}), lang },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    async function count(table: 'newsArticles' | 'newsTranslations' | 'newsFeeds' | 'auditLog') {
      const row = await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
    const counts = async () => ({
      articles: await count('newsArticles'),
      translations: await count('newsTranslations'),
      feeds: await count('newsFeeds'),
      audit: await count('auditLog'),
    });

    it('writes an article: bodies sanitized on save, instruments linked, a draft until published', async () => {
      const res = await call('POST', '/api/admin/news', support.token, article());
      expect(res.statusCode, res.body).toBe(200);
      const created = body(res).data;
      expect(created).toMatchObject({ status: 'draft', category: 'company', fallbackLang: 'de', instruments: ['NWS'] });
      const de = created.translations.find((x: { lang: string }) => x.lang === 'de');
      const en = created.translations.find((x: { lang: string }) => x.lang === 'en');
      expectInert(de.bodyHtml);
      expect(de.bodyHtml).toContain(
        '<a href="https://example.com/a" rel="noopener noreferrer nofollow" target="_blank">Quelle</a>',
      );
      expect(de.bodyHtml).toContain('src="https://example.com/i.png"');
      expect(de.body).toBe(HOSTILE_HTML);
      expect(en.bodyHtml).toContain('<h2>Results</h2>');
      expect(en.bodyHtml).toContain('<strong>Up</strong>');
      expectInert(en.bodyHtml);

      // A draft is not public.
      expect((await call('GET', `/api/news/${created.id}`)).statusCode).toBe(404);
      expect(body(await call('GET', '/api/news')).data.total).toBe(0);

      const published = await call('POST', `/api/admin/news/${created.id}/publish`, admin.token);
      expect(body(published).data).toMatchObject({ status: 'published', publishedAt: t.clock.now().toISOString() });

      const english = body(await call('GET', `/api/news/${created.id}`, undefined, undefined, 'en')).data;
      expect(english).toMatchObject({
        lang: 'en',
        title: 'Quarterly results',
        source: null,
        instruments: [{ code: 'NWS', name: 'News Corp' }],
      });
      // No French translation: the fallback (German) is served, and says so.
      const french = body(await call('GET', `/api/news/${created.id}`, undefined, undefined, 'fr')).data;
      expect(french).toMatchObject({
        lang: 'de',
        title: 'Quartalszahlen',
        instruments: [{ code: 'NWS', name: 'NWS AG' }],
      });
      expectInert(french.bodyHtml);

      const audit = await db()
        .selectFrom('auditLog')
        .select(['action', 'target'])
        .where('action', 'like', 'news.%')
        .execute();
      expect(audit).toEqual([
        { action: 'news.create', target: `news:${created.id}` },
        { action: 'news.publish', target: `news:${created.id}` },
      ]);
    });

    it('refuses bad input with nothing changed', async () => {
      const before = await counts();
      const unknownInstrument = await call(
        'POST',
        '/api/admin/news',
        admin.token,
        article({ instruments: ['NOPE'] }),
        'de',
      );
      expect(unknownInstrument.statusCode).toBe(400);
      expect(body(unknownInstrument).error).toBe('NEWS_INSTRUMENT_UNKNOWN');
      expect(body(unknownInstrument).msg).toContain('NOPE');
      expect((await call('POST', '/api/admin/news', admin.token, article({ category: 'sports' }))).statusCode).toBe(
        400,
      );
      expect((await call('POST', '/api/admin/news', admin.token, article({ fallbackLang: 'fr' }))).statusCode).toBe(
        400,
      );
      expect((await call('POST', '/api/admin/news', admin.token, article({ extra: 1 }))).statusCode).toBe(400);
      expect((await call('POST', '/api/admin/news', finance.token, article())).statusCode).toBe(403);
      expect((await call('PUT', '/api/admin/news/999999', admin.token, article())).statusCode).toBe(404);
      expect((await call('POST', '/api/admin/news/999999/publish', admin.token)).statusCode).toBe(404);

      const unknownCategory = await call('GET', '/api/news?category=sports', undefined, undefined, 'de');
      expect(unknownCategory.statusCode).toBe(400);
      expect(body(unknownCategory).error).toBe('NEWS_CATEGORY_UNKNOWN');
      expect(body(unknownCategory).msg).not.toBe(body(await call('GET', '/api/news?category=sports')).msg);
      expect((await call('GET', '/api/news/999999')).statusCode).toBe(404);

      for (const url of ['ftp://example.com/feed.xml', 'javascript:alert(1)', 'file:///etc/passwd', 'not a url']) {
        const res = await call('POST', '/api/admin/news/feeds', admin.token, {
          url,
          category: 'domestic',
          lang: 'de',
          enabled: true,
        });
        expect(res.statusCode, url).toBe(400);
      }
      expect(await counts()).toEqual(before);
    });

    it('lists published articles newest first per category; takes back and deletes only drafts', async () => {
      const ids: number[] = [];
      for (const category of ['domestic', 'domestic', 'foreign']) {
        const created = body(
          await call('POST', '/api/admin/news', admin.token, article({ category, instruments: [] })),
        ).data;
        t.clock.advance(60_000);
        await call('POST', `/api/admin/news/${created.id}/publish`, admin.token);
        ids.push(created.id);
      }
      const domestic = body(await call('GET', '/api/news?category=domestic&pageSize=1')).data;
      expect(domestic).toMatchObject({ total: 2, page: 1, pageSize: 1 });
      expect(domestic.items.map((i: { id: number }) => i.id)).toEqual([ids[1]]);
      const second = body(await call('GET', '/api/news?category=domestic&pageSize=1&page=2')).data;
      expect(second.items.map((i: { id: number }) => i.id)).toEqual([ids[0]]);
      const all = body(await call('GET', '/api/news')).data;
      expect(all.items.map((i: { id: number }) => i.id).slice(0, 3)).toEqual([ids[2], ids[1], ids[0]]);

      // A published article cannot be deleted; taken back, it is a draft, hidden, and then deletable.
      const deleteLive = await call('DELETE', `/api/admin/news/${ids[2]}`, admin.token);
      expect(deleteLive.statusCode).toBe(409);
      expect(body(deleteLive).error).toBe('NEWS_NOT_DRAFT');
      await call('POST', `/api/admin/news/${ids[2]}/unpublish`, admin.token);
      expect((await call('GET', `/api/news/${ids[2]}`)).statusCode).toBe(404);
      const before = await counts();
      expect((await call('DELETE', `/api/admin/news/${ids[2]}`, admin.token)).statusCode).toBe(200);
      expect(await counts()).toMatchObject({
        articles: before.articles - 1,
        translations: before.translations - 2,
        audit: before.audit + 1,
      });
      expect((await call('GET', `/api/admin/news/${ids[2]}`, admin.token)).statusCode).toBe(404);
    });

    it('previews the sanitized body without storing anything', async () => {
      const before = await counts();
      const res = await call('POST', '/api/admin/news/preview', support.token, {
        bodyFormat: 'html',
        body: HOSTILE_HTML,
      });
      expectInert(body(res).data.bodyHtml);
      expect(body(res).data.bodyHtml).toContain('<p>Zahlen</p>');
      expect(await counts()).toEqual(before);
    });

    it('imports RSS and Atom feeds once per GUID, with hostile markup made inert', async () => {
      const createFeed = async (file: string, category: string, lang: string) =>
        body(
          await call('POST', '/api/admin/news/feeds', admin.token, {
            url: `${feeds.base}/${file}`,
            category,
            lang,
            enabled: false,
          }),
        ).data as { id: number };

      const rss = await createFeed('rss.xml', 'domestic', 'de');
      const ran = body(await call('POST', `/api/admin/news/feeds/${rss.id}/run`, support.token)).data;
      expect(ran).toMatchObject({ lastImported: 3, lastError: null, lastRunAt: t.clock.now().toISOString() });
      const imported = await db()
        .selectFrom('newsArticles')
        .select(['guid', 'link', 'status', 'category', 'fallbackLang'])
        .where('feedId', '=', rss.id)
        .orderBy('id')
        .execute();
      expect(imported).toEqual([
        {
          guid: 'ticker-1001',
          link: 'https://news.example.com/articles/leitzins',
          status: 'published',
          category: 'domestic',
          fallbackLang: 'de',
        },
        {
          guid: 'ticker-1002',
          link: 'https://news.example.com/articles/exporte',
          status: 'published',
          category: 'domestic',
          fallbackLang: 'de',
        },
        // No GUID: the link is its identity.
        {
          guid: 'https://news.example.com/articles/ohne-guid',
          link: 'https://news.example.com/articles/ohne-guid',
          status: 'published',
          category: 'domestic',
          fallbackLang: 'de',
        },
      ]);
      // A second run imports nothing twice.
      const again = body(await call('POST', `/api/admin/news/feeds/${rss.id}/run`, support.token)).data;
      expect(again).toMatchObject({ lastImported: 0, lastError: null });
      expect(await db().selectFrom('newsArticles').select('id').where('feedId', '=', rss.id).execute()).toHaveLength(3);

      const listed = body(await call('GET', '/api/news?category=domestic', undefined, undefined, 'en')).data.items;
      const exports = listed.find((i: { title: string }) => i.title === 'Exporte steigen im Oktober');
      expect(exports).toMatchObject({
        lang: 'de',
        source: 'news.example.com',
        summary: 'Die Ausfuhren legten um 2,1 % zu.',
        publishedAt: '2026-11-23T08:15:00.000Z',
      });
      const exportArticle = body(await call('GET', `/api/news/${exports.id}`)).data;
      expect(exportArticle).toMatchObject({
        link: 'https://news.example.com/articles/exporte',
        bodyHtml: '<p>Die Ausfuhren legten um <strong>2,1 %</strong> zu.</p>',
      });

      const atom = await createFeed('atom.xml', 'foreign', 'en');
      expect(body(await call('POST', `/api/admin/news/feeds/${atom.id}/run`, admin.token)).data.lastImported).toBe(2);
      const growth = body(await call('GET', '/api/news?category=foreign&pageSize=50')).data.items.find(
        (i: { title: string }) => i.title === 'Eurozone growth revised up',
      );
      expect(body(await call('GET', `/api/news/${growth.id}`)).data.bodyHtml).toBe(
        '<p>Statistics office figures show <em>stronger</em> consumption.</p>',
      );

      const hostile = await createFeed('hostile.xml', 'important', 'en');
      expect(body(await call('POST', `/api/admin/news/feeds/${hostile.id}/run`, admin.token)).data.lastImported).toBe(
        1,
      );
      const bad = body(await call('GET', '/api/news?category=important')).data.items[0];
      expect(bad.title).toBe('Quarterly results');
      const badArticle = body(await call('GET', `/api/news/${bad.id}`)).data;
      expect(badArticle.link).toBeNull();
      expectInert(badArticle.bodyHtml);
      expect(badArticle.bodyHtml).toContain(
        '<a href="https://hostile.example.com/report" rel="noopener noreferrer nofollow" target="_blank">report</a>',
      );

      const audit = await db()
        .selectFrom('auditLog')
        .select(['action', 'details'])
        .where('action', '=', 'news.feed.run')
        .execute();
      expect(audit).toHaveLength(4);
    });

    it('records a malformed, failing or oversized feed and imports nothing', async () => {
      for (const [file, error] of [
        ['malformed.xml', 'invalid_feed'],
        ['status/500', 'http_status'],
        ['huge.xml', 'too_large'],
      ] as const) {
        const feed = body(
          await call('POST', '/api/admin/news/feeds', admin.token, {
            url: `${feeds.base}/${file}`,
            category: 'important',
            lang: 'de',
            enabled: false,
          }),
        ).data;
        const before = await count('newsArticles');
        const ran = body(await call('POST', `/api/admin/news/feeds/${feed.id}/run`, admin.token)).data;
        expect(ran, file).toMatchObject({ lastImported: 0, lastError: error, lastRunAt: t.clock.now().toISOString() });
        expect(await count('newsArticles')).toBe(before);
        const listedFeed = body(await call('GET', '/api/admin/news/feeds', admin.token)).data.find(
          (f: { id: number }) => f.id === feed.id,
        );
        expect(listedFeed.lastError).toBe(error);
      }
      expect((await call('POST', '/api/admin/news/feeds/999999/run', admin.token)).statusCode).toBe(404);
    });

    it('refuses a feed on a private or loopback address by default (SSRF) and imports nothing', async () => {
      t.ctx.config.OUTBOUND_ALLOW_PRIVATE = false;
      try {
        for (const url of [`${feeds.base}/rss.xml`, `${feeds.base.replace('127.0.0.1', 'localhost')}/rss.xml`]) {
          const feed = body(
            await call('POST', '/api/admin/news/feeds', admin.token, {
              url,
              category: 'important',
              lang: 'de',
              enabled: false,
            }),
          ).data;
          const before = await count('newsArticles');
          const ran = body(
            await call('POST', `/api/admin/news/feeds/${feed.id}/run`, admin.token, undefined, 'de'),
          ).data;
          expect(ran, url).toMatchObject({ lastImported: 0, lastError: 'forbidden_address' });
          expect(await count('newsArticles')).toBe(before);
        }
      } finally {
        t.ctx.config.OUTBOUND_ALLOW_PRIVATE = true;
      }
    });

    it('runs enabled feeds on schedule: at once when new, again after the interval, never twice an item', async () => {
      const feed = body(
        await call('POST', '/api/admin/news/feeds', admin.token, {
          url: `${feeds.base}/atom.xml`,
          category: 'company',
          lang: 'en',
          enabled: true,
        }),
      ).data;
      const articles = () => db().selectFrom('newsArticles').select('id').where('feedId', '=', feed.id).execute();
      await t.ctx.jobs.runDue();
      expect(await articles()).toHaveLength(2);
      const firstRun = body(await call('GET', '/api/admin/news/feeds', admin.token)).data.find(
        (f: { id: number }) => f.id === feed.id,
      );
      expect(firstRun.lastRunAt).toBe(t.clock.now().toISOString());

      // Not due before the interval has passed.
      t.clock.advance(NEWS_FEED_INTERVAL_MS - 1);
      expect((await t.ctx.jobs.runDue()).map((r) => r.name)).not.toContain('news.feed-import');
      // The sandbox clock route runs what fell due: one run however long the jump, nothing imported twice.
      const advanced = await call('POST', '/api/admin/clock/advance', admin.token, { ms: 5 * NEWS_FEED_INTERVAL_MS });
      expect(advanced.statusCode).toBe(200);
      const after = body(await call('GET', '/api/admin/news/feeds', admin.token)).data.find(
        (f: { id: number }) => f.id === feed.id,
      );
      expect(after).toMatchObject({ lastRunAt: t.clock.now().toISOString(), lastImported: 0 });
      expect(await articles()).toHaveLength(2);

      // Disabled, it is not read; edited and deleted through the console (audited), its articles stay.
      const disabled = await call('PUT', `/api/admin/news/feeds/${feed.id}`, admin.token, {
        url: feed.url,
        category: 'company',
        lang: 'en',
        enabled: false,
      });
      expect(body(disabled).data.enabled).toBe(false);
      t.clock.advance(2 * NEWS_FEED_INTERVAL_MS);
      expect((await t.ctx.jobs.runDue()).map((r) => r.name)).not.toContain('news.feed-import');
      expect((await call('DELETE', `/api/admin/news/feeds/${feed.id}`, admin.token)).statusCode).toBe(200);
      expect(
        (
          await call('PUT', `/api/admin/news/feeds/${feed.id}`, admin.token, {
            url: feed.url,
            category: 'company',
            lang: 'en',
            enabled: false,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        await db().selectFrom('newsArticles').select('id').where('guid', 'like', 'urn:uuid:0a9f1d2e%').execute(),
      ).not.toHaveLength(0);
    });
  });
}
