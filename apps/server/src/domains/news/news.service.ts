import { parseFeed } from '@rowanmanning/feed-parser';
import type { Page } from '@bourse/shared/schemas/common';
import type {
  AdminNewsArticle,
  NewsArticle,
  NewsArticleBody,
  NewsBodyFormat,
  NewsCategory,
  NewsFeed,
  NewsFeedBody,
  NewsListItem,
  NewsStatus,
} from '@bourse/shared/schemas/news';
import { isHttpUrl, newsCategory, type NewsFeedError } from '@bourse/shared/schemas/news';
import { appendAudit, type AuditRecord } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { fetchOutbound, forbiddenAddressIn } from '../../platform/outbound-http.ts';
import { instrumentsByIds, localName, requireInstrument } from '../market/market.service.ts';
import * as repo from './news.repository.ts';
import { plainText, renderBody, sanitizeArticleHtml } from './sanitize.ts';

type Executor = Db | Trx;
type Lang = NewsListItem['lang'];

const iso = (ms: number) => new Date(ms).toISOString();

/** How often each enabled feed is read (the scheduled job). */
export const NEWS_FEED_INTERVAL_MS = 15 * 60_000;
/** How long one feed may take to answer, and the most it may send. */
export const NEWS_FEED_TIMEOUT_MS = 10_000;
export const NEWS_FEED_MAX_BYTES = 2 * 1024 * 1024;
/** The most items one run takes from one feed (the newest). */
export const NEWS_FEED_ITEMS_MAX = 50;

// ── reading ──────────────────────────────────────────────────────────────────────────────────

/** The translation in `lang`, else the one in the article's fallback language. */
function pick(
  translations: readonly repo.TranslationRow[],
  article: repo.ArticleRow,
  lang: string,
): repo.TranslationRow | undefined {
  const mine = translations.filter((t) => Number(t.articleId) === Number(article.id));
  return mine.find((t) => t.lang === lang) ?? mine.find((t) => t.lang === article.fallbackLang);
}

/** Where a feed article came from (the host of its original), null for the editor's own. */
function sourceOf(article: repo.ArticleRow): string | null {
  if (article.feedId === null && article.guid === null) return null;
  return isHttpUrl(article.link) ? new URL(article.link).hostname : null;
}

function listItem(article: repo.ArticleRow, translation: repo.TranslationRow): NewsListItem {
  return {
    id: Number(article.id),
    category: article.category as NewsCategory,
    lang: translation.lang as Lang,
    title: translation.title,
    summary: translation.summary,
    publishedAt: iso(Number(article.publishedAt ?? article.updatedAt)),
    source: sourceOf(article),
  };
}

