import type { Insertable, Selectable } from 'kysely';
import type { Db, Trx } from '../../platform/db/database.ts';
import type { NewsArticlesTable, NewsFeedsTable, NewsTranslationsTable } from '../../platform/db/schema.ts';

/** The news domain's SQL: articles, their translations and linked instruments, and the feeds. */

type Executor = Db | Trx;
export type ArticleRow = Selectable<NewsArticlesTable>;
export type TranslationRow = Selectable<NewsTranslationsTable>;
export type FeedRow = Selectable<NewsFeedsTable>;
export type NewTranslation = Omit<Insertable<NewsTranslationsTable>, 'articleId'>;

// ── articles ─────────────────────────────────────────────────────────────────────────────────────

export function findArticle(db: Executor, id: number): Promise<ArticleRow | undefined> {
  return db.selectFrom('newsArticles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of articles, newest first (published by publication time, drafts by their last change). */
export async function listArticles(
  db: Executor,
  filter: { status?: string; category?: string; page: number; pageSize: number },
): Promise<{ rows: ArticleRow[]; total: number }> {
  let query = db.selectFrom('newsArticles');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.category) query = query.where('category', '=', filter.category);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('publishedAt', 'desc')
      .orderBy('updatedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function insertArticle(trx: Trx, row: Insertable<NewsArticlesTable>): Promise<number> {
  const inserted = await trx.insertInto('newsArticles').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateArticle(
  trx: Trx,
  id: number,
  change: Partial<Pick<ArticleRow, 'category' | 'fallbackLang' | 'status' | 'publishedAt' | 'updatedAt'>>,
): Promise<void> {
  await trx.updateTable('newsArticles').set(change).where('id', '=', id).execute();
}

export async function deleteArticle(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('newsTranslations').where('articleId', '=', id).execute();
  await trx.deleteFrom('newsArticleInstruments').where('articleId', '=', id).execute();
  await trx.deleteFrom('newsArticles').where('id', '=', id).execute();
}

// ── translations and instruments ──────────────────────────────────────────────────────────────

/** The translations of these articles (all languages, or only `langs`). */
export function findTranslations(
  db: Executor,
  articleIds: readonly number[],
  langs?: readonly string[],
): Promise<TranslationRow[]> {
  if (articleIds.length === 0) return Promise.resolve([]);
  let query = db.selectFrom('newsTranslations').selectAll().where('articleId', 'in', articleIds);
  if (langs) query = query.where('lang', 'in', langs);
  return query.orderBy('articleId').orderBy('lang').execute();
}

/** Replaces every translation and linked instrument of an article. */
export async function replaceContent(
  trx: Trx,
  articleId: number,
  translations: readonly NewTranslation[],
  instrumentIds: readonly number[],
): Promise<void> {
  await trx.deleteFrom('newsTranslations').where('articleId', '=', articleId).execute();
  await trx.deleteFrom('newsArticleInstruments').where('articleId', '=', articleId).execute();
  if (translations.length > 0) {
    await trx
      .insertInto('newsTranslations')
      .values(translations.map((t) => ({ ...t, articleId })))
      .execute();
  }
  if (instrumentIds.length > 0) {
    await trx
      .insertInto('newsArticleInstruments')
      .values(instrumentIds.map((instrumentId, position) => ({ articleId, instrumentId, position })))
      .execute();
  }
}

/** The linked instrument ids of these articles, in the editor's order. */
export function findLinkedInstruments(
  db: Executor,
  articleIds: readonly number[],
): Promise<Array<{ articleId: number; instrumentId: number }>> {
  if (articleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('newsArticleInstruments')
    .select(['articleId', 'instrumentId'])
    .where('articleId', 'in', articleIds)
    .orderBy('articleId')
    .orderBy('position')
    .execute();
}

// ── feeds ─────────────────────────────────────────────────────────────────────────────────────

export function listFeeds(db: Executor): Promise<FeedRow[]> {
  return db.selectFrom('newsFeeds').selectAll().orderBy('id').execute();
}

export function findFeed(db: Executor, id: number): Promise<FeedRow | undefined> {
  return db.selectFrom('newsFeeds').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertFeed(trx: Trx, row: Insertable<NewsFeedsTable>): Promise<number> {
  const inserted = await trx.insertInto('newsFeeds').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateFeed(
  trx: Trx,
  id: number,
  change: Partial<Omit<FeedRow, 'id' | 'createdAt'>>,
): Promise<void> {
  await trx.updateTable('newsFeeds').set(change).where('id', '=', id).execute();
}

/** Removes a feed; its imported articles stay (without the feed). */
export async function deleteFeed(trx: Trx, id: number): Promise<void> {
  await trx.updateTable('newsArticles').set({ feedId: null }).where('feedId', '=', id).execute();
  await trx.deleteFrom('newsFeeds').where('id', '=', id).execute();
}

/** The GUIDs among `guids` this feed has already imported. */
export async function importedGuids(db: Executor, feedId: number, guids: readonly string[]): Promise<Set<string>> {
  if (guids.length === 0) return new Set();
  const rows = await db
    .selectFrom('newsArticles')
    .select('guid')
    .where('feedId', '=', feedId)
    .where('guid', 'in', guids)
    .execute();
  return new Set(rows.map((row) => row.guid ?? ''));
}

/** The earliest instant an enabled feed is due: `interval` after its last run, or its creation. */
export async function earliestFeedDue(db: Executor, intervalMs: number): Promise<number | null> {
  const feeds = await db.selectFrom('newsFeeds').select(['lastRunAt', 'createdAt']).where('enabled', '=', 1).execute();
  if (feeds.length === 0) return null;
  return Math.min(...feeds.map((f) => (f.lastRunAt === null ? Number(f.createdAt) : Number(f.lastRunAt) + intervalMs)));
}
