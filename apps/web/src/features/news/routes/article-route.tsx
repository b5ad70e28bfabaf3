import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { RequestError } from '../../../lib/request-error';
import { displayLongDate } from '../../../ui/format-date';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { useLanguage } from '../../../ui/use-language';
import { useArticle } from '../api/get-article';
import { ArticleBody } from '../components/article-body';
import { LinkedInstrument } from '../components/linked-instrument';
import '../news.css';

/** /news/:id: one article — title, date, source and original, the body, and the securities it names. */
export function ArticleRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const id = Number(useParams().id);
  const article = useArticle(id);
  const data = article.data;
  const missing =
    !Number.isSafeInteger(id) ||
    id <= 0 ||
    (article.error instanceof RequestError && article.error.errorCode === 'NEWS_NOT_FOUND');

  return (
    <Page title={t('news.title')}>
      {missing ? (
        <p className="news-empty">{t('news.notFound')}</p>
      ) : !data ? (
        article.isError ? (
          <QueryError onRetry={() => void article.refetch()} />
        ) : (
          <PageLoading inline />
        )
      ) : (
        <article className="news-article" lang={data.lang}>
          <h2 className="news-article-title">{data.title}</h2>
          <div className="news-item-meta">
            <span>{t(`news.categories.${data.category}`)}</span>
            <time dateTime={data.publishedAt}>{displayLongDate(data.publishedAt, lang)}</time>
            {data.source && <span>{t('news.source', { source: data.source })}</span>}
          </div>
          {data.summary && <p className="news-article-summary">{data.summary}</p>}
          <ArticleBody html={data.bodyHtml} lang={data.lang} />
          {data.link && (
            <a className="news-original" href={data.link} target="_blank" rel="noopener noreferrer nofollow">
              {t('news.original')}
            </a>
          )}
          {data.instruments.length > 0 && (
            <section className="news-instruments" aria-labelledby="news-instruments-title">
              <h3 id="news-instruments-title">{t('news.instruments')}</h3>
              <ul>
                {data.instruments.map((instrument) => (
                  <LinkedInstrument key={instrument.code} code={instrument.code} name={instrument.name} />
                ))}
              </ul>
            </section>
          )}
        </article>
      )}
    </Page>
  );
}