/** `GET /api/news`: published articles, newest first, each in the reader's language or its fallback. */
export async function listPublished(
  db: Executor,
  query: { category?: string; page: number; pageSize: number },
  lang: string,
): Promise<Page<NewsListItem>> {
  if (query.category !== undefined && !newsCategory.safeParse(query.category).success) {
    throw new AppError('NEWS_CATEGORY_UNKNOWN', { category: query.category });
  }
  const { rows, total } = await repo.listArticles(db, { ...query, status: 'published' });
  const langs = [...new Set([lang, ...rows.map((r) => r.fallbackLang)])];
  const translations = await repo.findTranslations(
    db,
    rows.map((r) => Number(r.id)),
    langs,
  );
  const items = rows.flatMap((row) => {
    const translation = pick(translations, row, lang);
    return translation ? [listItem(row, translation)] : [];
  });
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** `GET /api/news/:id`: a published article (else NEWS_NOT_FOUND) with its linked instruments. */
export async function publishedArticle(ctx: AppContext, id: number, lang: string): Promise<NewsArticle> {
  const db = ctx.database.db;
  const article = await repo.findArticle(db, id);
  if (!article || article.status !== 'published') throw new AppError('NEWS_NOT_FOUND');
  const translation = pick(await repo.findTranslations(db, [id], [lang, article.fallbackLang]), article, lang);
  if (!translation) throw new AppError('NEWS_NOT_FOUND');
  const links = await repo.findLinkedInstruments(db, [id]);
  const instruments = await instrumentsByIds(
    db,
    links.map((l) => Number(l.instrumentId)),
  );
  return {
    ...listItem(article, translation),
    bodyHtml: translation.bodyHtml,
    link: isHttpUrl(article.link) ? article.link : null,
    instruments: links.flatMap((l) => {
      const instrument = instruments.get(Number(l.instrumentId));
      return instrument ? [{ code: instrument.code, name: localName(instrument, translation.lang) }] : [];
    }),
  };
}

// ── the console's editor ───────────────────────────────────────────────────────────────────────

async function consoleArticles(db: Executor, rows: readonly repo.ArticleRow[]): Promise<AdminNewsArticle[]> {
  const ids = rows.map((r) => Number(r.id));
  const [translations, links] = await Promise.all([
    repo.findTranslations(db, ids),
    repo.findLinkedInstruments(db, ids),
  ]);
  const instruments = await instrumentsByIds(
    db,
    links.map((l) => Number(l.instrumentId)),
  );
  return rows.map((row) => {
    const mine = translations.filter((t) => Number(t.articleId) === Number(row.id));
    return {
      id: Number(row.id),
      category: row.category as NewsCategory,
      status: row.status as NewsStatus,
      fallbackLang: row.fallbackLang as Lang,
      title: pick(mine, row, row.fallbackLang)?.title ?? '',
      publishedAt: row.publishedAt === null ? null : iso(Number(row.publishedAt)),
      updatedAt: iso(Number(row.updatedAt)),
      source: sourceOf(row),
      link: row.link,
      translations: mine.map((t) => ({
        lang: t.lang as Lang,
        title: t.title,
        summary: t.summary,
        bodyFormat: t.bodyFormat as NewsBodyFormat,
        body: t.bodySource,
        bodyHtml: t.bodyHtml,
      })),
      instruments: links
        .filter((l) => Number(l.articleId) === Number(row.id))
        .flatMap((l) => instruments.get(Number(l.instrumentId))?.code ?? []),
    };
  });
}

export async function listForConsole(
  db: Executor,
  query: { status?: NewsStatus; category?: NewsCategory; page: number; pageSize: number },
): Promise<Page<AdminNewsArticle>> {
  const { rows, total } = await repo.listArticles(db, query);
  return { items: await consoleArticles(db, rows), total, page: query.page, pageSize: query.pageSize };
}

export async function articleForConsole(db: Executor, id: number): Promise<AdminNewsArticle> {
  const article = await repo.findArticle(db, id);
  if (!article) throw new AppError('NEWS_NOT_FOUND');
  const [one] = await consoleArticles(db, [article]);
  if (!one) throw new AppError('NEWS_NOT_FOUND');
  return one;
}

/** The ids of the linked instruments' codes, in order; an unknown code is NEWS_INSTRUMENT_UNKNOWN (400). */
export async function resolveInstruments(ctx: AppContext, codes: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const code of new Set(codes)) {
    try {
      ids.push(Number((await requireInstrument(ctx, code)).id));
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSTRUMENT_NOT_FOUND') {
        throw new AppError('NEWS_INSTRUMENT_UNKNOWN', { code });
      }
      throw error;
    }
  }
  return ids;
}

/** The body's sanitized HTML, as the editor's preview shows it and a save would store it. */
export function previewBody(format: NewsBodyFormat, body: string): string {
  return renderBody(format, body);
}

function translationsOf(body: NewsArticleBody): repo.NewTranslation[] {
  return Object.entries(body.translations).flatMap(([lang, t]) =>
    t
      ? [
          {
            lang,
            title: t.title,
            summary: t.summary ?? '',
            bodyFormat: t.bodyFormat,
            bodySource: t.body,
            bodyHtml: renderBody(t.bodyFormat, t.body),
          },
        ]
      : [],
  );
}

/** A new draft with its translations (bodies sanitized now) and linked instruments. */
export async function createArticle(
  trx: Trx,
  input: { body: NewsArticleBody; instrumentIds: readonly number[]; operatorId: number; nowMs: number },
): Promise<number> {
  const id = await repo.insertArticle(trx, {
    category: input.body.category,
    status: 'draft',
    fallbackLang: input.body.fallbackLang,
    feedId: null,
    guid: null,
    link: null,
    publishedAt: null,
    createdAt: input.nowMs,
    updatedAt: input.nowMs,
    createdBy: input.operatorId,
  });
  await repo.replaceContent(trx, id, translationsOf(input.body), input.instrumentIds);
  return id;
}

async function requireArticle(trx: Trx, id: number): Promise<repo.ArticleRow> {
  const article = await repo.findArticle(trx, id);
  if (!article) throw new AppError('NEWS_NOT_FOUND');
  return article;
}

/** Replaces an article's content (a published one stays published, with its first publication time). */
export async function updateArticleContent(
  trx: Trx,
  id: number,
  input: { body: NewsArticleBody; instrumentIds: readonly number[]; nowMs: number },
): Promise<void> {
  await requireArticle(trx, id);
  await repo.updateArticle(trx, id, {
    category: input.body.category,
    fallbackLang: input.body.fallbackLang,
    updatedAt: input.nowMs,
  });
  await repo.replaceContent(trx, id, translationsOf(input.body), input.instrumentIds);
}

