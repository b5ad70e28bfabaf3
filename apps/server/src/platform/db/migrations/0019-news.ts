import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * News (issue 15):
 *
 * - `news_feeds`: the RSS/Atom feeds operators configure (http(s) URL, category, language, enabled),
 *   with the last import's time, count and error.
 * - `news_articles`: one row per article (category, draft or published, fallback language, the
 *   source: the editor, or a feed item with its GUID and link). A feed item is imported once per
 *   feed: `(feed_id, guid)` is unique (editor articles have no feed and no GUID).
 * - `news_translations`: one per (article, language): title, summary, the body as written
 *   (Markdown or HTML) and the sanitized HTML that is served.
 * - `news_article_instruments`: the instruments an article links.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (name: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const category = sql`category in ('company', 'domestic', 'foreign', 'important')`;

  await id('news_feeds')
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('category', 'varchar(20)', (c) => c.notNull().check(category))
    .addColumn('lang', 'varchar(10)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().check(sql`enabled in (0, 1)`))
    .addColumn('last_run_at', 'bigint')
    .addColumn('last_imported', 'integer')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id('news_articles')
    .addColumn('category', 'varchar(20)', (c) => c.notNull().check(category))
    .addColumn('status', 'varchar(12)', (c) => c.notNull().check(sql`status in ('draft', 'published')`))
    .addColumn('fallback_lang', 'varchar(10)', (c) => c.notNull())
    .addColumn('feed_id', 'bigint', (c) => c.references('news_feeds.id').onDelete('set null'))
    .addColumn('guid', 'varchar(1000)')
    .addColumn('link', 'varchar(2000)')
    .addColumn('published_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.references('operators.id'))
    .addUniqueConstraint('news_articles_feed_guid', ['feed_id', 'guid'])
    .execute();
  await db.schema
    .createIndex('news_articles_published_idx')
    .on('news_articles')
    .columns(['status', 'published_at', 'id'])
    .execute();

  await db.schema
    .createTable('news_translations')
    .addColumn('article_id', 'bigint', (c) => c.notNull().references('news_articles.id').onDelete('cascade'))
    .addColumn('lang', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('summary', 'varchar(1000)', (c) => c.notNull())
    .addColumn('body_format', 'varchar(10)', (c) => c.notNull().check(sql`body_format in ('markdown', 'html')`))
    .addColumn('body_source', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_translations_pk', ['article_id', 'lang'])
    .execute();

  await db.schema
    .createTable('news_article_instruments')
    .addColumn('article_id', 'bigint', (c) => c.notNull().references('news_articles.id').onDelete('cascade'))
    .addColumn('instrument_id', 'bigint', (c) => c.notNull().references('instruments.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_article_instruments_pk', ['article_id', 'instrument_id'])
    .execute();
}
