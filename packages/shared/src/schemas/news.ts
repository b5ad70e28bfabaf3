import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { instrumentCode } from './market.ts';

/**
 * News on the wire (issue 15): articles in four categories, written per language in the console
 * (Markdown or HTML, sanitized on the server) or imported from RSS/Atom feeds.
 */
export const NEWS_CATEGORIES = ['company', 'domestic', 'foreign', 'important'] as const;
export const newsCategory = z.enum(NEWS_CATEGORIES);
export type NewsCategory = z.infer<typeof newsCategory>;

export const NEWS_BODY_FORMATS = ['markdown', 'html'] as const;
export const newsBodyFormat = z.enum(NEWS_BODY_FORMATS);
export type NewsBodyFormat = z.infer<typeof newsBodyFormat>;

export const newsLanguage = z.enum(LANGUAGES);
export const newsStatus = z.enum(['draft', 'published']);
export type NewsStatus = z.infer<typeof newsStatus>;

/** The most instruments one article links. */
export const NEWS_INSTRUMENTS_MAX = 10;
/** The largest body (Markdown or HTML as written) one translation may have. */
export const NEWS_BODY_MAX = 100_000;

/**
 * `GET /api/news`: published articles of one category (or all), newest first. The category is
 * checked by the server, so an unknown one gets its own message (NEWS_CATEGORY_UNKNOWN).
 */
export const newsListQuery = z.strictObject({
  category: z.string().max(40).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

/** One article in a list, in the reader's language (or the article's fallback). */
export const newsListItem = z.object({
  id: z.number().int(),
  category: newsCategory,
  lang: newsLanguage,
  title: z.string(),
  summary: z.string(),
  publishedAt: z.string(),
  source: z.string().nullable(),
});
export type NewsListItem = z.infer<typeof newsListItem>;

export const newsInstrument = z.object({ code: z.string(), name: z.string() });

/** `GET /api/news/:id`: the article, its sanitized HTML body and the instruments it links. */
export const newsArticle = newsListItem.extend({
  bodyHtml: z.string(),
  link: z.string().nullable(),
  instruments: z.array(newsInstrument),
});
export type NewsArticle = z.infer<typeof newsArticle>;

// ── the console ───────────────────────────────────────────────────────────────────────────────

export const newsTranslationInput = z.strictObject({
  title: z.string().trim().min(1).max(300),
  summary: z.string().trim().max(1000).default(''),
  bodyFormat: newsBodyFormat,
  body: z.string().max(NEWS_BODY_MAX),
});
export type NewsTranslationInput = z.input<typeof newsTranslationInput>;

/** Create or replace an article's content: at least the fallback language's translation is required. */
export const newsArticleBody = z
  .strictObject({
    category: newsCategory,
    fallbackLang: newsLanguage,
    translations: z.partialRecord(newsLanguage, newsTranslationInput),
    instruments: z.array(instrumentCode).max(NEWS_INSTRUMENTS_MAX).default([]),
  })
  .refine((body) => body.translations[body.fallbackLang] !== undefined, {
    message: 'the fallback language needs a translation',
    path: ['translations'],
  });
export type NewsArticleBody = z.input<typeof newsArticleBody>;

export const adminNewsTranslation = z.object({
  lang: newsLanguage,
  title: z.string(),
  summary: z.string(),
  bodyFormat: newsBodyFormat,
  body: z.string(),
  bodyHtml: z.string(),
});

export const adminNewsArticle = z.object({
  id: z.number().int(),
  category: newsCategory,
  status: newsStatus,
  fallbackLang: newsLanguage,
  title: z.string(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  source: z.string().nullable(),
  link: z.string().nullable(),
  translations: z.array(adminNewsTranslation),
  instruments: z.array(z.string()),
});
export type AdminNewsArticle = z.infer<typeof adminNewsArticle>;

export const adminNewsListQuery = z.strictObject({
  status: newsStatus.optional(),
  category: newsCategory.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** `POST /api/admin/news/preview`: the sanitized HTML of a body, as it would be saved. */
export const newsPreviewBody = z.strictObject({ bodyFormat: newsBodyFormat, body: z.string().max(NEWS_BODY_MAX) });
export const newsPreview = z.object({ bodyHtml: z.string() });

/** True for an absolute http(s) URL (a feed's address, an article's link or image). */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An http(s) URL (a feed's address); anything else is refused. */
export const httpUrl = z.string().trim().max(2000).refine(isHttpUrl, 'must be an http(s) URL');

/** Why a feed run imported nothing (stored on the feed, shown in the operator's language). */
export const NEWS_FEED_ERRORS = [
  'unreachable',
  'timeout',
  'http_status',
  'too_large',
  'invalid_feed',
  'forbidden_address',
] as const;
export type NewsFeedError = (typeof NEWS_FEED_ERRORS)[number];

export const newsFeedBody = z.strictObject({
  url: httpUrl,
  category: newsCategory,
  lang: newsLanguage,
  enabled: z.boolean(),
});
export type NewsFeedBody = z.infer<typeof newsFeedBody>;

export const newsFeed = z.object({
  id: z.number().int(),
  url: z.string(),
  category: newsCategory,
  lang: newsLanguage,
  enabled: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastImported: z.number().int().nullable(),
  lastError: z.string().nullable(),
});
export type NewsFeed = z.infer<typeof newsFeed>;