/** Publishes (time from the clock) or takes an article back to draft. Repeating either changes nothing. */
export async function setPublished(trx: Trx, id: number, published: boolean, nowMs: number): Promise<boolean> {
  const article = await requireArticle(trx, id);
  if ((article.status === 'published') === published) return false;
  await repo.updateArticle(trx, id, {
    status: published ? 'published' : 'draft',
    publishedAt: published ? nowMs : null,
    updatedAt: nowMs,
  });
  return true;
}

/** Deletes a draft; a published article must be taken back first (NEWS_NOT_DRAFT). */
export async function deleteDraft(trx: Trx, id: number): Promise<void> {
  const article = await requireArticle(trx, id);
  if (article.status !== 'draft') throw new AppError('NEWS_NOT_DRAFT');
  await repo.deleteArticle(trx, id);
}

// ── feeds ───────────────────────────────────────────────────────────────────────────────────────

function feedOf(row: repo.FeedRow): NewsFeed {
  return {
    id: Number(row.id),
    url: row.url,
    category: row.category as NewsCategory,
    lang: row.lang as Lang,
    enabled: Number(row.enabled) === 1,
    lastRunAt: row.lastRunAt === null ? null : iso(Number(row.lastRunAt)),
    lastImported: row.lastImported === null ? null : Number(row.lastImported),
    lastError: row.lastError,
  };
}

export async function listFeeds(db: Executor): Promise<NewsFeed[]> {
  return (await repo.listFeeds(db)).map(feedOf);
}

export async function requireFeed(db: Executor, id: number): Promise<NewsFeed> {
  const row = await repo.findFeed(db, id);
  if (!row) throw new AppError('NEWS_FEED_NOT_FOUND');
  return feedOf(row);
}

export async function createFeed(trx: Trx, body: NewsFeedBody, nowMs: number): Promise<NewsFeed> {
  const id = await repo.insertFeed(trx, {
    url: body.url,
    category: body.category,
    lang: body.lang,
    enabled: body.enabled ? 1 : 0,
    lastRunAt: null,
    lastImported: null,
    lastError: null,
    createdAt: nowMs,
    updatedAt: nowMs,
  });
  return requireFeed(trx, id);
}

export async function updateFeed(trx: Trx, id: number, body: NewsFeedBody, nowMs: number): Promise<NewsFeed> {
  await requireFeed(trx, id);
  await repo.updateFeed(trx, id, {
    url: body.url,
    category: body.category,
    lang: body.lang,
    enabled: body.enabled ? 1 : 0,
    updatedAt: nowMs,
  });
  return requireFeed(trx, id);
}

export async function deleteFeed(trx: Trx, id: number): Promise<void> {
  await requireFeed(trx, id);
  await repo.deleteFeed(trx, id);
}

class FeedFailure extends Error {
  constructor(
    readonly code: NewsFeedError,
    options?: ErrorOptions,
  ) {
    super(code, options);
  }
}

/**
 * The feed document: one GET with a deadline, refused beyond NEWS_FEED_MAX_BYTES, and only to a
 * public address (every redirect hop too) unless OUTBOUND_ALLOW_PRIVATE (platform/outbound-http.ts).
 */
async function fetchFeed(url: string, allowPrivate: boolean): Promise<string> {
  let response: Awaited<ReturnType<typeof fetchOutbound>>;
  const signal = AbortSignal.timeout(NEWS_FEED_TIMEOUT_MS);
  try {
    response = await fetchOutbound(
      url,
      { signal, headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9' } },
      { allowPrivate },
    );
  } catch (error) {
    if (forbiddenAddressIn(error)) throw new FeedFailure('forbidden_address', { cause: error });
    throw new FeedFailure(signal.aborted ? 'timeout' : 'unreachable', { cause: error });
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new FeedFailure('http_status');
  }
  if (Number(response.headers.get('content-length') ?? 0) > NEWS_FEED_MAX_BYTES) {
    await response.body.cancel();
    throw new FeedFailure('too_large');
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > NEWS_FEED_MAX_BYTES) throw new FeedFailure('too_large');
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof FeedFailure) throw error;
    throw new FeedFailure(signal.aborted ? 'timeout' : 'unreachable', { cause: error });
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

interface FeedArticle {
  guid: string;
  link: string | null;
  title: string;
  summary: string;
  bodySource: string;
  bodyHtml: string;
  publishedAt: number;
}

/** The items of a feed document as articles (newest NEWS_FEED_ITEMS_MAX, oldest first); throws on a malformed one. */
function articlesOf(xml: string, nowMs: number): FeedArticle[] {
  let feed: ReturnType<typeof parseFeed>;
  try {
    feed = parseFeed(xml);
  } catch (error) {
    throw new FeedFailure('invalid_feed', { cause: error });
  }
  const seen = new Set<string>();
  const articles: FeedArticle[] = [];
  for (const item of feed.items) {
    const guid = (item.id ?? item.url ?? '').trim().slice(0, 1000);
    const title = plainText(item.title ?? '').slice(0, 300);
    if (!guid || !title || seen.has(guid)) continue;
    seen.add(guid);
    const bodySource = item.content ?? item.description ?? '';
    const dated = (item.published ?? item.updated)?.getTime();
    articles.push({
      guid,
      link: isHttpUrl(item.url) ? item.url.slice(0, 2000) : null,
      title,
      summary: plainText(item.description ?? item.content ?? '').slice(0, 1000),
      bodySource,
      bodyHtml: sanitizeArticleHtml(bodySource),
      // The item's own date, never later than now (a feed's clock is not ours).
      publishedAt: dated !== undefined && Number.isFinite(dated) ? Math.min(dated, nowMs) : nowMs,
    });
  }
  return articles
    .sort((a, b) => b.publishedAt - a.publishedAt)
    .slice(0, NEWS_FEED_ITEMS_MAX)
    .reverse();
}

/**
 * Reads one feed and imports its new items as published articles in the feed's category and
 * language, each once per feed (by GUID, else link; a unique index holds it). The fetch and parse
 * happen before the transaction; the transaction stores the articles and the run's result (time,
 * count, or the error — a failed run imports nothing), with the operator's audit line for a manual run.
 */
export async function runFeed(
  ctx: AppContext,
  feedId: number,
  audit: Omit<AuditRecord, 'atMs' | 'details'> | null,
): Promise<NewsFeed> {
  const feed = await requireFeed(ctx.database.db, feedId);
  const nowMs = ctx.clock.nowMs();
  let outcome: { articles: FeedArticle[] } | { error: NewsFeedError };
  try {
    outcome = { articles: articlesOf(await fetchFeed(feed.url, ctx.config.OUTBOUND_ALLOW_PRIVATE), nowMs) };
  } catch (error) {
    if (!(error instanceof FeedFailure)) throw error;
    outcome = { error: error.code };
  }
  return ctx.database.transaction(async (trx) => {
    let imported = 0;
    if ('articles' in outcome) {
      const known = await repo.importedGuids(
        trx,
        feedId,
        outcome.articles.map((a) => a.guid),
      );
      for (const article of outcome.articles.filter((a) => !known.has(a.guid))) {
        const id = await repo.insertArticle(trx, {
          category: feed.category,
          status: 'published',
          fallbackLang: feed.lang,
          feedId,
          guid: article.guid,
          link: article.link,
          publishedAt: article.publishedAt,
          createdAt: nowMs,
          updatedAt: nowMs,
          createdBy: null,
        });
        await repo.replaceContent(
          trx,
          id,
          [
            {
              lang: feed.lang,
              title: article.title,
              summary: article.summary,
              bodyFormat: 'html',
              bodySource: article.bodySource,
              bodyHtml: article.bodyHtml,
            },
          ],
          [],
        );
        imported++;
      }
    }
    const error = 'error' in outcome ? outcome.error : null;
    await repo.updateFeed(trx, feedId, { lastRunAt: nowMs, lastImported: imported, lastError: error });
    if (audit) {
      await appendAudit(trx, { ...audit, atMs: nowMs, details: { imported, error } });
    }
    return requireFeed(trx, feedId);
  });
}

/** When the scheduled import is next due: the earliest enabled feed's last run plus the interval. */
export function nextFeedRunAt(db: Executor): Promise<number | null> {
  return repo.earliestFeedDue(db, NEWS_FEED_INTERVAL_MS);
}

/** Runs every enabled feed due at or before `dueAtMs` (each run moves its next due past now). */
export async function runDueFeeds(ctx: AppContext, dueAtMs: number): Promise<void> {
  for (const feed of await repo.listFeeds(ctx.database.db)) {
    if (Number(feed.enabled) !== 1) continue;
    const due = feed.lastRunAt === null ? Number(feed.createdAt) : Number(feed.lastRunAt) + NEWS_FEED_INTERVAL_MS;
    if (due <= dueAtMs) await runFeed(ctx, Number(feed.id), null);
  }
}
